#pragma once
// The NVIDIA vendor path, for NVIDIA's OpenCL driver (OpenCL C 1.2, inline PTX accepted):
//  - A and B are read with ld.global.nc, through the read-only data cache (the tutorial's kernel 8 "LDG"),
//    written as inline PTX so the choice does not depend on the compiler proving the data read-only;
//  - cl_nv_compiler_options: MaxRegisters > 0 caps registers per work-item (-cl-nv-maxrregcount), which
//    decides how many work-groups share a multiprocessor.

#include <string_view>

#include "../policy/config.hpp"
#include "../policy/tags.hpp"
#include "../util/fixed_string.hpp"
#include "../util/text.hpp"
#include "vendor.hpp"

namespace gemmcl {
namespace vendor {

template <int MaxRegisters = 0>
struct Nvidia {
  static_assert(MaxRegisters == 0 || (MaxRegisters >= 16 && MaxRegisters <= 255),
                "gemmcl::vendor::Nvidia<R>: R is a register cap per work-item, 16 to 255 (0: none)");
  using policy_kind = kind::vendor;
  static constexpr int max_registers = MaxRegisters;
};

namespace detail {
template <int R>
struct nvidia_options {
  template <class Sink>
  static constexpr void write(Sink& s) {
    if constexpr (R > 0) {
      util::put(s, "-cl-nv-maxrregcount=");
      util::put(s, R);
    }
  }
};
template <int R>
inline constexpr auto nvidia_options_v = util::build_fixed_string<nvidia_options<R>>();
}  // namespace detail

template <int R>
struct VendorPath<Nvidia<R>> {
  static constexpr std::string_view name = "nvidia (ld.global.nc via inline PTX)";
  static constexpr std::string_view device_vendor = "NVIDIA";
  static constexpr std::string_view build_options = detail::nvidia_options_v<R>.view();

  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config& c) {
    const bool dbl = c.element == policy::ElementType::Double;
    const std::string_view e = dbl ? "double" : "float";
    const std::string_view ptx = dbl ? "f64" : "f32";
    const std::string_view reg = dbl ? "d" : "f";
    t.line("// Reads of A and B (NVIDIA): ld.global.nc goes through the read-only data cache.");
    t.open("inline real ldg(const __global real* p)");
    t.line("real v;");
    t.line("asm(\"ld.global.nc.", ptx, " %0, [%1];\" : \"=", reg, "\"(v) : \"l\"(p));");
    t.line("return v;");
    t.close();
    t.line("#define LOAD_GLOBAL(p) ldg(p)");
    // Whole vectors only where the hardware has them: 2 or 4 floats, 2 doubles. Wider ones are split.
    const int hw = dbl ? 2 : 4;
    t.line("#if GEMMCL_ALIGNED");
    if (c.vec == 1) {
      t.line("#define VLOAD_GLOBAL(p) ldg(p)");
    } else {
      const int parts = c.vec > hw ? c.vec / hw : 1;
      const int width = c.vec > hw ? hw : c.vec;
      t.open("inline realv ldgv(const __global real* p)");
      t.line("realv v;");
      t.line(e, width, "* q = (", e, width, "*)&v;");
      for (int i = 0; i < parts; ++i) {
        if (width == 2) {
          t.line("asm(\"ld.global.nc.v2.", ptx, " {%0, %1}, [%2];\" : \"=", reg, "\"(q[", i, "].x), \"=",
                 reg, "\"(q[", i, "].y) : \"l\"(p + ", i * width, "));");
        } else {
          t.line("asm(\"ld.global.nc.v4.", ptx, " {%0, %1, %2, %3}, [%4];\" : \"=", reg, "\"(q[", i,
                 "].x), \"=", reg, "\"(q[", i, "].y), \"=", reg, "\"(q[", i, "].z), \"=", reg, "\"(q[",
                 i, "].w) : \"l\"(p + ", i * width, "));");
        }
      }
      t.line("return v;");
      t.close();
      t.line("#define VLOAD_GLOBAL(p) ldgv(p)");
    }
    t.line("#else");
    t.line("#define VLOAD_GLOBAL(p) VLOAD(p)");
    t.line("#endif");
  }
};

}  // namespace vendor
}  // namespace gemmcl
