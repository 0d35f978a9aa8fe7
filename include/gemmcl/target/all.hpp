#pragma once
// The targets gemmcl ships, in the one list that registers them. Order matters: a device's native
// target is the first one in the list that matches it (the generic one, last, matches every device).
// The native target answers questions about the device itself that no kernel's target decides, such
// as whether a compiled kernel's work-group limit binds (see kernel_limit_binds).

#include "amd.hpp"
#include "generic.hpp"
#include "intel.hpp"
#include "khronos.hpp"
#include "nvidia.hpp"
#include "target.hpp"

namespace gemmcl::target {

using registered =
    util::type_list<vendor::Nvidia<>, vendor::IntelSubgroups<16>, vendor::KhronosSubgroups, vendor::Amd,
                    vendor::Generic>;

// Whether CL_KERNEL_WORK_GROUP_SIZE bounds the work-groups a compiled kernel runs in on this device.
inline bool kernel_limit_binds(const core::DeviceInfo& d) {
  bool binds = true;
  util::any_of(registered{}, [&](auto tag) {
    using T = Target<decltype(tag)>;
    if (!T::matches(d)) return false;
    binds = T::kernel_limit_binds;
    return true;
  });
  return binds;
}

}  // namespace gemmcl::target
