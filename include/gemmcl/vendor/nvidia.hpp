#pragma once
// The NVIDIA vendor path, for NVIDIA's OpenCL driver (OpenCL C 1.2, inline PTX accepted):
//  - A and B are read with ld.global.nc, through the read-only data cache (the tutorial's kernel 8 "LDG"),
//    written as inline PTX so the choice does not depend on the compiler proving the data read-only;
//  - Pipeline<S>'s copies with cp.async (compute capability 8.0 and up);
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
  static constexpr bool device_fence = true;  // GLOBAL_FENCE is membar.gl

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
    t.line("// Split K in one kernel: each part is made visible to the whole device before its ticket.");
    t.line("#define GLOBAL_FENCE() asm volatile(\"membar.gl;\" ::: \"memory\")");
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

  // Pipeline<S>: cp.async (compute capability 8.0 and up; the runtime defines GEMMCL_NV_SM from the
  // device) copies into local memory without passing through registers, so the K steps in flight cost
  // no registers and no stores. .cg (L2 only) where a copy is 16 bytes, .ca otherwise. Older devices
  // take the plain copies.
  template <class Sink>
  static constexpr void copies(util::text<Sink>& t, const policy::Config& c) {
    const int bytes = c.element_bytes();
    const int vec_bytes = bytes * c.vec;
    const int chunk = vec_bytes < 16 ? vec_bytes : 16;
    t.line("#if defined(GEMMCL_NV_SM) && GEMMCL_NV_SM >= 80");
    t.line("// Global -> local copies (cp.async). A local pointer converted to an integer is its address in");
    t.line("// the shared window, which cp.async takes.");
    t.line("#define LOCAL_ADDRESS(p) ((uint)(ulong)(p))");
    t.open("inline void copy_one(__local real* dst, const __global real* src)");
    t.line("asm volatile(\"cp.async.ca.shared.global [%0], [%1], ", bytes,
           ";\" :: \"r\"(LOCAL_ADDRESS(dst)), \"l\"(src) : \"memory\");");
    t.close();
    t.open("inline void copy_zfill(__local real* dst, const __global real* src, bool ok, const __global real* safe)");
    t.line("// src-size 0 reads nothing and fills the element with zeros.");
    t.line("asm volatile(\"cp.async.ca.shared.global [%0], [%1], ", bytes,
           ", %2;\" :: \"r\"(LOCAL_ADDRESS(dst)), \"l\"(ok ? src : safe), \"r\"(ok ? ", bytes,
           " : 0) : \"memory\");");
    t.close();
    t.open("inline void copy_vec(__local real* dst, const __global real* src)");
    for (int off = 0; off < vec_bytes; off += chunk) {
      t.line("asm volatile(\"cp.async.", chunk == 16 ? "cg" : "ca", ".shared.global [%0], [%1], ", chunk,
             ";\" :: \"r\"(LOCAL_ADDRESS(dst) + ", off, "), \"l\"((const __global char*)src + ", off,
             ") : \"memory\");");
    }
    t.close();
    t.open("inline void copy_vec_zfill(__local real* dst, const __global real* src, int n,",
           " const __global real* safe)");
    t.line("// The first n elements of a vector, zeros after them: src-size below cp-size zero-fills the rest.");
    for (int off = 0; off < vec_bytes; off += chunk) {
      if (off == 0)
        t.line("{ const int bytes = min(n * ", bytes, ", ", chunk, ");");
      else
        t.line("{ const int bytes = clamp(n * ", bytes, " - ", off, ", 0, ", chunk, ");");
      t.line("  asm volatile(\"cp.async.", chunk == 16 ? "cg" : "ca", ".shared.global [%0], [%1], ", chunk,
             ", %2;\" :: \"r\"(LOCAL_ADDRESS(dst) + ", off, "),");
      t.line("               \"l\"(bytes > 0 ? (const __global char*)src + ", off,
             " : (const __global char*)safe), \"r\"(bytes) : \"memory\"); }");
    }
    t.close();
    t.line("#define COPY_ONE(dst, src) copy_one((dst), (src))");
    t.line("#define COPY_ZFILL(dst, src, ok, safe) copy_zfill((dst), (src), (ok), (safe))");
    t.line("#define COPY_VEC(dst, src) copy_vec((dst), (src))");
    t.line("#define COPY_VEC_ZFILL(dst, src, n, safe) copy_vec_zfill((dst), (src), (n), (safe))");
    t.line("#define COPY_COMMIT() asm volatile(\"cp.async.commit_group;\" ::: \"memory\")");
    t.line("#define COPY_WAIT() asm volatile(\"cp.async.wait_group ", c.stages - 2,
           ";\" ::: \"memory\")");
    t.line("#else");
    write_synchronous_copies(t);
    t.line("#endif");
  }
};

}  // namespace vendor
}  // namespace gemmcl
