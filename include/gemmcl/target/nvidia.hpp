#pragma once
// The NVIDIA target, for NVIDIA's OpenCL driver (OpenCL C 1.2, inline PTX accepted):
//  - A and B are read with ld.global.nc, through the read-only data cache (the tutorial's kernel 8 "LDG"),
//    written as inline PTX so the choice does not depend on the compiler proving the data read-only;
//  - Pipeline<S>'s copies with cp.async (compute capability 8.0 and up);
//  - cl_nv_compiler_options: MaxRegisters > 0 caps registers per work-item (-cl-nv-maxrregcount), which
//    decides how many work-groups share a multiprocessor.

#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "generic.hpp"
#include "target.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl {
namespace vendor {

template <int MaxRegisters = 0>
struct Nvidia {
  static_assert(MaxRegisters == 0 || (MaxRegisters >= 16 && MaxRegisters <= 255),
                "gemmcl::vendor::Nvidia<R>: R is a register cap per work-item, 16 to 255 (0: none)");
  using policy_kind = kind::vendor;
  static constexpr int max_registers = MaxRegisters;
};

}  // namespace vendor

namespace target {
namespace nvidia {

// The compute capability (major * 10 + minor) through cl_nv_device_attribute_query; 0 without it.
// Queried once per device: build options are assembled on every call.
inline int compute_capability(const core::DeviceInfo& d) {
  static std::mutex mutex;
  static std::map<cl_device_id, int> known;
  std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = known.find(d.id); it != known.end()) return it->second;
  int cc = 0;
  if (d.has_extension("cl_nv_device_attribute_query")) {
    constexpr cl_device_info major = 0x4000, minor = 0x4001;  // CL_DEVICE_COMPUTE_CAPABILITY_*_NV
    cl_uint hi = 0, lo = 0;
    if (clGetDeviceInfo(d.id, major, sizeof hi, &hi, nullptr) == CL_SUCCESS &&
        clGetDeviceInfo(d.id, minor, sizeof lo, &lo, nullptr) == CL_SUCCESS)
      cc = static_cast<int>(hi * 10 + lo);
  }
  return known.emplace(d.id, cc).first->second;
}

// PTX names of the element types whose loads go through ld.global.nc; others take plain loads.
struct Ptx {
  std::string_view type, constraint;  // "f32", "f"
  int vector;                         // widest vector load: 16 bytes
};
constexpr Ptx ptx_of(const element::Info& e) {
  if (e.name == "float") return {"f32", "f", 4};
  if (e.name == "double") return {"f64", "d", 2};
  return {"", "", 0};
}

}  // namespace nvidia

