#pragma once
// The AMD target, for AMD GPUs (ROCm's "Advanced Micro Devices, Inc.", Mesa's "AMD"): the generic
// target's plain loads, with the work-groups' tiles of C taken in a staggered (diagonal) order.
// Written for wavefronts of 64 work-items (tables/amd.hpp); nothing in its text is AMD-only, so it
// compiles everywhere, but it runs only where matches() says (an AMD GPU). Not yet measured on one.

#include <string>
#include <string_view>

#include "generic.hpp"
#include "target.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl {
namespace vendor {

struct Amd {
  using policy_kind = kind::vendor;
};

}  // namespace vendor

namespace target {

template <>
struct Target<vendor::Amd> {
  static constexpr std::string_view name = "amd (staggered work-group order)";
  // A GPU whose vendor is AMD. CPUs are left out: PoCL on an AMD processor reports the vendor
  // "AuthenticAMD" (a CPU), and Intel's CPU runtime on one reports "Intel(R) Corporation" with "AMD" only
  // in the device name, which is not looked at.
  static bool matches(const core::DeviceInfo& d) {
    const bool amd = d.vendor.find("Advanced Micro Devices") != std::string::npos ||
                     (d.vendor.find("AMD") != std::string::npos &&
                      d.vendor.find("AuthenticAMD") == std::string::npos);
    return amd && d.is_gpu();
  }
  static std::string missing(const core::DeviceInfo& d) {
    if (matches(d)) return {};
    const std::string by = d.vendor.empty() ? std::string("an unnamed vendor") : d.vendor;
    return d.is_gpu() ? "an AMD GPU (the device is by " + by + ")"
                      : "an AMD GPU (the device is not a GPU; its vendor is " + by + ")";
  }
  static void build_options(std::string&, const core::DeviceInfo&) {}
  static constexpr bool device_fence = false;  // mem_fence, as the generic target
  static constexpr bool kernel_limit_binds = true;

  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config& c) {
    Target<vendor::Generic>::helpers(t, c);
    t.line("// Tile order (AMD): row g1 of work-groups starts g1 tiles further along M, wrapping round, so");
    t.line("// the work-groups in flight together read A and C at different offsets and spread over the");
    t.line("// memory channels instead of queueing on one (the size-dependent dips of power-of-two leading");
    t.line("// dimensions). A bijection of (group 0, group 1): each row is a rotation of itself.");
    t.line("#define GROUP_M() ((int)((get_group_id(0) + get_group_id(1)) % get_num_groups(0)))");
    t.line("#define GROUP_N() ((int)get_group_id(1))");
  }
};

}  // namespace target
}  // namespace gemmcl

GEMMCL_COLD_END
