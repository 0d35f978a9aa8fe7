#pragma once
// The Hopper main loop for 16-bit A and B, and for float A and B as TF32 (compute capability 9.0):
// warpgroup MMA, wgmma.mma_async m64nNk16 (m64nNk8 for TF32) with float accumulators, both operands read
// by the tensor cores straight from swizzled local tiles through matrix descriptors; cp.async fills the
// tiles in a multi-stage pipeline that runs on across tiles: the kernel is persistent, each work-group
// taking a share of the tiles of C. NVIDIA's OpenCL compiles for sm_90, and wgmma needs sm_90a: the wgmma
// lines are written as "//@" PTX comments in inline asm (so the compiler keeps their operands in
// registers), and the runtime's PTX post-processing (runtime/ptx_patch.hpp) uncomments them and
// retargets the PTX. Built without that step the kernel would compute nothing, so the runtime never
// builds it without it, unless its instructions are emulated (wgmma_emulate.hpp, for tests).
//
// Build options as mma_sync.hpp's (GEMMCL_TRANS_A, GEMMCL_TRANS_B, GEMMCL_TC_C_NARROW, GEMMCL_TC_EMULATE),
// GEMMCL_TC_C_TRANS (C stored transposed, where the runtime computes C^T), GEMMCL_WG_A_TMA and
// GEMMCL_WG_B_TMA (a K-major A or B loaded by TMA, TF32's rounded on the way: wgmma_tma.hpp), and the tile and pipeline's
// (wgmma_config.hpp, with the variants the runtime builds).

#include <cstddef>
#include <string_view>

#include "epilogue.hpp"
#include "../../element/element.hpp"
#include "../../util/text.hpp"
#include "../../util/cold.hpp"
#include "ptx_sm80.hpp"
#include "wgmma_a_regs.hpp"
#include "wgmma_config.hpp"
#include "wgmma_copies.hpp"
#include "wgmma_instructions.hpp"
#include "wgmma_emulate.hpp"
#include "wgmma_tma.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_body = R"CLC(
// Local tiles in the canonical swizzled layouts the descriptors describe (the hardware XORs address
// bits 4.. with bits 7..):
//   K-major (A transposed, B not): rows of 128 bytes (one m or n, 64 k), 128-byte swizzle. Descriptor:
//     stride between 8-row groups (SBO) 1024 bytes; a k16 step is +32 bytes of start address.
//   MN-major (A not transposed, B transposed): 128-byte swizzle atoms of 8 k rows x 64 m or n, stored
//     [m/n atom][64 k][128 bytes]. Descriptor: LBO 8192 bytes (atom to atom), SBO 1024 bytes (8 k rows);
//     a k16 step is +2048 bytes. The MMA reads such an operand transposed (its tnsp immediate = 1).
#define SWIZZLE_128(o) ((o) ^ ((((o) >> 7) & 7u) << 4))
#if GEMMCL_WG_A_REGS && !GEMMCL_TRANS_A
// A from registers, M-contiguous (wgmma_a_regs.hpp): k rows of BM floats, 16-byte chunks XOR 2 (k % 4).
#define SWIZZLE_A(o) ((o) ^ ((((o) / (BM * 4)) & 3u) << 5))
#elif GEMMCL_TRANS_A
#define A_LBO 16
#define A_SBO 1024                  // 8 rows of 128 bytes
#define A_MODE 1ul                  // 128-byte swizzle
#define A_KSTEP 32
#define A_TNSP "0"
#define SWIZZLE_A SWIZZLE_128
#else
#define A_LBO (BK * 128)
#define A_SBO 1024
#define A_MODE 1ul                  // 128-byte swizzle
#define A_KSTEP 2048
#define A_TNSP "1"
#define SWIZZLE_A SWIZZLE_128
#endif
#if GEMMCL_TRANS_B
#define B_LBO (BK * 128)
#define B_SBO 1024
#define B_MODE 1ul
#define B_KSTEP 2048
#define B_TNSP "1"
#define SWIZZLE_B SWIZZLE_128
#else
#define B_LBO 16
#define B_SBO 1024
#define B_MODE 1ul
#define B_KSTEP 32
#define B_TNSP "0"
#define SWIZZLE_B SWIZZLE_128
#endif