template <int R>
struct Target<vendor::Nvidia<R>> {
  static constexpr std::string_view name = "nvidia (ld.global.nc via inline PTX)";
  static bool matches(const core::DeviceInfo& d) { return d.vendor.find("NVIDIA") != std::string::npos; }
  static void build_options(std::string& options, const core::DeviceInfo& d) {
    if constexpr (R > 0) options += " -cl-nv-maxrregcount=" + std::to_string(R);
    // The copies choose instructions by it (cp.async needs 8.0).
    if (const int cc = nvidia::compute_capability(d); cc > 0) options += " -DGEMMCL_NV_SM=" + std::to_string(cc);
  }
  static constexpr bool device_fence = true;  // GLOBAL_FENCE is membar.gl
  // NVIDIA's driver reports 256 work-items for every kernel, yet runs one declared
  // reqd_work_group_size(32, 32, 1) in groups of 1024 (and refuses other shapes): its compiler sizes
  // registers for the declared group (PTX .reqntid), which every gemmcl kernel declares, so there the
  // build itself guarantees the launch.
  static constexpr bool kernel_limit_binds = false;

  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config& c) {
    const nvidia::Ptx x = nvidia::ptx_of(c.element);
    if (x.vector == 0) {
      // An element type without ld.global.nc here: the generic target's plain loads.
      Target<vendor::Generic>::helpers(t, c);
      t.line("#define GLOBAL_FENCE() asm volatile(\"membar.gl;\" ::: \"memory\")");
      return;
    }
    const std::string_view e = c.element.name;
    const std::string_view ptx = x.type;
    const std::string_view reg = x.constraint;
    t.line("// Reads of A and B (NVIDIA): ld.global.nc goes through the read-only data cache.");
    t.open("inline real ldg(const __global real* p)");
    t.line("real v;");
    t.line({"asm(\"ld.global.nc.", ptx, " %0, [%1];\" : \"=", reg, "\"(v) : \"l\"(p));"});
    t.line("return v;");
    t.close();
    t.line("#define LOAD_GLOBAL(p) ldg(p)");
    t.line("// Split K in one kernel: each part is made visible to the whole device before its ticket.");
    t.line("#define GLOBAL_FENCE() asm volatile(\"membar.gl;\" ::: \"memory\")");
    // Whole vectors only where the hardware has them: 2 or 4 floats, 2 doubles. Wider ones are split.
    const int hw = x.vector;
    t.line("#if GEMMCL_ALIGNED");
    if (c.vec == 1) {
      t.line("#define VLOAD_GLOBAL(p) ldg(p)");
    } else {
      const int parts = c.vec > hw ? c.vec / hw : 1;
      const int width = c.vec > hw ? hw : c.vec;
      t.open("inline realv ldgv(const __global real* p)");
      t.line("realv v;");
      t.line({e, width, "* q = (", e, width, "*)&v;"});
      for (int i = 0; i < parts; ++i) {
        if (width == 2) {
          t.line({"asm(\"ld.global.nc.v2.", ptx, " {%0, %1}, [%2];\" : \"=", reg, "\"(q[", i, "].x), \"=",
                 reg, "\"(q[", i, "].y) : \"l\"(p + ", i * width, "));"});
        } else {
          t.line({"asm(\"ld.global.nc.v4.", ptx, " {%0, %1, %2, %3}, [%4];\" : \"=", reg, "\"(q[", i,
                 "].x), \"=", reg, "\"(q[", i, "].y), \"=", reg, "\"(q[", i, "].z), \"=", reg, "\"(q[",
                 i, "].w) : \"l\"(p + ", i * width, "));"});
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

  // Pipeline<S>: cp.async (compute capability 8.0 and up; build_options defines GEMMCL_NV_SM from the
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
    t.line({"asm volatile(\"cp.async.ca.shared.global [%0], [%1], ", bytes,
           ";\" :: \"r\"(LOCAL_ADDRESS(dst)), \"l\"(src) : \"memory\");"});
    t.close();
    t.open("inline void copy_zfill(__local real* dst, const __global real* src, bool ok, const __global real* safe)");
    t.line("// src-size 0 reads nothing and fills the element with zeros.");
    t.line({"asm volatile(\"cp.async.ca.shared.global [%0], [%1], ", bytes,
           ", %2;\" :: \"r\"(LOCAL_ADDRESS(dst)), \"l\"(ok ? src : safe), \"r\"(ok ? ", bytes,
           " : 0) : \"memory\");"});
    t.close();
    t.open("inline void copy_vec(__local real* dst, const __global real* src)");
    for (int off = 0; off < vec_bytes; off += chunk) {
      t.line({"asm volatile(\"cp.async.", chunk == 16 ? "cg" : "ca", ".shared.global [%0], [%1], ", chunk,
             ";\" :: \"r\"(LOCAL_ADDRESS(dst) + ", off, "), \"l\"((const __global char*)src + ", off,
             ") : \"memory\");"});
    }
    t.close();
    t.open({"inline void copy_vec_zfill(__local real* dst, const __global real* src, int n,",
           " const __global real* safe)"});
    t.line("// The first n elements of a vector, zeros after them: src-size below cp-size zero-fills the rest.");
    for (int off = 0; off < vec_bytes; off += chunk) {
      if (off == 0)
        t.line({"{ const int bytes = min(n * ", bytes, ", ", chunk, ");"});
      else
        t.line({"{ const int bytes = clamp(n * ", bytes, " - ", off, ", 0, ", chunk, ");"});
      t.line({"  asm volatile(\"cp.async.", chunk == 16 ? "cg" : "ca", ".shared.global [%0], [%1], ", chunk,
             ", %2;\" :: \"r\"(LOCAL_ADDRESS(dst) + ", off, "),"});
      t.line({"               \"l\"(bytes > 0 ? (const __global char*)src + ", off,
             " : (const __global char*)safe), \"r\"(bytes) : \"memory\"); }"});
    }
    t.close();
    t.line("#define COPY_ONE(dst, src) copy_one((dst), (src))");
    t.line("#define COPY_ZFILL(dst, src, ok, safe) copy_zfill((dst), (src), (ok), (safe))");
    t.line("#define COPY_VEC(dst, src) copy_vec((dst), (src))");
    t.line("#define COPY_VEC_ZFILL(dst, src, n, safe) copy_vec_zfill((dst), (src), (n), (safe))");
    t.line("#define COPY_COMMIT() asm volatile(\"cp.async.commit_group;\" ::: \"memory\")");
    t.line({"#define COPY_WAIT() asm volatile(\"cp.async.wait_group ", c.stages - 2,
           ";\" ::: \"memory\")"});
    t.line("#else");
    write_synchronous_copies(t);
    t.line("#endif");
  }
};

}  // namespace target
}  // namespace gemmcl

GEMMCL_COLD_END
