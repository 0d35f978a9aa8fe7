#pragma once
// The FP64 tensor-core kernel's operands by TMA (GEMMCL_DMMA_TMA=1, codegen/tensor/dmma.hpp): work-item
// 0 loads each K step of A and B with cp.async.bulk.tensor into tiles in the 128-byte swizzle, and the
// work-items issue no copies and keep no copy addresses (their copies were a sixth of the kernel's
// time). Edges need no path of their own: TMA fills zeros outside the operand.
//
// Tiles, K steps of 16 or 32 doubles (BK), each 16 deep a half-stage of its own, A's tile then B's, so
// that a box's row is one 128-byte row of k:
// - K-major (A transposed, B not): [rows of m or n][16 k], one box of BM (BN) rows;
// - MN-major (A not transposed, B transposed): boxes of [16 k][16 m or n] side by side.
// A lane's 8-byte fragment reads would meet in banks in both layouts, so the fragments are permuted
// where the result does not see it: lane (g, t)'s element j of K (t + 4 j in the MMA's order) is read
// at k KPERM(t, j) of the tile (A and B alike, so each product pairs the same k); a K-major fragment
// row g at row RPERM(g); an MN-major one, g + 8 h, at column CPERM(g, h). The 16 lanes of each
// half-warp then read 16 distinct banks in every layout, and every read lies at one of four offsets a
// lane computes once (tma_lane_offsets) plus a constant. The stores map rows and columns back
// (FRAG_ROW, FRAG_COL).
//
// Under GEMMCL_TC_EMULATE every work-item copies its share of the same boxes, swizzled, with zeros
// outside the operand, so the tests check the permutations and the swizzle on any device.

#include <string_view>

#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view dmma_tma = R"CLC(
#if GEMMCL_DMMA_TMA
#if BK % 16 != 0 || BM % 16 != 0 || BN % 16 != 0 || (GEMMCL_TRANS_B && NI % 2 != 0)
#error "DMMA by TMA: K steps of 16-deep halves (a 128-byte row), boxes of 16 columns, MN-major B in pairs of 8-column tiles"
#endif
#define NJ (MMA_K / 4)  // a lane's B elements per MMA, and A's per row
#define KPERM(t, j) (((t) & 1) | (((j) & 1) << 1) | (((t) >> 1) << 2) | (((j) >> 1) << 3))
#define RPERM(g) (((g) & 1) | (((g) >> 2) << 1) | ((((g) >> 1) & 1) << 2))  // bits 1 and 2 exchanged
#define CPERM(g, h) (((g) & 1) | ((h) << 1) | ((((g) >> 1) & 1) << 2) | (((g) >> 2) << 3))
// Byte offsets of (row r, k) in a K-major tile and of (k, column c) in an MN-major one: 16-byte chunk
// x of a 128-byte row y sits at chunk x ^ (y % 8), as TMA's 128-byte swizzle writes it.
#define KMAJOR_AT(r, k) ((r) * 128 + (((((k) >> 1) ^ (r)) & 7) << 4) + (((k) & 1) << 3))
#define MNMAJOR_AT(k, c) \
  (((c) >> 4) * BOX_BYTES + (k) * 128 + ((((((c) & 15) >> 1) ^ (k)) & 7) << 4) + (((c) & 1) << 3))
#define BOX_BYTES (16 * 128)            // an MN-major box: 16 k of 16 columns
#define HALF_A_BYTES (BM * 128)         // A's tile in a 16-deep half-stage; B's follows
#define HALF_BYTES ((BM + BN) * 128)    // a half-stage
#define KS_HALF (16 / MMA_K)            // K steps in a half

// The lane's fragment rows and columns in the work-group's tile, as the stores need them. An MN-major
// A's rows, CPERM(g, h), spread a store over 14 rows of C (twice the sectors of 8 in order), so lanes
// 16 apart first exchange halves (rows_in_order): then rows are RPERM(g) + 8 h for either layout.
#define FRAG_ROW(mi, h) (16 * (mi) + 8 * (h) + RPERM(g))
#if GEMMCL_TRANS_B == 0
#define FRAG_COL(ni, c) (8 * (ni) + RPERM(c))
#else
#define FRAG_COL(ni, c) (16 * ((ni) >> 1) + CPERM(c, (ni) & 1))
#endif

// MN-major A: lane (g, t) holds rows CPERM(g, h), bits (g0, h, g1, g2) of the row; its partner 16
// lanes away (g ^ 4) holds those with the other g2. Exchanging the h = g2 ^ 1 halves leaves lane g
// rows (g0, g2, g1, h), RPERM(g) + 8 h: each store's 8 rows in order.
FN void rows_in_order(double acc[MI][NI][4], const uint g EMU_PARAM) {
#if !GEMMCL_TRANS_A
  const bool upper = (g & 4u) != 0;
#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int ni = 0; ni < NI; ++ni)
#pragma unroll
      for (int c = 0; c < 2; ++c) {
        const double lo = acc[mi][ni][c], hi = acc[mi][ni][2 + c];
        const double got = lane_xor16(upper ? lo : hi EMU_ARG);
        acc[mi][ni][c] = upper ? got : lo;
        acc[mi][ni][2 + c] = upper ? hi : got;
      }
#endif
}

