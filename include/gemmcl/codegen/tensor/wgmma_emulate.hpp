#pragma once
// The Hopper kernel's instructions in portable OpenCL C (GEMMCL_TC_EMULATE=1), so that its indexing
// (copies, swizzles, descriptors, fragments, edges, variants) runs and is tested on any OpenCL device:
// cp.async becomes a plain copy, the fences and wgmma's fence, commit and wait do nothing (a work-group
// barrier already orders the copies and the reads), and wgmma.mma_async is computed by each work-item
// for the accumulators it holds, reading A and B from local memory the way the tensor cores read them:
// from the descriptor's start address, leading and stride byte offsets, through the 128-byte swizzle.
// The descriptors then hold offsets from the start of the kernel's local array (SHARED_ADDR is 0).
// It is slow and meant for nothing else.

#include <string_view>

#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_emulation = R"CLC(
#if GEMMCL_TC_EMULATE
#define SHARED_ADDR(p) 0u
#define WG_SMEM_PARAM , __local ushort* smem
#define WG_SMEM_ARG , smem
#define WG_CP16(off, src, bytes) emu_cp_async(smem, (off), (src), (bytes))
#define FENCE_PROXY_ASYNC()
#define WGMMA_FENCE(acc)
#define WGMMA_COMMIT(acc)
#define WGMMA_WAIT(acc)
#define WGMMA_WAIT_1(acc)
#define WGMMA_MMA(acc, da, db) emu_wgmma((acc), (da), (db), smem)
#define WGMMA_MMA_RS(acc, a, db) emu_wgmma_rs((acc), (a), (db), smem, emu_fragments)
#if GEMMCL_TC_TF32                      // TF32: K-major tiles only
#define EMU_A_MN 0
#define EMU_B_MN 0
#else
#define EMU_A_MN (GEMMCL_TRANS_A == 0)  // A read transposed (M-contiguous tile)
#define EMU_B_MN (GEMMCL_TRANS_B == 1)  // B read transposed (N-contiguous tile)
#endif

// The operands of one MMA, by their descriptors: K-major, rows of 128 bytes, one per m or n, in groups
// of 8 rows SBO bytes apart; MN-major, 128-byte rows of 64 m or n, one per k, in groups of 8 k SBO bytes
// apart, and groups of 64 m or n LBO bytes apart. Then the 128-byte swizzle (mode 1): address bits 4-6
// XOR bits 7-9. Each descriptor is decoded once per MMA, and the part of an address that depends on k
// alone once per k (the emulation runs under Oclgrind, where every operation counts).
typedef struct {
  uint start, lbo, sbo;
} EmuDesc;
inline EmuDesc emu_desc(const ulong d) {
  EmuDesc r;
  r.start = (uint)(d & 0x3FFFul) << 4;
  r.lbo = (uint)((d >> 16) & 0x3FFFul) << 4;
  r.sbo = (uint)((d >> 32) & 0x3FFFul) << 4;
  return r;
}
// Byte offset of row or column k's elements, then of element mn within them.
#define EMU_K_BASE(dd, k, mn_major) \
  ((mn_major) ? (dd).start + ((k) / 8) * (dd).sbo + ((k) % 8) * 128 : (dd).start + ESIZE * (k))
#define EMU_AT(dd, base, mn, mn_major) \
  ((mn_major) ? (base) + ((mn) / 64) * (dd).lbo + ((mn) % 64) * 2 : (base) + ((mn) / 8) * (dd).sbo + ((mn) % 8) * 128)
#if GEMMCL_TC_TF32  // the MMA reads a float's TF32 bits
#define EMU_READ(o) as_float(((__local const uint*)smem)[((o) ^ ((((o) >> 7) & 7u) << 4)) / 4] & 0xFFFFE000u)
#else
#define EMU_READ(o) emu_widen(smem[((o) ^ ((((o) >> 7) & 7u) << 4)) / 2])
#endif

// D (64 x BN, float, per warpgroup) += A (64 x KMMA) * B (KMMA x BN): work-item 32 w + 4 g + t of the
// warpgroup holds, for each n8 block j, rows 16 w + g and 16 w + g + 8, columns 8 j + 2 t and + 1.
// K is the outer loop, so that each element of A and B is found once for the two rows and the columns
// that use it; every sum still takes its products in K's order.
inline void emu_wgmma(float* acc, const ulong da, const ulong db, __local const ushort* smem) {
  const uint lane = get_local_id(0) & 127u, w = lane >> 5, g = (lane >> 2) & 7u, t = lane & 3u;
  const EmuDesc a = emu_desc(da), b = emu_desc(db);
  for (uint k = 0; k < KMMA; ++k) {
    const uint a_base = EMU_K_BASE(a, k, EMU_A_MN), b_base = EMU_K_BASE(b, k, EMU_B_MN);
    const float a0 = EMU_READ(EMU_AT(a, a_base, 16 * w + g, EMU_A_MN));
    const float a1 = EMU_READ(EMU_AT(a, a_base, 16 * w + g + 8, EMU_A_MN));
    for (uint j = 0; j < BN / 8; ++j)
      for (uint c = 0; c < 2; ++c) {
        const float bv = EMU_READ(EMU_AT(b, b_base, 8 * j + 2 * t + c, EMU_B_MN));
        acc[4 * j + c] += a0 * bv;
        acc[4 * j + 2 + c] += a1 * bv;
      }
  }
}

#if GEMMCL_WG_A_REGS
// The same with A from registers (wgmma_a_regs.hpp): each work-item's four fragment registers go to
// their places in a 64 x KMMA block per warpgroup (element e: row 16 w + g + 8 (e % 2), column
// t + 4 (e / 2)), from which every work-item then reads the rows it needs.
inline void emu_wgmma_rs(float* acc, const uint a[4], const ulong db, __local const ushort* smem,
                         __local uint* fragments) {
  const uint id = get_local_id(0), lane = id & 127u, w = lane >> 5, g = (lane >> 2) & 7u, t = lane & 3u;
  __local uint* block = fragments + (id >> 7) * 64 * KMMA;
  for (uint e = 0; e < 4; ++e) block[(16 * w + g + 8 * (e & 1)) * KMMA + t + 4 * (e >> 1)] = a[e];
  barrier(CLK_LOCAL_MEM_FENCE);
  const EmuDesc b = emu_desc(db);
  for (uint k = 0; k < KMMA; ++k) {
    const float a0 = as_float(block[(16 * w + g) * KMMA + k] & 0xFFFFE000u);
    const float a1 = as_float(block[(16 * w + g + 8) * KMMA + k] & 0xFFFFE000u);
    const uint b_base = EMU_K_BASE(b, k, EMU_B_MN);
    for (uint j = 0; j < BN / 8; ++j)
      for (uint c = 0; c < 2; ++c) {
        const float bv = EMU_READ(EMU_AT(b, b_base, 8 * j + 2 * t + c, EMU_B_MN));
        acc[4 * j + c] += a0 * bv;
        acc[4 * j + 2 + c] += a1 * bv;
      }
  }
  barrier(CLK_LOCAL_MEM_FENCE);  // before the next MMA's fragments overwrite these
}
#endif
#endif
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
