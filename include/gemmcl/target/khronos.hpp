#pragma once
// The Khronos sub-groups target (cl_khr_subgroups or OpenCL C 3.0's sub-groups, with
// cl_khr_subgroup_shuffle), for devices that have sub-groups but not Intel's extensions. The sub-group
// size is the compiler's choice: the kernel reads it, and shares B through sub_group_shuffle where the
// sub-groups fit the work-group (whole runs of THREADS_M work-items, dividing the K step); otherwise
// every lane reads B itself, which is still correct. The kernel's loop is codegen/mainloop/subgroup.hpp.

#include <string>
#include <string_view>

#include "generic.hpp"
#include "subgroups.hpp"
#include "target.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl {
namespace vendor {

struct KhronosSubgroups {
  using policy_kind = kind::vendor;
  static constexpr void configure(policy::Config& c, const policy::Given& g) {
    target::subgroups::configure(c, g, 0, false);
  }
  template <class Resolved>
  struct rules : target::subgroups::rules<Resolved, 0> {};
};

}  // namespace vendor

namespace target {
namespace khronos {

inline bool opencl3(const core::DeviceInfo& d) { return d.version.rfind("OpenCL 3", 0) == 0; }

// Sub-groups as an OpenCL 3.0 feature: a 3.0 device with sub-groups reports how many a work-group
// may hold (CL_DEVICE_MAX_NUM_SUB_GROUPS), 0 without them.
inline bool has_sub_groups(const core::DeviceInfo& d) {
  if (d.has_extension("cl_khr_subgroups")) return true;
  return opencl3(d) && d.max_sub_groups > 0;
}

}  // namespace khronos

template <>
struct Target<vendor::KhronosSubgroups> {
  static constexpr std::string_view name = "khronos sub-groups (sub_group_shuffle)";
  static std::string missing(const core::DeviceInfo& d) {
    if (!khronos::has_sub_groups(d)) return "sub-groups (cl_khr_subgroups, or OpenCL 3.0 with sub-groups)";
    if (!d.has_extension("cl_khr_subgroup_shuffle")) return "the extension cl_khr_subgroup_shuffle";
    return {};
  }
  // The same two questions, without the message: asked on every call.
  static bool matches(const core::DeviceInfo& d) {
    return khronos::has_sub_groups(d) && d.has_extension("cl_khr_subgroup_shuffle");
  }
  // Sub-group built-ins are OpenCL C 2.0 (with cl_khr_subgroups) or 3.0 (as a feature).
  static void build_options(std::string& options, const core::DeviceInfo& d) {
    options += khronos::opencl3(d) ? " -cl-std=CL3.0" : " -cl-std=CL2.0";
  }
  static constexpr bool device_fence = false;
  static constexpr bool kernel_limit_binds = true;

  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config& c) {
    Target<vendor::Generic>::helpers(t, c);
    t.raw("#ifdef cl_khr_subgroups\n");
    t.line("#pragma OPENCL EXTENSION cl_khr_subgroups : enable");
    t.raw("#endif\n");
    t.line("// Sub-groups (Khronos): the main loop sets sg and sg_shared from the compiled size.");
    t.line("#define SG sg");
    t.line("#define SG_LANE() (sg_shared ? (int)get_sub_group_local_id() : 0)");
    t.line("#define SG_SHUFFLE(x, i) (sg_shared ? sub_group_shuffle((x), (uint)(i)) : (x))");
    if (c.image_a || c.image_b) subgroups::write_image_reads(t, c);
  }
};

}  // namespace target
}  // namespace gemmcl

GEMMCL_COLD_END
