#pragma once
// The Hopper kernel's operands by TMA (codegen/tensor/wgmma.hpp): B where it is read K-major, as stored
// (GEMMCL_WG_B_TMA=1), and A where it is read K-major through a descriptor (GEMMCL_WG_A_TMA=1). Work-item
// 0 loads each K step of such an operand (its rows of 128 bytes) with one cp.async.bulk.tensor into the
// stage's tile in the 128-byte swizzle the descriptors read; each stage has an mbarrier, armed by
// work-item 0 with the tiles' bytes and waited on by every work-item. For TF32 the map is a TFLOAT32
// one, which rounds every float to TF32 (nearest, ties to even) as it copies, so these operands need
// neither a rounding copy before the kernel nor a rounding pass in it; 16-bit operands arrive as
// stored, without the work-items' copy instructions (docs/tensor-cores.md).
// The instructions and the maps' setup are tma_ptx.hpp's. Under
// GEMMCL_TC_EMULATE every work-item copies its share of the same boxes with the same rounding, zeros
// outside the operand, and swizzle.

#include <string_view>

#include "tma_ptx.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_tma = R"CLC(
#if WG_TMA
#define B_TILE_BYTES (BN * BK * ESIZE)
// Work-group setup (tma_ptx.hpp): A's map at slot[0..15], B's at slot[16..31].
inline void tma_setup(__local ulong* bars, __local ulong* maps_local, const tensor_map a_map, const tensor_map b_map,
                      __global ulong* slot, const __global elem* a_base, const __global elem* b_base, const int tid) {
  tma_setup_maps(bars, STAGES, maps_local, a_map, b_map, slot, (ulong)a_base, (ulong)b_base, GEMMCL_WG_A_TMA,
                 GEMMCL_WG_B_TMA, tid);
}

#if GEMMCL_TC_EMULATE
// A box of `rows` K-major rows at (k0, r0) of an operand with `extent` rows (and k_total of K), row r
// at base + r * ld, into the tile at shared offset dst (TF32: rounded), with zeros outside the operand.
inline void emu_tma_box(__local ushort* smem, const uint dst, const __global elem* base, const int ld, const int k0,
                        const int r0, const int k_total, const int extent, const int rows, const int tid) {
  for (int e = tid; e < rows * BK; e += NT) {
    const int r = e / BK, c = e % BK, gk = k0 + c, gr = r0 + r;
    const uint o = (uint)(r * BK + c) * ESIZE;
    const elem x = gk < k_total && gr < extent ? base[(long)gr * ld + gk] : (elem)0;
#if GEMMCL_TC_TF32
    ((__local uint*)smem)[(dst + SWIZZLE_128(o)) / 4] = TF32_ROUND(x);
#else
    smem[(dst + SWIZZLE_128(o)) / 2] = x;
#endif
  }
}
#endif

// The boxes at K offset k0 (rows m0 of A, n0 of B) into the stage at shared address st, with the
// stage's barrier bar (work-item 0; under emulation every work-item, its share).
inline void tma_load(const uint st, const uint bar, const __global ulong* slot, const int k0, const int m0, const int n0,
                     const int tid, const __global elem* a_base, const int lda, const __global elem* b_base,
                     const int ldb, const int k_total, const int m, const int n WG_SMEM_PARAM) {
#if GEMMCL_TC_EMULATE
  if (GEMMCL_WG_A_TMA) emu_tma_box(smem, st, a_base, lda, k0, m0, k_total, m, BM, tid);
  if (GEMMCL_WG_B_TMA) emu_tma_box(smem, st + TILE_A_BYTES, b_base, ldb, k0, n0, k_total, n, BN, tid);
#else
  if (tid == 0) {
    mbarrier_arrive_expect_tx_shared_b64(bar, (GEMMCL_WG_A_TMA ? TILE_A_BYTES : 0) + (GEMMCL_WG_B_TMA ? B_TILE_BYTES : 0));
    if (GEMMCL_WG_A_TMA) cp_async_bulk_tensor_2d_shared_global_tile_mbarrier(st, (ulong)slot, k0, m0, bar);
    if (GEMMCL_WG_B_TMA)
      cp_async_bulk_tensor_2d_shared_global_tile_mbarrier(st + TILE_A_BYTES, (ulong)(slot + 16), k0, n0, bar);
  }
#endif
}

#endif
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
