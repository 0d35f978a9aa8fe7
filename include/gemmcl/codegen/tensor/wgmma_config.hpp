#pragma once
// The Hopper (wgmma) kernel's tile variants, as the runtime chooses them (runtime/tensor_choice.hpp),
// and the configuration block at the head of its program: build options, tile and pipeline constants,
// the element and C types. The kernel itself is wgmma.hpp's.

#include <cstddef>
#include <string_view>

#include "../../util/cold.hpp"

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
#ifndef GEMMCL_WG_B_TMA
#define GEMMCL_WG_B_TMA 0  // 1: B loaded by TMA (wgmma_tma.hpp; TF32's rounded on the way)
#endif
#ifndef GEMMCL_WG_A_TMA
#define GEMMCL_WG_A_TMA 0  // 1: A too (K-major, through a descriptor)
#endif
#if GEMMCL_WG_B_TMA && GEMMCL_TRANS_B
#error "B by TMA is a B read K-major: not transposed"
#endif
#if GEMMCL_WG_A_TMA && (!GEMMCL_TRANS_A || GEMMCL_WG_A_REGS)
#error "A by TMA is an A read K-major (transposed) through a descriptor"
#endif
#define A_COPIES (GEMMCL_WG_A_TMA ? 0 : CPT_A)  // 16-byte copies per work-item, A's and B's (none by TMA)
#define B_COPIES (GEMMCL_WG_B_TMA ? 0 : CPT_B)
#define WG_TMA (GEMMCL_WG_A_TMA || GEMMCL_WG_B_TMA)
#if GEMMCL_TC_C_NARROW
typedef ushort ctype;
#else
typedef float ctype;
#endif
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
