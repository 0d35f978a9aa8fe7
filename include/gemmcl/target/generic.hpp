#pragma once
// The generic target: plain OpenCL C loads, valid on every device (and, having no copies of its own,
// Pipeline<S>'s synchronous ones from target.hpp).

#include <string>
#include <string_view>

#include "target.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::target {

template <>
struct Target<vendor::Generic> {
  static constexpr std::string_view name = "generic";
  static bool matches(const core::DeviceInfo&) { return true; }
  static void build_options(std::string&, const core::DeviceInfo&) {}
  static constexpr bool device_fence = false;  // mem_fence: OpenCL 1.2 orders nothing across work-groups
  static constexpr bool kernel_limit_binds = true;

  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config&) {
    t.line("// Reads of A and B (generic: plain loads).");
    t.line("#define LOAD_GLOBAL(p) (*(p))");
    t.line("#if GEMMCL_ALIGNED");
    t.line("#define VLOAD_GLOBAL(p) (*(const __global realv*)(p))");
    t.line("#else");
    t.line("#define VLOAD_GLOBAL(p) VLOAD(p)");
    t.line("#endif");
  }
};

}  // namespace gemmcl::target

GEMMCL_COLD_END
