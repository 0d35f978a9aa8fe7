#pragma once
// The tensor-core main loop on NVIDIA compute capability 8.0 and up, for 16-bit A and B (half,
// bfloat16: mma.sync m16n8k16) and for float A and B under Math<MathMode::TF32> (m16n8k8, inputs
// rounded to TF32 in registers), with float accumulators; fragments loaded from swizzled local tiles
// that cp.async fills in a three-stage pipeline. C is float or the 16-bit element type (rounded once).
// Its own kernel, not the SIMT skeleton's: fragments, not register tiles, are the unit of work.
//
// Build options: GEMMCL_TRANS_A, GEMMCL_TRANS_B (as the SIMT kernels), GEMMCL_TC_C_NARROW (C holds the
// element type, else float), GEMMCL_TC_EMULATE (ptx_sm80.hpp). A and B must start and stride on
// multiples of 16 bytes (16-byte copies); the runtime packs other operands first.

#include <string_view>

#include "epilogue.hpp"
#include "../../element/element.hpp"
#include "../../util/text.hpp"
#include "../../util/cold.hpp"
#include "ptx_sm80.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view kernel_name = "gemmcl_mma_sync";

// The work-group tile and its threads, which the launch needs.
inline constexpr int tile_m = 128, tile_n = 128, tile_k = 32, threads = 128;

inline constexpr std::string_view mma_sync_config = R"CLC(
// Work-group tile 128 (m) x 128 (n), K step 32 (16-bit) or 16 (TF32): 16 KiB per stage; 4 warps; warp
// w owns the 64 x 64 block at rows 64 (w & 1), columns 64 (w >> 1): 4 x 8 MMA fragments, 128 float
// accumulators per work-item.
#define BM 128
#define BN 128
#define WARP_N 64
#define NI (WARP_N / 8)             // n8 fragments per warp
#define NT 128                      // work-items: 2 warps along m x 2 along n
#define STAGES 3                    // local buffers: 3 x 16 KiB, within the 48 KiB NVIDIA's OpenCL allows
#define WAIT_PENDING "1"            // STAGES - 2
#define GROUP_M 8                   // tiles of C walked 8 along m at a time, for L2 reuse
#if GEMMCL_TC_TF32
typedef float elem;                 // A and B: float, rounded to TF32 in registers
#define ELEM_BYTES 4
#define BK 16                       // K step: 16 floats, two k8 MMA steps
#define K_MMA 8
#else
typedef ushort elem;                // A and B: 16-bit
#define ELEM_BYTES 2
#define BK 32                       // K step: 32 elements, two k16 MMA steps
#define K_MMA 16
#endif
#define CE (16 / ELEM_BYTES)        // elements per 16-byte chunk
#define CPT (BM * BK / CE / NT)     // 16-byte copies per work-item and operand tile
#define TILE_A_BYTES (BM * BK * ELEM_BYTES)
#define STAGE_BYTES ((BM + BN) * BK * ELEM_BYTES)
#ifndef GEMMCL_TRANS_A
#define GEMMCL_TRANS_A 0
#endif
#ifndef GEMMCL_TRANS_B
#define GEMMCL_TRANS_B 0
#endif
#ifndef GEMMCL_TC_C_NARROW
#define GEMMCL_TC_C_NARROW 0
#endif
#ifndef GEMMCL_TC_EMULATE
#define GEMMCL_TC_EMULATE 0
#endif
#if GEMMCL_TC_C_NARROW
typedef ushort ctype;
#else
typedef float ctype;
#endif
)CLC";

inline constexpr std::string_view mma_sync_body = R"CLC(
// Local tiles, in 16-byte chunks whose position is XORed within each 128-byte line, so that the 8
// rows one ldmatrix phase reads, and the 8 chunks 8 work-items copy, fall in 8 different bank groups.
//   K-major  [128 rows of m or n][BK k], 64-byte rows: A transposed, B not transposed.
//   MN-major [BK rows of k][128 m or n]: A not transposed, B transposed. 16-bit: ldmatrix .trans turns
//            rows of k into the K pairs of the fragments; TF32: fragments are read as single words,
//            lane 4g + t at row t, column g, which the XOR by (row % 4) spreads over all 32 banks.
inline uint swizzle_k_major(const uint row, const uint chunk) {
  const uint o = row * (uint)(BK * ELEM_BYTES) + chunk * 16u;
  return o ^ (((o >> 7) & 7u) << 4);
}
inline uint swizzle_mn_major(const uint row, const uint chunk) {
#if GEMMCL_TC_TF32
  return (row * (uint)(BM * ELEM_BYTES) + chunk * 16u) ^ ((row & 3u) << 5);
#else
  return (row * (uint)(BM * ELEM_BYTES) + chunk * 16u) ^ ((row & 7u) << 4);
#endif
}
#define LOCAL_WORD(smem, off) (((__local uint*)(smem))[(off) / 4])

