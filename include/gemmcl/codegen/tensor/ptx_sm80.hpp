#pragma once
// The PTX instructions of the tensor-core main loop (compute capability 8.0 and up), as OpenCL C
// wrappers named by exact shape and types: asynchronous 16-byte copies into local memory, ldmatrix
// (8x8 matrices of 16-bit elements, plain or transposed), mma.sync m16n8k16 (f16, bf16) and m16n8k8
// (tf32) with float accumulators, and TF32's rounding. The kernel calls them through neutral names
// (CP_ASYNC_16, LDMATRIX_X4, MMA, TF32_ROUND).
//
// With GEMMCL_TC_EMULATE=1 every instruction is replaced by portable OpenCL C that does the same for
// a warp of 32 work-items through local memory and barriers, so that the kernel's indexing (tiles,
// swizzles, fragments, edges) runs and is tested on any OpenCL device, Oclgrind included. It is slow
// and meant for nothing else.

#include <string_view>

#include "../tf32.hpp"

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view ptx_sm80 = R"CLC(
#ifndef GEMMCL_TC_SM90
#define GEMMCL_TC_SM90 0  // 1: compute capability 9.0 and up (the runtime says so)
#endif
#if !GEMMCL_TC_EMULATE
#define EMU_PARAM
#define EMU_ARG
// A __local pointer converted to an integer is its address in the shared window.
#define SHARED_ADDR(p) ((uint)(ulong)(p))

// 16 bytes global -> local, through L2 only; the first src_bytes (0 to 16) are read, the rest zeros.
inline void cp_async_cg_shared_global_16(const uint dst, const __global ushort* src, const uint src_bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(src_bytes) : "memory");
}
inline void cp_async_commit_group(void) { asm volatile("cp.async.commit_group;" ::: "memory"); }
// Waits until at most STAGES - 2 of this work-item's groups are pending.
inline void cp_async_wait_group(void) {
  asm volatile("cp.async.wait_group " WAIT_PENDING ";" ::: "memory");
}

// Four 8x8 matrices of 16-bit elements: lanes 8j..8j+7 give the row addresses of matrix j, and
// register j of lane l receives row l/4, columns 2(l%4) and 2(l%4)+1 of it (.trans: of its transpose).
inline void ldmatrix_sync_aligned_m8n8_x4_shared_b16(uint r[4], const uint addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
}
inline void ldmatrix_sync_aligned_m8n8_x4_trans_shared_b16(uint r[4], const uint addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
}

// D (16x8 float) += A (16x16, row) * B (16x8, col). Lane 4g+t holds A[g][2t..], A[g+8][2t..],
// A[g][2t+8..], A[g+8][2t+8..] (pairs along K), B[2t..][g], B[2t+8..][g], and D[g][2t..2t+1],
// D[g+8][2t..2t+1].
#define MMA_M16N8K16(TYPE)                                                                          \
  asm("mma.sync.aligned.m16n8k16.row.col.f32." TYPE "." TYPE ".f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "  \
      "{%8,%9}, {%0,%1,%2,%3};"                                                                      \
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])                                               \
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]))
inline void mma_sync_aligned_m16n8k16_row_col_f32_f16_f16_f32(float d[4], const uint a[4], const uint b[2]) {
  MMA_M16N8K16("f16");
}
inline void mma_sync_aligned_m16n8k16_row_col_f32_bf16_bf16_f32(float d[4], const uint a[4], const uint b[2]) {
  MMA_M16N8K16("bf16");
}
// D (16x8 float) += A (16x8, row) * B (8x8, col), TF32 inputs in 32-bit registers. Lane 4g+t holds
// A[g][t], A[g+8][t], A[g][t+4], A[g+8][t+4], B[t][g], B[t+4][g]; D as above.
inline void mma_sync_aligned_m16n8k8_row_col_f32_tf32_tf32_f32(float d[4], const uint a[4], const uint b[2]) {
  asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// A 16-bit C element to float and back (round to nearest even), through the 32-bit pair forms.
inline float cvt_f32_narrow(const ushort h) {
  float f;
#if GEMMCL_TC_BF16
  f = as_float((uint)h << 16);
#else
  asm("{ .reg .b16 lo, hi; mov.b32 {lo, hi}, %1; cvt.f32.f16 %0, lo; }" : "=f"(f) : "r"((uint)h));
#endif
  return f;
}
inline ushort cvt_rn_narrow_f32(const float v) {
  uint pair;
#if GEMMCL_TC_BF16
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(pair) : "f"(0.0f), "f"(v));
#else
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(pair) : "f"(0.0f), "f"(v));
#endif
  return (ushort)pair;  // the second source is the lower half
}
#define LOAD_C(p) cvt_f32_narrow(*(p))
#define STORE_C(v, p) (*(p) = cvt_rn_narrow_f32(v))

