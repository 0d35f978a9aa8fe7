#pragma once
// The PTX instructions of the FP64 tensor-core main loop (codegen/tensor/dmma.hpp), as OpenCL C
// wrappers: 16-byte asynchronous copies into local memory (with a zero fill, or whole), their commit and
// wait, and DMMA, mma.sync m16n8k8 or m16n8k16 with f64 operands and accumulators (the kernel's MMA_K
// picks one; m16n8k16 needs compute capability 9.0); lane_xor16, a warp shuffle; OPAQUE, an empty asm
// that hides a value from the compiler (GEMMCL_DMMA_LEAN); and TC_GLOBAL_FENCE, a fence for the whole
// device (membar.gl).
//
// With GEMMCL_TC_EMULATE=1 each is replaced by portable OpenCL C doing the same for a warp through local
// memory, so that the kernel's indexing is tested on any OpenCL device (as ptx_sm80.hpp does).

#include <string_view>

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view ptx_dmma = R"CLC(// Helpers: static (a local definition, no external symbol) and always inlined.
#define FN static inline __attribute__((always_inline))

#define STR2(x) #x
#define STR(x) STR2(x)
#define WAIT_PENDING STR(STAGES - 2)

// ---- PTX primitives (or their emulation) ----
#if GEMMCL_TC_EMULATE
#define EMU_PARAM , __local double *emu
#define EMU_ARG , emu
#define TC_GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
// cp.async emulated by a synchronous copy of nv valid doubles, zero fill after them.
FN void cp_async16(__local double* smem, uint chunk, const __global double* src, uint nv EMU_PARAM) {
  __local double* d = smem + 2 * chunk;
  d[0] = nv > 0 ? src[0] : 0.0;
  d[1] = nv > 1 ? src[1] : 0.0;
}
FN void cp_async16_full(__local double* d, const __global double* src EMU_PARAM) {
  d[0] = src[0];
  d[1] = src[1];
}
FN void cp_commit(void) {}
FN void cp_wait(void) {}
#define OPAQUE(x, c) (void)0
// mma.sync m16n8kK f64: exchange the fragments of the warp through local memory.
FN void dmma(double* d, const double* a, const double* b EMU_PARAM) {
  const uint lid = get_local_id(0), lane = lid & 31u;
  __local double* x = emu + (lid & ~31u) * (NA + NB);
  for (uint i = 0; i < NA; ++i) x[lane * (NA + NB) + i] = a[i];
  for (uint j = 0; j < NB; ++j) x[lane * (NA + NB) + NA + j] = b[j];
  barrier(CLK_LOCAL_MEM_FENCE);
  // K outermost: each element of the lane's rows (g, g + 8) and columns (2t, 2t + 1) found once; each
  // sum still takes its products in K's order.
  const uint g = lane >> 2, t = lane & 3u, w = NA + NB;
  for (uint kq = 0; kq < MMA_K; ++kq) {
    const uint q = kq & 3u, h = kq >> 2;
    const double a0 = x[(4 * g + q) * w + 2 * h], a1 = x[(4 * g + q) * w + 1 + 2 * h];
    const double b0 = x[(8 * t + q) * w + NA + h], b1 = x[(8 * t + 4 + q) * w + NA + h];
    d[0] = fma(a0, b0, d[0]);
    d[1] = fma(a0, b1, d[1]);
    d[2] = fma(a1, b0, d[2]);
    d[3] = fma(a1, b1, d[3]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
// v of the lane 16 apart in the warp (lane ^ 16), through local memory.
FN double lane_xor16(double v EMU_PARAM) {
  const uint lid = get_local_id(0);
  emu[lid] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  const double r = emu[lid ^ 16u];
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}
#else
#define EMU_PARAM
#define EMU_ARG
// Orders this work-item's global stores for the whole device (split K summed in the kernel).
#define TC_GLOBAL_FENCE() asm volatile("membar.gl;\n" ::: "memory")
// The address of a __local object in the shared window is its pointer value as an integer.
#define SHARED_ADDR(p) ((uint)(ulong)(p))
// 16-byte global -> local copy (bypasses L1 and registers); nv (0..2) doubles are read, the rest of
// the 16 bytes is zero-filled.
FN void cp_async16(__local double* smem, uint chunk, const __global double* src, uint nv) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(SHARED_ADDR(smem) + 16u * chunk),
               "l"(src), "r"(8u * nv)
               : "memory");
}
// The same, all 16 bytes read.
FN void cp_async16_full(__local double* d, const __global double* src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(SHARED_ADDR(d)), "l"(src) : "memory");
}
FN void cp_commit(void) { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
// Hides x's value from the compiler where it is used (c: "l" 64-bit, "r" 32-bit), so that values
// derived from it are computed there, not kept in registers across the main loop.
#if GEMMCL_DMMA_LEAN
#define OPAQUE(x, c) asm volatile("" : "+" c(x))
#else
#define OPAQUE(x, c) (void)0
#endif
FN void cp_wait(void) { asm volatile("cp.async.wait_group " WAIT_PENDING ";\n" ::: "memory"); }

FN void dmma(double* d, const double* a, const double* b) {
  double d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3];
#if MMA_K == 8
  asm("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#elif MMA_K == 16
  asm("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, "
      "{%12,%13,%14,%15}, {%0,%1,%2,%3};\n"
      : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]),
        "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
#endif
  d[0] = d0;
  d[1] = d1;
  d[2] = d2;
  d[3] = d3;
}

// v of the lane 16 apart in the warp (lane ^ 16): shfl.sync.bfly on each half, the whole warp taking part.
FN double lane_xor16(double v) {
  uint2 u = as_uint2(v);
  asm volatile("shfl.sync.bfly.b32 %0, %0, 16, 0x1f, 0xffffffff;\n" : "+r"(u.x));
  asm volatile("shfl.sync.bfly.b32 %0, %0, 16, 0x1f, 0xffffffff;\n" : "+r"(u.y));
  return as_double(u);
}
#endif

)CLC";

}  // namespace gemmcl::codegen::tensor