// A shared-memory matrix descriptor: start address, leading and stride byte offsets (all >> 4).
inline ulong matrix_descriptor(const uint addr, const uint lbo, const uint sbo) {
  return (ulong)((addr & 0x3FFFFu) >> 4) | ((ulong)(lbo >> 4) << 16) | ((ulong)(sbo >> 4) << 32);
}

#if GEMMCL_TC_C_TRANS
#if GEMMCL_TC_C_NARROW
#error "C is stored transposed only as floats (TF32)"
#endif
// store_c for two adjacent elements of a C stored transposed, (row, col) and (row, col + 1), at p and
// p + 1, in one 8-byte store: one element at a time, a warp's stores would each fill half of every
// 32-byte sector they touch, twice the transactions of the untransposed store.
inline void store_c_pair(__global float* p, const float2 acc, const float alpha, const float beta,
                         const float2 bias, const float act_lo, const float act_hi) {
  float2 v = alpha * acc;
  if (beta != 0.0f) v += beta * *(__global float2*)p;
#if GEMMCL_EPILOGUE
  v += bias;
  v = ACTIVATE(v, float2);
#endif
  *(__global float2*)p = v;
}
#endif
)CLC";

inline constexpr std::string_view wgmma_kernel = R"CLC(
// Persistent: work-group p computes tiles p, p + G, p + 2G, ... of C (G work-groups along dimension 0),
// and its copies run ahead across the end of a tile into the next, so that the next tile's first K
// steps load while this one's last steps multiply and its results are stored. Split K as in the
// mma.sync kernel: work-groups (., s) multiply K from s * k_chunk into slice s of C.
__kernel __attribute__((reqd_work_group_size(NT, 1, 1)))
void gemmcl_wgmma(const int m, const int n, const int k_total, const int k_chunk, const float alpha,
                  const float beta, const __global elem* restrict a, const ulong a_offset, const int lda,
                  const __global elem* restrict b, const ulong b_offset, const int ldb,
                  __global ctype* c, const ulong c_offset, const int ldc, const ulong c_split
#if WG_TMA
                     , const tensor_map a_map, const tensor_map b_map, __global ulong* restrict map_slots
#endif
#if GEMMCL_EPILOGUE
                     , const __global real* restrict bias, const ulong bias_offset, const real act_lo,
                     const real act_hi
#endif
                     ) {
  __local ushort smem[STAGES * STAGE_BYTES / 2] __attribute__((aligned(1024)));
  const int split = get_group_id(1);
  const int k_begin = split * k_chunk;
  const int k = min(k_chunk, k_total - k_begin);
  const __global elem* A = a + a_offset + (GEMMCL_TRANS_A ? (long)k_begin : (long)k_begin * lda);
  const __global elem* B = b + b_offset + (GEMMCL_TRANS_B ? (long)k_begin * ldb : (long)k_begin);

  const int tiles_m = (m + BM - 1) / BM, tiles_n = (n + BN - 1) / BN, tiles = tiles_m * tiles_n;
  const int groups = get_num_groups(0), in_group = GROUP_M * tiles_n;
  // Tile i's corner: tiles in groups of GROUP_M along m (L2 reuse).
#define TILE_CORNER(i, m0, n0)                                                                      \
  do {                                                                                              \
    const int first_m = ((i) / in_group) * GROUP_M, group_m = min(tiles_m - first_m, GROUP_M);      \
    m0 = (first_m + ((i) % in_group) % group_m) * BM;                                               \
    n0 = (((i) % in_group) / group_m) * BN;                                                         \
  } while (0)

  const int tid = get_local_id(0);
  const int wg = tid >> 7;  // warpgroup: rows 64 wg .. 64 wg + 63 of the tile
  const uint base = SHARED_ADDR(smem);
#if WG_TMA
  // A and/or B by TMA (wgmma_tma.hpp): a barrier per stage; bit s of tma_phases is the phase stage s
  // completes next.
  __local ulong tma_bars[STAGES] __attribute__((aligned(8)));
  __local ulong maps_local[32] __attribute__((aligned(128)));
  __global ulong* const map_slot = map_slots + 32 * (get_group_id(0) + get_num_groups(0) * get_group_id(1));
  const __global elem* const a_base = a + a_offset;
  const __global elem* const b_base = b + b_offset;
  tma_setup(tma_bars, maps_local, a_map, b_map, map_slot, a_base, b_base, tid);
  uint tma_phases = 0;
#define TMA_BAR(stage) (SHARED_ADDR(tma_bars) + 8u * (stage))
#define TMA_LOAD(st)                                                                                \
  tma_load(st, TMA_BAR(((st) - base) / STAGE_BYTES), map_slot, k_begin + copy_kt * BK, cm0, cn0, tid, a_base, lda, \
           b_base, ldb, k_total, m, n WG_SMEM_ARG)
#define TMA_WAIT()                                                                                  \
  do {                                                                                              \
    tma_wait(TMA_BAR(st_read), (tma_phases >> st_read) & 1u);                                       \
    tma_phases ^= 1u << st_read;                                                                    \
  } while (0)
#else
#define TMA_LOAD(st)
#define TMA_WAIT()
#endif
  float acc[NACC];
  // Descriptors of stage 0, k16 step 0 (warpgroup wg's 64 rows of A start 64 wg BK 2 bytes in).
#if !GEMMCL_WG_A_REGS
  const ulong da0 = matrix_descriptor(base + wg * 64 * BK * ESIZE, A_LBO, A_SBO) | (A_MODE << 62);
#endif
  const ulong db0 = matrix_descriptor(base + TILE_A_BYTES, B_LBO, B_SBO) | (B_MODE << 62);
#if GEMMCL_WG_A_REGS
  // A's fragments (wgmma_a_regs.hpp): rows a_row and a_row + 8 of the tile; two register sets where
  // one step's MMAs stay in flight.
  const uint a_row = 64 * wg + 16 * ((tid >> 5) & 3) + ((tid >> 2) & 7);
  const uint a_word0 = a_fragment_word(a_row, tid & 3), a_word1 = a_fragment_word(a_row + 8, tid & 3);
  uint af0[BK / KMMA][4];
#if GEMMCL_WG_INFLIGHT
  uint af1[BK / KMMA][4];
#endif
#if GEMMCL_TC_EMULATE
  __local uint emu_fragments[BM * KMMA];
#endif
#endif

  const int steps = (k + BK - 1) / BK;
  // The copies' cursor: step copy_kt of tile next_tile. A tile of C wholly inside C copies whole K steps
  // from moving pointers (copy_interior); edges and a last partial step check every chunk (copy_tile).
  int next_tile = get_group_id(0), copy_kt = 0, cm0 = 0, cn0 = 0;
  bool interior = false;
  const __global elem *a_next = A, *b_next = B;
  // This work-item's first chunk of A's K step in a tile at row m0 (as copy_tile's chunk tid).
#if GEMMCL_TRANS_A
#define A_FIRST_CHUNK(m0) ((long)((m0) + tid / 8) * lda + EPC * (tid % 8))
#elif GEMMCL_WG_A_REGS
#define A_FIRST_CHUNK(m0) ((long)(tid / (BM / 4)) * lda + (m0) + 4 * (tid % (BM / 4)))
#else
#define A_FIRST_CHUNK(m0) ((long)(tid / 8) * lda + (m0) + 8 * (tid % 8))
#endif
#if GEMMCL_TRANS_A == 0
  const long a_advance = (long)BK * lda;
#else
  const long a_advance = BK;
#endif
#if GEMMCL_TRANS_B == 0
  const long b_advance = BK;
#else
  const long b_advance = (long)BK * ldb;
#endif
#define COPY_TILE_START()                                                                           \
  do {                                                                                              \
    TILE_CORNER(next_tile, cm0, cn0);                                                               \
    interior = cm0 + BM <= m && cn0 + BN <= n;                                                      \
    a_next = A + A_FIRST_CHUNK(cm0);                                                                \
    b_next = B + (GEMMCL_TRANS_B ? (long)(tid / 8) * ldb + cn0 + 8 * (tid % 8)                      \
                                 : (long)(cn0 + tid / 8) * ldb + EPC * (tid % 8));                  \
  } while (0)
  // The next step's copies into the stage at shared address st, if any are left; then the cursor moves.
#define COPY_NEXT(st)                                                                               \
  do {                                                                                              \
    if (next_tile < tiles && steps > 0) {                                                           \
      TMA_LOAD(st);                                                                                 \
      if (interior && (copy_kt + 1) * BK <= k)                                                      \
        copy_interior(st, a_next, lda, b_next, ldb, tid WG_SMEM_ARG);                               \
      else                                                                                          \
        copy_tile(st, A, lda, B, ldb, m, n, k, cm0, cn0, copy_kt * BK, tid WG_SMEM_ARG);            \
      a_next += a_advance;                                                                          \
      b_next += b_advance;                                                                          \
      if (++copy_kt == steps) {                                                                     \
        copy_kt = 0;                                                                                \
        next_tile += groups;                                                                        \
        if (next_tile < tiles) COPY_TILE_START();                                                   \
      }                                                                                             \
    }                                                                                               \
    CP_ASYNC_COMMIT();                                                                              \
  } while (0)
  // One K step: its copies landed and visible to the tensor cores; after the barrier every work-item's
  // copies are in, and the MMAs that read the stage about to be refilled (the step before, or two
  // before with one step in flight) are done; the next copies; this step's MMAs (MMAS); the wait.
#if GEMMCL_TC_TF32 && !GEMMCL_WG_TF32_ROUNDED
#define ROUND_STAGE() round_stage((__local uint4*)smem + st_read * (STAGE_BYTES / 16), tid)
#else
#define ROUND_STAGE()
#endif
#if GEMMCL_WG_INFLIGHT
#define WGMMA_WAIT_STEP(acc) WGMMA_WAIT_1(acc)  /* this step's MMAs may still run */
#else
#define WGMMA_WAIT_STEP(acc) WGMMA_WAIT(acc)    /* done with the stage before it is refilled */
#endif
#define K_STEP(MMAS)                                                                                \
  do {                                                                                              \
    CP_ASYNC_WAIT();                                                                                \
    TMA_WAIT();                                                                                     \
    ROUND_STAGE();                                                                                  \
    FENCE_PROXY_ASYNC();                                                                            \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                   \
    COPY_NEXT(base + st_write * STAGE_BYTES);                                                       \
    MMAS;                                                                                           \
    WGMMA_WAIT_STEP(acc);                                                                           \
    st_read = st_read + 1 == STAGES ? 0 : st_read + 1;                                              \
    st_write = st_write + 1 == STAGES ? 0 : st_write + 1;                                           \
  } while (0)
  // A step's four MMAs (BK / KMMA), both operands read through descriptors.
#define MMA_STEP_DESCRIPTORS()                                                                      \
  do {                                                                                              \
    WGMMA_FENCE(acc);                                                                               \
    const ulong da = da0 + (ulong)((st_read * STAGE_BYTES) >> 4);                                   \
    const ulong db = db0 + (ulong)((st_read * STAGE_BYTES) >> 4);                                   \
    WGMMA_MMA(acc, da, db);                                                                         \
    WGMMA_MMA(acc, da + (A_KSTEP >> 4), db + (B_KSTEP >> 4));                                       \
    WGMMA_MMA(acc, da + (2 * A_KSTEP >> 4), db + (2 * B_KSTEP >> 4));                               \
    WGMMA_MMA(acc, da + (3 * A_KSTEP >> 4), db + (3 * B_KSTEP >> 4));                               \
    WGMMA_COMMIT(acc);                                                                              \
  } while (0)
  if (next_tile < tiles) COPY_TILE_START();
#pragma unroll
  for (int s = 0; s < AHEAD; ++s) COPY_NEXT(base + s * STAGE_BYTES);
  int st_read = 0, st_write = AHEAD;
  for (int tile = get_group_id(0); tile < tiles; tile += groups) {
#pragma unroll
    for (int i = 0; i < NACC; ++i) acc[i] = 0.0f;
    for (int kt = 0; kt < steps; ++kt) {
#if GEMMCL_WG_A_REGS && GEMMCL_WG_INFLIGHT
      // Two K steps an iteration, A's fragments loaded into af0, then af1: while one step's MMAs still
      // read their registers, the next step loads into the other set. (As alternatives in one step,
      // the compiler would merge the two into one set of registers.)
      K_STEP(MMA_STEP_A_REGS(af0));
      if (++kt < steps) K_STEP(MMA_STEP_A_REGS(af1));
#elif GEMMCL_WG_A_REGS
      K_STEP(MMA_STEP_A_REGS(af0));
#else
      K_STEP(MMA_STEP_DESCRIPTORS());
#endif
    }
#if GEMMCL_WG_INFLIGHT
    WGMMA_WAIT(acc);
#endif

    // C := alpha * acc + beta * C (C not read when beta == 0). Warp w of a warpgroup holds rows 16 w + g
    // and 16 w + g + 8; lane 4g + t holds, for each n8 block j, acc[4j .. 4j + 3] = (g, 8j + 2t),
    // (g, 8j + 2t + 1), (g + 8, 8j + 2t), (g + 8, 8j + 2t + 1).
    int m0, n0;
    TILE_CORNER(tile, m0, n0);
    const int lane = tid & 31, warp = (tid >> 5) & 3, g = lane >> 2, t = lane & 3;
    __global ctype* C = c + c_offset + split * c_split;
    const int rows = m0 + 64 * wg + 16 * warp + g;
#if GEMMCL_TC_C_TRANS
    // C stored transposed: (row, col) at row * ldc + col, so a work-item's two columns of an n8 block
    // are adjacent in memory, stored as a pair wherever C's address and ldc keep pairs 8-byte aligned
    // (decided once a tile: tested at every pair, the kernel ran slower).
    if (((ulong)C & 7) == 0 && (ldc & 1) == 0) {
#pragma unroll
      for (int j = 0; j < BN / 8; ++j)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const int row = rows + 8 * h, col = n0 + 8 * j + 2 * t;
          __global float* p = C + ((long)row * ldc + col);
          if (row < m && col + 1 < n)
            store_c_pair(p, (float2)(acc[4 * j + 2 * h], acc[4 * j + 2 * h + 1]), alpha, beta,
                         TC_EPILOGUE_PAIR(row, col));
          else if (row < m && col < n)
            store_c(p, acc[4 * j + 2 * h], alpha, beta, TC_EPILOGUE(row, col));
        }
      continue;
    }
#endif
#pragma unroll
    for (int j = 0; j < BN / 8; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int row = rows + 8 * (e >> 1), col = n0 + 8 * j + 2 * t + (e & 1);
        if (row < m && col < n)
          store_c(C + (GEMMCL_TC_C_TRANS ? (long)row * ldc + col : (long)col * ldc + row), acc[4 * j + e], alpha,
                  beta, TC_EPILOGUE(row, col));
      }
  }
}
)CLC";