#define CP_ASYNC_16(smem, off, src, bytes) cp_async_cg_shared_global_16(SHARED_ADDR(smem) + (off), (src), (bytes))
#define CP_ASYNC_COMMIT() cp_async_commit_group()
#define CP_ASYNC_WAIT() cp_async_wait_group()
#define LDMATRIX_X4(r, smem, off) ldmatrix_sync_aligned_m8n8_x4_shared_b16((r), SHARED_ADDR(smem) + (off))
#define LDMATRIX_X4_TRANS(r, smem, off) ldmatrix_sync_aligned_m8n8_x4_trans_shared_b16((r), SHARED_ADDR(smem) + (off))
// TF32 rounding to nearest: ties to even from compute capability 9.0 on (GEMMCL_TC_SM90, set by the
// runtime), as cuBLAS rounds there (codegen/tf32.hpp); on 8.x with its only nearest cvt, which rounds
// ties away from zero (the same rounding in integer arithmetic cost mma.sync a third of its speed).
#if GEMMCL_TC_SM90
#define CVT_NEAREST_TF32_F32 "cvt.rn.tf32.f32 %0, %1;"
#else
#define CVT_NEAREST_TF32_F32 "cvt.rna.tf32.f32 %0, %1;"
#endif
inline uint cvt_nearest_tf32_f32(const uint x) {
  uint r;
  asm(CVT_NEAREST_TF32_F32 : "=r"(r) : "f"(as_float(x)));
  return r;
}
#define TF32_ROUND(x) cvt_nearest_tf32_f32(x)
#if GEMMCL_TC_TF32
#define MMA(d, a, b) mma_sync_aligned_m16n8k8_row_col_f32_tf32_tf32_f32((d), (a), (b))
#elif GEMMCL_TC_BF16
#define MMA(d, a, b) mma_sync_aligned_m16n8k16_row_col_f32_bf16_bf16_f32((d), (a), (b))
#else
#define MMA(d, a, b) mma_sync_aligned_m16n8k16_row_col_f32_f16_f16_f32((d), (a), (b))
#endif

#else  // GEMMCL_TC_EMULATE: the same operations for a warp of 32 work-items, through local memory
#define EMU_PARAM , __local uint* emu
#define EMU_ARG , emu

