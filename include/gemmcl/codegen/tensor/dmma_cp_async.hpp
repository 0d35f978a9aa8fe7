#pragma once
// The FP64 tensor-core kernel's copies by cp.async (codegen/tensor/dmma.hpp, without GEMMCL_DMMA_TMA):
// every work-item copies 16-byte chunks of each K step into padded tiles, whole tiles from pointers that
// advance (no bounds checks), tiles cut by the matrices' edges chunk by chunk with a zero fill; and the
// fragments' reads from those tiles, each at a fixed offset from one address of the lane.

#include <string_view>

#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view dmma_cp_async = R"CLC(
#if !GEMMCL_DMMA_TMA
// ---- global -> local: K tile [k0, k0 + BK) of A (BM x BK) and B (BK x BN) into stage smem ----
// Work-item tid copies chunk column tid % W of rows tid / W + p (NT / W), p = 0, 1, ... of each tile.
// A tile cut by the matrix's edges (k0 and kend absolute, k0 even, see the preconditions):
FN void load_tile_edge(__local double* smem, const __global double* A, const int lda,
                       const __global double* B, const int ldb, const int m, const int n, const int kend,
                       const int m0, const int n0, const int k0, int tid EMU_PARAM) {
  OPAQUE(tid, "r");  // edge tiles are rare: their addresses are not worth registers in the loop
#pragma unroll
  for (int p = 0; p < CH_A / NT; ++p) {
    const int r = tid / W_A + p * (NT / W_A), ch = tid % W_A;
#if GEMMCL_TRANS_A == 0  // A(i, p) = A[i + p lda]: row r is k
    const int gk = k0 + r, gi = m0 + 2 * ch;
    const int nv = gk < kend ? clamp(m - gi, 0, 2) : 0;
#else  // A(i, p) = A[p + i lda]: row r is m
    const int gi = m0 + r, gk = k0 + 2 * ch;
    const int nv = gi < m ? clamp(kend - gk, 0, 2) : 0;
#endif
    const __global double* src = A + (GEMMCL_TRANS_A ? (long)gi * lda + gk : (long)gk * lda + gi);
    cp_async16(smem, (r * A_ROW) / 2 + ch, nv > 0 ? src : A, nv EMU_ARG);
  }
#pragma unroll
  for (int p = 0; p < CH_B / NT; ++p) {
    const int r = tid / W_B + p * (NT / W_B), ch = tid % W_B;
#if GEMMCL_TRANS_B == 0  // B(p, j) = B[p + j ldb]: row r is n
    const int gj = n0 + r, gk = k0 + 2 * ch;
    const int nv = gj < n ? clamp(kend - gk, 0, 2) : 0;
#else  // B(p, j) = B[j + p ldb]: row r is k
    const int gk = k0 + r, gj = n0 + 2 * ch;
    const int nv = gk < kend ? clamp(n - gj, 0, 2) : 0;
#endif
    const __global double* src = B + (GEMMCL_TRANS_B ? (long)gk * ldb + gj : (long)gj * ldb + gk);
    cp_async16(smem, (TILE_A + r * B_ROW) / 2 + ch, nv > 0 ? src : B, nv EMU_ARG);
  }
}
// A whole tile: pa and pb point at this work-item's first chunk, pass p adds p * sa (sb) elements (one
// add a pass, not a kept address per pass).
FN void load_tile_full(__local double* smem, const __global double* pa, long sa,
                       const __global double* pb, long sb, const int tid EMU_PARAM) {
  __local double* da = smem + (tid / W_A) * A_ROW + 2 * (tid % W_A);
  __local double* db = smem + TILE_A + (tid / W_B) * B_ROW + 2 * (tid % W_B);
  OPAQUE(sa, "l");
  OPAQUE(sb, "l");
#pragma unroll
  for (int p = 0; p < CH_A / NT; ++p, pa += sa) cp_async16_full(da + p * (NT / W_A) * A_ROW, pa EMU_ARG);
#pragma unroll
  for (int p = 0; p < CH_B / NT; ++p, pb += sb) cp_async16_full(db + p * (NT / W_B) * B_ROW, pb EMU_ARG);
}

// ---- local -> registers -> MMAs, K step ks: al and bl are this lane's first A and B elements (its
// row g and k t), every fragment element sits at a fixed offset from them ----
FN void load_frags(double af[MI][NA], double bf[NI][NB], __local const double* al, __local const double* bl,
                   const int ks) {
#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int i = 0; i < NA; ++i) {
      const int r = mi * 16 + 8 * (i & 1), kk = ks * MMA_K + 4 * (i >> 1);
      af[mi][i] = al[GEMMCL_TRANS_A ? r * A_ROW + kk : kk * A_ROW + r];
    }
#pragma unroll
  for (int ni = 0; ni < NI; ++ni)
#pragma unroll
    for (int j = 0; j < NB; ++j) {
      const int r = ni * 8, kk = ks * MMA_K + 4 * j;
      bf[ni][j] = bl[GEMMCL_TRANS_B ? kk * B_ROW + r : r * B_ROW + kk];
    }
}
#endif
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
