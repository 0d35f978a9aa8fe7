#pragma once
// The Hopper kernel's copies (codegen/tensor/wgmma.hpp): one K step of A and B, global -> the swizzled
// local tiles through cp.async, checked at the matrices' edges or unchecked inside them; and TF32's
// rounding of the floats a work-item's own copies wrote.

#include <string_view>

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_copies = R"CLC(
// One K step of A (128 x 64) and B (64 x BN) into the stage at shared address st (not those TMA loads,
// wgmma_tma.hpp); copies past an edge read only the valid elements and zero the rest.
inline void copy_tile(const uint st, const __global elem* A, const int lda, const __global elem* B, const int ldb,
                      const int m, const int n, const int k, const int m0, const int n0, const int k0,
                      const int tid WG_SMEM_PARAM) {
#pragma unroll
  for (int s = 0; s < A_COPIES; ++s) {
    const int q = tid + NT * s;
#if GEMMCL_TRANS_A == 0 && GEMMCL_WG_A_REGS  // k rows of BM floats: chunk q is k row q / (BM / 4)
    const int gk = k0 + q / (BM / 4), gi = m0 + 4 * (q % (BM / 4));
    const int valid = gk < k ? clamp(m - gi, 0, 4) : 0;
    const __global elem* src = A + ((long)gk * lda + gi);
#elif GEMMCL_TRANS_A == 0  // MN-major: chunk q is atom q / (8 BK), k row (q / 8) % BK, 8 m values q % 8
    const int gk = k0 + (q / 8) % BK, gi = m0 + 64 * (q / (8 * BK)) + 8 * (q % 8);
    const int valid = gk < k ? clamp(m - gi, 0, 8) : 0;
    const __global elem* src = A + ((long)gk * lda + gi);
#else  // K-major: chunk q is row q / 8, k values EPC (q % 8)
    const int gi = m0 + q / (BK / EPC), gk = k0 + EPC * (q % (BK / EPC));
    const int valid = gi < m ? clamp(k - gk, 0, EPC) : 0;
    const __global elem* src = A + ((long)gi * lda + gk);
#endif
    WG_CP16(st + SWIZZLE_A(16u * q), (const __global ushort*)(valid > 0 ? src : A), ESIZE * valid);
  }
#pragma unroll
  for (int s = 0; s < B_COPIES; ++s) {
    const int q = tid + NT * s;
#if GEMMCL_TRANS_B == 0
    const int gj = n0 + q / (BK / EPC), gk = k0 + EPC * (q % (BK / EPC));
    const int valid = gj < n ? clamp(k - gk, 0, EPC) : 0;
    const __global elem* src = B + ((long)gj * ldb + gk);
#else
    const int gk = k0 + (q / 8) % BK, gj = n0 + 64 * (q / (8 * BK)) + 8 * (q % 8);
    const int valid = gk < k ? clamp(n - gj, 0, 8) : 0;
    const __global elem* src = B + ((long)gk * ldb + gj);
#endif
    WG_CP16(st + TILE_A_BYTES + SWIZZLE_B(16u * q), (const __global ushort*)(valid > 0 ? src : B), ESIZE * valid);
  }
}

// The same copies for a K step wholly inside A and B, from pointers a_step and b_step at this
// work-item's first chunk of the step (row tid / 8, chunk tid % 8 of the first pass): copy s of each
// operand lies a constant distance from it, and lands 16 NT s bytes after the first, whatever the swizzle.
inline void copy_interior(const uint st, const __global elem* a_step, const int lda, const __global elem* b_step,
                          const int ldb, const int tid WG_SMEM_PARAM) {
  const uint first_a = SWIZZLE_A(16u * tid), first_b = TILE_A_BYTES + SWIZZLE_B(16u * tid);
#pragma unroll
  for (int s = 0; s < A_COPIES; ++s) {
#if GEMMCL_TRANS_A == 0 && GEMMCL_WG_A_REGS  // pass s: k rows NT / (BM / 4) further
    const long at = (long)(NT / (BM / 4) * s) * lda;
#elif GEMMCL_TRANS_A == 0  // pass s: k rows NT / 8 further, or the next atom of 64 m
    const long at = (long)(NT / 8 * (s % (BK * 8 / NT))) * lda + 64 * (s / (BK * 8 / NT));
#else                    // pass s: NT / 8 rows of m further
    const long at = (long)(NT / 8 * s) * lda;
#endif
    WG_CP16(st + first_a + 16u * NT * s, (const __global ushort*)(a_step + at), 16);
  }
#pragma unroll
  for (int s = 0; s < B_COPIES; ++s) {
#if GEMMCL_TRANS_B == 0
    const long at = (long)(NT / 8 * s) * ldb;
#else
    const long at = (long)(NT / 8 * (s % (BK * 8 / NT))) * ldb + 64 * (s / (BK * 8 / NT));
#endif
    WG_CP16(st + first_b + 16u * NT * s, (const __global ushort*)(b_step + at), 16);
  }
}

#if GEMMCL_TC_TF32
// Rounds this work-item's own chunks of a landed stage to TF32 (nearest, ties to even, as cuBLAS's
// TF32 mode does; the MMA itself would drop the low bits): the chunks its copies wrote, 16 NT s bytes apart.
// A from registers is rounded there, so only B's chunks then; none that TMA loads, and rounds.
inline void round_stage(__local uint4* stage, const int tid) {
#pragma unroll
  for (int s = GEMMCL_WG_A_REGS || GEMMCL_WG_A_TMA ? CPT_A : 0; s < CPT_A + B_COPIES; ++s) {
    const uint at = s < CPT_A ? SWIZZLE_A(16u * tid) + 16u * NT * s
                              : TILE_A_BYTES + SWIZZLE_B(16u * tid) + 16u * NT * (s - CPT_A);
    uint4 v = stage[at / 16];
    v.x = TF32_ROUND(v.x);
    v.y = TF32_ROUND(v.y);
    v.z = TF32_ROUND(v.z);
    v.w = TF32_ROUND(v.w);
    stage[at / 16] = v;
  }
}
#endif
)CLC";

}  // namespace gemmcl::codegen::tensor