// One K step of A (128 x 32) and B (32 x 128) into the stage at byte `st`. Copies past an edge read only
// the valid elements (src-size) and zero the rest; the address of a copy that reads nothing is the
// operand's start.
inline void copy_tile(__local ushort* smem, const uint st, const __global elem* A, const int lda,
                      const __global elem* B, const int ldb, const int m, const int n, const int k,
                      const int m0, const int n0, const int k0, const int tid EMU_PARAM) {
#pragma unroll
  for (int s = 0; s < CPT; ++s) {
    const int q = tid + NT * s;
#if GEMMCL_TRANS_A == 0  // A(i, p) = A[i + p lda]: contiguous in m
    const int r = q / (BM / CE), ch = q % (BM / CE), gk = k0 + r, gi = m0 + CE * ch;
    const int valid = gk < k ? clamp(m - gi, 0, CE) : 0;
    const __global elem* src = A + ((long)gk * lda + gi);
    const uint dst = st + swizzle_mn_major(r, ch);
#else  // A(i, p) = A[p + i lda]: contiguous in k
    const int r = q / (BK / CE), ch = q % (BK / CE), gi = m0 + r, gk = k0 + CE * ch;
    const int valid = gi < m ? clamp(k - gk, 0, CE) : 0;
    const __global elem* src = A + ((long)gi * lda + gk);
    const uint dst = st + swizzle_k_major(r, ch);
#endif
    CP_ASYNC_16(smem, dst, (const __global ushort*)(valid > 0 ? src : A), ELEM_BYTES * valid);
  }
#pragma unroll
  for (int s = 0; s < CPT; ++s) {
    const int q = tid + NT * s;
#if GEMMCL_TRANS_B == 0  // B(p, j) = B[p + j ldb]: contiguous in k
    const int r = q / (BK / CE), ch = q % (BK / CE), gj = n0 + r, gk = k0 + CE * ch;
    const int valid = gj < n ? clamp(k - gk, 0, CE) : 0;
    const __global elem* src = B + ((long)gj * ldb + gk);
    const uint dst = st + TILE_A_BYTES + swizzle_k_major(r, ch);
#else  // B(p, j) = B[j + p ldb]: contiguous in n
    const int r = q / (BN / CE), ch = q % (BN / CE), gk = k0 + r, gj = n0 + CE * ch;
    const int valid = gk < k ? clamp(n - gj, 0, CE) : 0;
    const __global elem* src = B + ((long)gk * ldb + gj);
    const uint dst = st + TILE_A_BYTES + swizzle_mn_major(r, ch);
#endif
    CP_ASYNC_16(smem, dst, (const __global ushort*)(valid > 0 ? src : B), ELEM_BYTES * valid);
  }
}

// The fragments of MMA step kk: A as 4 m16 blocks, B as NI n8 blocks. With ldmatrix, lane 8j + i gives
// row i of matrix j: for A the blocks (m +0, k +0), (m +8, k +0), (m +0, k +h), (m +8, k +h), which are
// fragment registers a0..a3 (h: half the MMA's K); for B pairs of n8 blocks, (n +0, k +0|+h) then
// (n +8, k +0|+h). TF32 reads M- or N-contiguous tiles word by word: lane 4g + t takes (m g, k t).
// Always inlined: its arrays are the caller's registers, and a call would name a function of which
// OpenCL C's plain inline gives no definition (clang made one of TF32's rounding in integer arithmetic).
static inline __attribute__((always_inline)) void load_fragments(uint af[4][4], uint bf[NI][2],
                                                                 __local ushort* smem, const uint st, const int kk,
                                                                 const uint wm, const uint wn, const uint lj,
                                                                 const uint li EMU_PARAM) {
  const uint g = (8 * lj + li) >> 2, t = li & 3u;
#pragma unroll
  for (int mi = 0; mi < 4; ++mi) {
    const uint mrow = wm * 64 + mi * 16 + 8 * (lj & 1);
#if GEMMCL_TRANS_A == 0 && GEMMCL_TC_TF32
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const uint m = wm * 64 + mi * 16 + g + 8 * (e & 1), kq = kk * K_MMA + t + 4 * (e >> 1);
      af[mi][e] = LOCAL_WORD(smem, st + swizzle_mn_major(kq, m / 4) + (m % 4) * 4);
    }
#elif GEMMCL_TRANS_A == 0
    LDMATRIX_X4_TRANS(af[mi], smem, st + swizzle_mn_major(kk * 16 + 8 * (lj >> 1) + li, mrow / 8));
#else
    LDMATRIX_X4(af[mi], smem, st + swizzle_k_major(mrow + li, kk * 2 + (lj >> 1)));
#endif
  }
