#pragma once
// The generic vendor path: plain OpenCL C loads, valid on every device (and, having no copies of its
// own, Pipeline<S>'s synchronous ones from vendor.hpp).

#include <string_view>

#include "../policy/config.hpp"
#include "../policy/tags.hpp"
#include "../util/text.hpp"
#include "vendor.hpp"

namespace gemmcl::vendor {

template <>
struct VendorPath<Generic> {
  static constexpr std::string_view name = "generic";
  static constexpr std::string_view device_vendor = "";
  static constexpr std::string_view build_options = "";
  static constexpr bool device_fence = false;  // mem_fence: OpenCL 1.2 orders nothing across work-groups

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

}  // namespace gemmcl::vendor