// The program for 16-bit element type e (half or bfloat16); never built without the PTX step.
template <class Sink>
constexpr void write_wgmma(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  const bool bf16 = e.name == "bfloat16", tf32 = e.name == "float";
  t.line({"// gemmcl: tensor-core GEMM, wgmma.mma_async (", tf32 ? "float inputs as TF32" : e.name,
          tf32 ? "" : " inputs", ", float accumulators);"});
  t.line("// needs the runtime's PTX post-processing for sm_90a.");
  t.line({"#define GEMMCL_TC_BF16 ", bf16 ? 1 : 0});
  t.line({"#define GEMMCL_TC_TF32 ", tf32 ? 1 : 0});
  t.line("#if GEMMCL_TC_EMULATE  // the element's portable conversions, for the emulation");
  t.raw(e.convert);
  t.line("#endif");
  t.raw(wgmma_config);
  emit_epilogue_prelude(t, "float");
  if (tf32) t.raw(tf32_round_function);
  t.raw(ptx_sm80);
  emit_wgmma_wrappers(t, tf32 ? "tf32" : bf16 ? "bf16" : "f16");
  t.raw(wgmma_emulation);
  t.raw(wgmma_body);
  t.raw(wgmma_copies);
  if (tf32) t.raw(wgmma_a_registers);
  t.raw(tma_ptx);
  t.raw(wgmma_tma);
  t.raw(wgmma_kernel);
}

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