// This lane's four offsets into a stage (bytes), q as load_frags reads them: K-major q = ks NJ + j;
// MN-major q = 2 h + (j & 1) for A, h the fragment row's half, 2 (ni & 1) + (j & 1) for B.
FN void tma_lane_offsets(uint ao[4], uint bo[4], const uint wm, const uint wn, const uint g, const uint t) {
#pragma unroll
  for (uint q = 0; q < 4; ++q) {
#if GEMMCL_TRANS_A
    ao[q] = KMAJOR_AT(wm * WM + RPERM(g), (q / NJ) * MMA_K + KPERM(t, q % NJ));
#else
    ao[q] = MNMAJOR_AT(KPERM(t, q & 1), wm * WM + CPERM(g, q >> 1));
#endif
#if GEMMCL_TRANS_B == 0
    bo[q] = HALF_A_BYTES + KMAJOR_AT(wn * WN + RPERM(g), (q / NJ) * MMA_K + KPERM(t, q % NJ));
#else
    bo[q] = HALF_A_BYTES + MNMAJOR_AT(KPERM(t, q & 1), wn * WN + CPERM(g, q >> 1));
#endif
  }
}

// K step ks's fragments from the stage at st: each at one of the lane's offsets plus a constant (step
// ks lies in half ks / KS_HALF, as its step ks % KS_HALF).
FN void load_frags(double af[MI][NA], double bf[NI][NB], __local const uchar* stage, const uint ao[4],
                   const uint bo[4], const int kstep) {
  __local const uchar* const st = stage + (kstep / KS_HALF) * HALF_BYTES;
  const int ks = kstep % KS_HALF;
#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int i = 0; i < NA; ++i) {
      const int h = i & 1, j = i >> 1;
#if GEMMCL_TRANS_A
      const uint at = ao[ks * NJ + j] + (16 * mi + 8 * h) * 128;
#else
      const uint at = ao[2 * h + (j & 1)] + mi * BOX_BYTES + (ks * MMA_K + 8 * (j >> 1)) * 128;
#endif
      af[mi][i] = *(__local const double*)(st + at);
    }
#pragma unroll
  for (int ni = 0; ni < NI; ++ni)
#pragma unroll
    for (int j = 0; j < NB; ++j) {
#if GEMMCL_TRANS_B == 0
      const uint at = bo[ks * NJ + j] + 8 * ni * 128;
#else
      const uint at = bo[2 * (ni & 1) + (j & 1)] + (ni >> 1) * BOX_BYTES + (ks * MMA_K + 8 * (j >> 1)) * 128;
#endif
      bf[ni][j] = *(__local const double*)(st + at);
    }
}

#if GEMMCL_TC_EMULATE
// An operand's boxes for the K step at k0 (rows or columns from r0) into the tile at dst, as TMA would
// write them: zeros outside the operand (its `extent` rows or columns and k_total).
FN void emu_boxes(__local uchar* dst, const __global double* base, const int ld, const int k0, const int r0,
                  const int k_total, const int extent, const int k_major, const int rows, const int tid) {
  for (int e = tid; e < rows * BK; e += NT) {
    const int r = k_major ? e / BK : e % rows, kk = k_major ? e % BK : e / rows;
    const int gk = k0 + kk, gr = r0 + r;
    const double x = gk < k_total && gr < extent ? base[k_major ? (long)gr * ld + gk : (long)gk * ld + gr] : 0.0;
    const int h = kk / 16, kh = kk % 16;
    *(__local double*)(dst + h * HALF_BYTES + (k_major ? KMAJOR_AT(r, kh) : MNMAJOR_AT(kh, r))) = x;
  }
}
#endif

// Tile kt's boxes (K from k0) into the stage at st through the maps at a_map and b_map (generic
// addresses), counted by the stage's barrier bar: work-item 0 issues them (a lane of warp 0 for each
// box ran slower, H200) and under emulation every work-item copies its share.
FN void tma_stage(__local uchar* st, const uint bar, const ulong a_map, const ulong b_map, const int k0,
                  const int m0, const int n0, const int tid, const __global double* A, const int lda, const __global double* B,
                  const int ldb, const int k_total, const int m, const int n) {
#if GEMMCL_TC_EMULATE
  emu_boxes(st, A, lda, k0, m0, k_total, m, GEMMCL_TRANS_A, BM, tid);
  emu_boxes(st + HALF_A_BYTES, B, ldb, k0, n0, k_total, n, !GEMMCL_TRANS_B, BN, tid);
#else
  if (tid == 0) {
    mbarrier_arrive_expect_tx_shared_b64(bar, STAGE * 8);
#pragma unroll
    for (int h = 0; h < BK / 16; ++h) {
      const uint sa = SHARED_ADDR(st) + h * HALF_BYTES, sb = sa + HALF_A_BYTES;
      const int kh = k0 + 16 * h;
#if GEMMCL_TRANS_A  // K-major: one box of BM rows
      cp_async_bulk_tensor_2d_shared_global_tile_mbarrier(sa, a_map, kh, m0, bar);
#else  // MN-major: boxes of 16 columns side by side
      for (int x = 0; x < BM / 16; ++x)
        cp_async_bulk_tensor_2d_shared_global_tile_mbarrier(sa + x * BOX_BYTES, a_map, m0 + 16 * x, kh, bar);
#endif
#if GEMMCL_TRANS_B == 0
      cp_async_bulk_tensor_2d_shared_global_tile_mbarrier(sb, b_map, kh, n0, bar);
#else
      for (int x = 0; x < BN / 16; ++x)
        cp_async_bulk_tensor_2d_shared_global_tile_mbarrier(sb + x * BOX_BYTES, b_map, n0 + 16 * x, kh, bar);
#endif
    }
  }
#endif
}
#else
#define FRAG_ROW(mi, h) (16 * (mi) + 8 * (h) + g)
#define FRAG_COL(ni, c) (8 * (ni) + (c))
#endif
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