#pragma unroll
  for (int nj = 0; nj < NI / 2; ++nj) {
    const uint ncol = wn * WARP_N + nj * 16 + 8 * (lj >> 1);
    uint r[4];
#if GEMMCL_TRANS_B == 1 && GEMMCL_TC_TF32
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const uint n = wn * WARP_N + nj * 16 + 8 * (e >> 1) + g, kq = kk * K_MMA + t + 4 * (e & 1);
      r[e] = LOCAL_WORD(smem, st + TILE_A_BYTES + swizzle_mn_major(kq, n / 4) + (n % 4) * 4);
    }
#elif GEMMCL_TRANS_B == 0
    LDMATRIX_X4(r, smem, st + TILE_A_BYTES + swizzle_k_major(ncol + li, kk * 2 + (lj & 1)));
#else
    LDMATRIX_X4_TRANS(r, smem, st + TILE_A_BYTES + swizzle_mn_major(kk * 16 + 8 * (lj & 1) + li, ncol / 8));
#endif
    bf[2 * nj][0] = r[0];
    bf[2 * nj][1] = r[1];
    bf[2 * nj + 1][0] = r[2];
    bf[2 * nj + 1][1] = r[3];
  }
#if GEMMCL_TC_TF32
  // Inputs rounded to TF32 (nearest, ties to even), as cuBLAS's TF32 mode does.
#pragma unroll
  for (int mi = 0; mi < 4; ++mi)
#pragma unroll
    for (int e = 0; e < 4; ++e) af[mi][e] = TF32_ROUND(af[mi][e]);
#pragma unroll
  for (int ni = 0; ni < NI; ++ni) {
    bf[ni][0] = TF32_ROUND(bf[ni][0]);
    bf[ni][1] = TF32_ROUND(bf[ni][1]);
  }
#endif
}