inline void emu_cp_async(__local ushort* smem, const uint off, const __global ushort* src, const uint bytes) {
  __local ushort* d = smem + off / 2;
  for (uint i = 0; i < 8; ++i) d[i] = 2 * i < bytes ? src[i] : (ushort)0;
}
inline void emu_ldmatrix(uint r[4], __local ushort* smem, const uint off, const int trans, __local uint* emu) {
  const uint lid = get_local_id(0), lane = lid & 31u;
  __local uint* x = emu + (lid & ~31u) * 6u;
  x[lane] = off;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint j = 0; j < 4; ++j) {
    uint lo, hi;
    if (!trans) {
      const uint p = x[8 * j + lane / 4] / 2 + 2 * (lane % 4);
      lo = smem[p];
      hi = smem[p + 1];
    } else {
      lo = smem[x[8 * j + 2 * (lane % 4)] / 2 + lane / 4];
      hi = smem[x[8 * j + 2 * (lane % 4) + 1] / 2 + lane / 4];
    }
    r[j] = lo | (hi << 16);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
inline float emu_widen(const uint h) {
#if GEMMCL_TC_BF16
  return as_float(h << 16);
#else
  const ushort s = (ushort)h;
  return vload_half(0, (const __private half*)&s);
#endif
}
// K is the outer loop: each work-item finds each element of its rows (g, g + 8) and columns (2t, 2t + 1)
// once, and each of its four sums still adds its products in K's order.
inline void emu_mma(float d[4], const uint a[4], const uint b[2], __local uint* emu) {
  const uint lid = get_local_id(0), lane = lid & 31u;
  __local uint* x = emu + (lid & ~31u) * 6u;
  for (uint i = 0; i < 4; ++i) x[lane * 6 + i] = a[i];
  x[lane * 6 + 4] = b[0];
  x[lane * 6 + 5] = b[1];
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint g = lane >> 2, t = lane & 3u;
  for (uint kq = 0; kq < 16; ++kq) {
    const uint shift = 16 * (kq & 1), high = kq >= 8 ? 1 : 0, q = (kq & 7) >> 1;
    const float a0 = emu_widen((x[(4 * g + q) * 6 + 2 * high] >> shift) & 0xFFFFu);
    const float a1 = emu_widen((x[(4 * g + q) * 6 + 1 + 2 * high] >> shift) & 0xFFFFu);
    const float b0 = emu_widen((x[(8 * t + q) * 6 + 4 + high] >> shift) & 0xFFFFu);
    const float b1 = emu_widen((x[(8 * t + 4 + q) * 6 + 4 + high] >> shift) & 0xFFFFu);
    d[0] += a0 * b0;
    d[1] += a0 * b1;
    d[2] += a1 * b0;
    d[3] += a1 * b1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
// m16n8k8 TF32: the same exchange, one 32-bit element per register.
inline void emu_mma_k8(float d[4], const uint a[4], const uint b[2], __local uint* emu) {
  const uint lid = get_local_id(0), lane = lid & 31u;
  __local uint* x = emu + (lid & ~31u) * 6u;
  for (uint i = 0; i < 4; ++i) x[lane * 6 + i] = a[i];
  x[lane * 6 + 4] = b[0];
  x[lane * 6 + 5] = b[1];
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint g = lane >> 2, t = lane & 3u;
  for (uint kq = 0; kq < 8; ++kq) {
    const uint high = kq >= 4 ? 1 : 0, q = kq & 3;
    const float a0 = as_float(x[(4 * g + q) * 6 + 2 * high]), a1 = as_float(x[(4 * g + q) * 6 + 1 + 2 * high]);
    const float b0 = as_float(x[(8 * t + q) * 6 + 4 + high]), b1 = as_float(x[(8 * t + 4 + q) * 6 + 4 + high]);
    d[0] += a0 * b0;
    d[1] += a0 * b1;
    d[2] += a1 * b0;
    d[3] += a1 * b1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#define TF32_ROUND(x) tf32_round_nearest_even(x)
#define LOAD_C(p) LOAD_NARROW(p)
#define STORE_C(v, p) STORE_NARROW((v), (p))
#define CP_ASYNC_16(smem, off, src, bytes) emu_cp_async((smem), (off), (src), (bytes))
#define CP_ASYNC_COMMIT()
#define CP_ASYNC_WAIT()
#define LDMATRIX_X4(r, smem, off) emu_ldmatrix((r), (smem), (off), 0, emu)
#define LDMATRIX_X4_TRANS(r, smem, off) emu_ldmatrix((r), (smem), (off), 1, emu)
#if GEMMCL_TC_TF32
#define MMA(d, a, b) emu_mma_k8((d), (a), (b), emu)
#else
#define MMA(d, a, b) emu_mma((d), (a), (b), emu)
#endif
#endif

// C := act(alpha * acc + beta * C + bias) for one element of C (ctype: float, or the 16-bit type rounded
// once; the bias and activation only in programs built with an epilogue, codegen/activation.hpp); C is
// not read when beta == 0, so NaN there cannot leak into the result.
inline void store_c(__global ctype* p, const float acc, const float alpha, const float beta, const float bias,
                    const float act_lo, const float act_hi) {
  float v = alpha * acc;
#if GEMMCL_TC_C_NARROW
  if (beta != 0.0f) v += beta * LOAD_C(p);
#else
  if (beta != 0.0f) v += beta * *p;
#endif
#if GEMMCL_EPILOGUE
  v += bias;
  v = ACTIVATE(v, float);
#endif
#if GEMMCL_TC_C_NARROW
  STORE_C(v, p);
#else
  *p = v;
#endif
}
)CLC";

}  // namespace gemmcl::codegen::tensor
