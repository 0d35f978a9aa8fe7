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
// GEMMCL_TC_C_TRANS (C stored transposed, where the runtime computes C^T), and the tile and pipeline's
// (below): the runtime builds the 128 x 128 default, the wide variant for products whose 128 x 256 tiles
// (nearly) fill the device, the narrow one (128 x 64) or the short one (64 x 128).

#include <cstddef>
#include <string_view>

#include "epilogue.hpp"
#include "../../element/element.hpp"
#include "../../util/text.hpp"
#include "../../util/cold.hpp"
#include "ptx_sm80.hpp"
#include "wgmma_a_regs.hpp"
#include "wgmma_copies.hpp"
#include "wgmma_instructions.hpp"
#include "wgmma_emulate.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_kernel_name = "gemmcl_wgmma";
inline constexpr int wgmma_tile_m = 128, wgmma_tile_n = 128;
// Work-items of a work-group of tile_m rows: a warpgroup of 128 per 64 rows (the kernel's NT).
constexpr std::size_t wgmma_threads(std::size_t tile_m) { return 2 * tile_m; }
// The wide variant: 128 x 256 tiles, K steps of 64 in four buffers (192 KiB), one step's MMAs in flight.
inline constexpr int wgmma_wide_tile_n = 256;
inline constexpr std::string_view wgmma_wide_options =
    " -DGEMMCL_WG_BN=256 -DGEMMCL_WG_STAGES=4 -DGEMMCL_WG_INFLIGHT=1";
// The narrow variant: 128 x 64 tiles, for products whose 128 x 128 tiles would leave multiprocessors idle
// or half empty (N of 64).
inline constexpr int wgmma_narrow_tile_n = 64;
inline constexpr std::string_view wgmma_narrow_options =
    " -DGEMMCL_WG_BN=64 -DGEMMCL_WG_STAGES=4 -DGEMMCL_WG_INFLIGHT=1";
// The short variant: 64 x 128 tiles of one warpgroup, for a C of at most 64 rows, which would leave half
// of each 128-row tile empty (a row-major C of 64 columns is one inside). Four buffers (96 KiB).
inline constexpr int wgmma_short_tile_m = 64;
inline constexpr std::string_view wgmma_short_options =
    " -DGEMMCL_WG_BM=64 -DGEMMCL_WG_BN=128 -DGEMMCL_WG_STAGES=4 -DGEMMCL_WG_INFLIGHT=1";

inline constexpr std::string_view wgmma_config = R"CLC(
// Work-group tile BM (m) x BN (n), K steps of 128 bytes (64 16-bit elements, 32 floats): BM / 64
// warpgroups of 128 work-items, warpgroup w computing rows 64 w .. 64 w + 63 with one MMA per 32 bytes
// of K (m64nBNk16, or m64nBNk8 for TF32; BN / 2 float accumulators per work-item).
// Build options: GEMMCL_WG_BM (128 or 64), GEMMCL_WG_BN (64, 128 or 256), GEMMCL_WG_STAGES (local
// buffers) and GEMMCL_WG_INFLIGHT
// (0: each K step's MMAs finish before the next step; 1: one step's MMAs stay in flight, and copies
// run STAGES - 2 steps ahead instead of STAGES - 1). NVIDIA's OpenCL reports 48 KiB of local memory,
// the most a kernel argument may take, but launches kernels whose static local arrays take up to
// 227 KiB: 128 x 128 tiles take 96 KiB in three buffers (two work-groups per multiprocessor), the wide
// variant 192 KiB in four.
#ifndef GEMMCL_WG_BN
#define GEMMCL_WG_BN 128
#endif
#ifndef GEMMCL_WG_STAGES
#define GEMMCL_WG_STAGES 3
#endif
#ifndef GEMMCL_WG_INFLIGHT
#define GEMMCL_WG_INFLIGHT 0
#endif
// TF32: A and B are floats (their bits as uint), rounded to TF32 in local memory once they land, or
// already rounded by the runtime's copies (GEMMCL_WG_TF32_ROUNDED=1); the MMA reads TF32 only from
// K-major tiles, so the runtime gives this kernel B not transposed, and A transposed unless A comes
// from registers (GEMMCL_WG_A_REGS=1, wgmma_a_regs.hpp: rounded there, read in either layout).
#ifndef GEMMCL_WG_A_REGS
#define GEMMCL_WG_A_REGS 0
#endif
#if GEMMCL_TC_TF32
typedef uint elem;
#define ESIZE 4
#if (GEMMCL_TRANS_A == 0 && !GEMMCL_WG_A_REGS) || GEMMCL_TRANS_B == 1
#error "TF32 wgmma reads K-major tiles only: A transposed (or from registers), B not"
#endif
#else
typedef ushort elem;
#define ESIZE 2
#endif
#define EPC (16 / ESIZE)      // elements per 16-byte chunk
#ifndef GEMMCL_WG_BM
#define GEMMCL_WG_BM 128
#endif
#define BM GEMMCL_WG_BM
#define BN GEMMCL_WG_BN
#define BK (128 / ESIZE)      // K step: rows of 128 bytes
#define KMMA (32 / ESIZE)     // K of one MMA: 32 bytes of each row (four MMAs a K step)
#define NT (2 * BM)           // a warpgroup of 128 work-items per 64 rows
#define STAGES GEMMCL_WG_STAGES
#define AHEAD (STAGES - 1 - GEMMCL_WG_INFLIGHT)  // K steps whose copies are in flight
#define STR2(x) #x
#define STR(x) STR2(x)
#define WAIT_PENDING STR(AHEAD - 1)  // copy groups left pending when a step's copies must be in
#define GROUP_M 16  // tiles of C walked in groups of 16 along m (L2 reuse)
#define TILE_A_BYTES (BM * BK * ESIZE)
#define STAGE_BYTES ((BM + BN) * BK * ESIZE)
#define CPT_A (BM * BK / EPC / NT)  // 16-byte copies per work-item: A's tile
#define CPT_B (BN * BK / EPC / NT)  // and B's
#define NACC (BN / 2)               // float accumulators per work-item
#ifndef GEMMCL_TRANS_A
#define GEMMCL_TRANS_A 0
#endif
#ifndef GEMMCL_TRANS_B
#define GEMMCL_TRANS_B 0
#endif
#ifndef GEMMCL_TC_C_NARROW
#define GEMMCL_TC_C_NARROW 0
#endif
#ifndef GEMMCL_TC_C_TRANS
#define GEMMCL_TC_C_TRANS 0
#endif
#ifndef GEMMCL_TC_EMULATE
#define GEMMCL_TC_EMULATE 0  // 1: every instruction emulated (wgmma_emulate.hpp), for tests on any device
#endif
#if GEMMCL_TC_C_NARROW
typedef ushort ctype;
#else
typedef float ctype;
#endif
)CLC";

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
  t.raw(wgmma_kernel);
}

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