// Split K: work-groups (., s) multiply K from s * k_chunk and write their own slice of C, c_split
// elements apart (a float workspace; alpha = 1 and beta = 0 then, and a second kernel adds the parts).
__kernel __attribute__((reqd_work_group_size(NT, 1, 1)))
void gemmcl_mma_sync(const int m, const int n, const int k_total, const int k_chunk, const float alpha,
                     const float beta, const __global elem* restrict a, const ulong a_offset, const int lda,
                     const __global elem* restrict b, const ulong b_offset, const int ldb,
                     __global ctype* c, const ulong c_offset, const int ldc, const ulong c_split
#if GEMMCL_EPILOGUE
                     , const __global real* restrict bias, const ulong bias_offset, const real act_lo,
                     const real act_hi
#endif
                     ) {
  __local ushort smem[STAGES * STAGE_BYTES / 2] __attribute__((aligned(128)));
#if GEMMCL_TC_EMULATE
  __local uint emu[NT * 6];
#endif
  const int split = get_group_id(1);
  const int k_begin = split * k_chunk;
  const int k = min(k_chunk, k_total - k_begin);
#if GEMMCL_TRANS_A == 0
  const __global elem* A = a + a_offset + (long)k_begin * lda;
#else
  const __global elem* A = a + a_offset + k_begin;
#endif
#if GEMMCL_TRANS_B == 0
  const __global elem* B = b + b_offset + k_begin;
#else
  const __global elem* B = b + b_offset + (long)k_begin * ldb;
#endif

  // Tiles of C in groups of GROUP_M along m, walked a column of tiles at a time.
  const int tiles_m = (m + BM - 1) / BM, tiles_n = (n + BN - 1) / BN;
  const int pid = get_group_id(0), in_group = GROUP_M * tiles_n;
  const int first_m = (pid / in_group) * GROUP_M, group_m = min(tiles_m - first_m, GROUP_M);
  const int m0 = (first_m + (pid % in_group) % group_m) * BM, n0 = ((pid % in_group) / group_m) * BN;

  const int tid = get_local_id(0);
  const uint lane = tid & 31, warp = tid >> 5;
  const uint wm = warp & 1u, wn = warp >> 1;
  const uint lj = lane >> 3, li = lane & 7;

  float acc[4][NI][4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.0f;

  // STAGES - 1 K steps in flight; step kt waits for its copies, then issues step kt + STAGES - 1 into
  // the buffer step kt - 1 used (the barrier says everyone is done with it).
  const int steps = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < steps) copy_tile(smem, s * STAGE_BYTES, A, lda, B, ldb, m, n, k, m0, n0, s * BK, tid EMU_ARG);
    CP_ASYNC_COMMIT();
  }
  uint st_read = 0, st_write = (STAGES - 1) * STAGE_BYTES;
  for (int kt = 0; kt < steps; ++kt) {
    CP_ASYNC_WAIT();
    barrier(CLK_LOCAL_MEM_FENCE);
    if (kt + STAGES - 1 < steps)
      copy_tile(smem, st_write, A, lda, B, ldb, m, n, k, m0, n0, (kt + STAGES - 1) * BK, tid EMU_ARG);
    CP_ASYNC_COMMIT();  // (empty at the tail: the wait count stays uniform)
#pragma unroll
    for (int kk = 0; kk < BK / K_MMA; ++kk) {
      uint af[4][4], bf[NI][2];
      load_fragments(af, bf, smem, st_read, kk, wm, wn, lj, li EMU_ARG);
#pragma unroll
      for (int mi = 0; mi < 4; ++mi)
#pragma unroll
        for (int ni = 0; ni < NI; ++ni) MMA(acc[mi][ni], af[mi], bf[ni]);
    }
    st_read = st_read + STAGE_BYTES == STAGES * STAGE_BYTES ? 0u : st_read + STAGE_BYTES;
    st_write = st_write + STAGE_BYTES == STAGES * STAGE_BYTES ? 0u : st_write + STAGE_BYTES;
  }

  // C := alpha * acc + beta * C; C is not read when beta == 0. Fragment element e of lane 4g + t is
  // row g + 8 (e / 2), column 2t + e % 2 of its 16 x 8 block.
  const uint g = lane >> 2, t = lane & 3;
  __global ctype* C = c + c_offset + split * c_split;
#pragma unroll
  for (int mi = 0; mi < 4; ++mi)
#pragma unroll
    for (int ni = 0; ni < NI; ++ni)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int row = m0 + wm * 64 + mi * 16 + g + 8 * (e >> 1);
        const int col = n0 + wn * WARP_N + ni * 8 + 2 * t + (e & 1);
        if (row < m && col < n) store_c(C + ((long)col * ldc + row), acc[mi][ni][e], alpha, beta, TC_EPILOGUE(row, col));
      }
}
)CLC";

// The program for 16-bit element type e (half or bfloat16).
template <class Sink>
constexpr void write_mma_sync(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  const bool tf32 = e.name == "float";
  t.line({"// gemmcl: tensor-core GEMM, mma.sync ", tf32 ? "m16n8k8 (float inputs rounded to TF32" : "m16n8k16 (",
          tf32 ? "" : e.name, tf32 ? "" : " inputs", ", float accumulators)"});
  t.line("// C := alpha * op(A) * op(B) + beta * C, column-major, C float or (GEMMCL_TC_C_NARROW) the inputs' type.");
  t.line({"#define GEMMCL_TC_BF16 ", e.name == "bfloat16" ? 1 : 0});
  t.line({"#define GEMMCL_TC_TF32 ", tf32 ? 1 : 0});
  t.line("#if GEMMCL_TC_EMULATE  // the element's portable conversions, for the emulation");
  t.raw(e.convert);
  t.line("#endif");
  t.raw(mma_sync_config);
  emit_epilogue_prelude(t, "float");
  if (tf32) t.raw(tf32_round_function);
  t.raw(ptx_sm80);
  t.raw(mma_sync_body);
}

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
