#pragma once
// The Hopper kernel's operands by TMA (codegen/tensor/wgmma.hpp): B where it is read K-major, as stored
// (GEMMCL_WG_B_TMA=1), and A where it is read K-major through a descriptor (GEMMCL_WG_A_TMA=1). Work-item
// 0 loads each K step of such an operand (its rows of 128 bytes) with one cp.async.bulk.tensor into the
// stage's tile in the 128-byte swizzle the descriptors read; each stage has an mbarrier, armed by
// work-item 0 with the tiles' bytes and waited on by every work-item. For TF32 the map is a TFLOAT32
// one, which rounds every float to TF32 (nearest, ties to even) as it copies, so these operands need
// neither a rounding copy before the kernel nor a rounding pass in it; 16-bit operands arrive as
// stored, without the work-items' copy instructions (docs/tensor-cores.md).
// The runtime passes the maps (runtime/tensor_map.hpp) without addresses, and a global slot of 256 bytes
// per work-group: each work-group writes the operands' addresses into its copies (tensormap.replace,
// an sm_90a instruction, so a "//@" line for the PTX step) and loads through them. Under
// GEMMCL_TC_EMULATE every work-item copies its share of the same boxes with the same rounding, zeros
// outside the operand, and swizzle.

#include <string_view>

#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_tma = R"CLC(
#if WG_TMA
typedef struct { ulong w[16]; } tensor_map;  // 128 bytes, as the hardware reads them
#define B_TILE_BYTES (BN * BK * ESIZE)
#if !GEMMCL_TC_EMULATE
inline void mbarrier_init_shared_b64(const uint bar, const uint count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
inline void fence_mbarrier_init_release_cluster(void) {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
inline void mbarrier_arrive_expect_tx_shared_b64(const uint bar, const uint bytes) {
  asm volatile("{\n.reg .b64 state;\nmbarrier.arrive.expect_tx.shared::cta.b64 state, [%0], %1;\n}" ::"r"(bar),
               "r"(bytes) : "memory");
}
inline uint mbarrier_try_wait_parity_shared_b64(const uint bar, const uint parity) {
  uint done;
  asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}"
               : "=r"(done) : "r"(bar), "r"(parity) : "memory");
  return done;
}
inline void cp_async_bulk_tensor_2d_shared_global_tile_mbarrier(const uint dst, const ulong map, const int c0,
                                                                 const int c1, const uint bar) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
               ::"r"(dst), "l"(map), "r"(c0), "r"(c1), "r"(bar) : "memory");
}
inline void tensormap_replace_tile_global_address_shared_b64(const uint map, const ulong address) {
  asm volatile("//@tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%0], %1;" ::"r"(map), "l"(address)
               : "memory");
}
inline void tensormap_cp_fenceproxy_global_shared_release_gpu(const ulong dst, const uint src) {
  asm volatile("//@tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%0], [%1], 128;"
               ::"l"(dst), "r"(src) : "memory");
}
inline void fence_proxy_tensormap_generic_acquire_gpu(const ulong map) {
  asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(map) : "memory");
}
#endif

// Work-group setup: the stages' barriers, and this work-group's maps (A's at slot[0..15], B's at
// slot[16..31]) with the operands' addresses in them.
inline void tma_setup(__local ulong* bars, __local ulong* maps_local, const tensor_map a_map, const tensor_map b_map,
                      __global ulong* slot, const __global elem* a_base, const __global elem* b_base, const int tid) {
#if !GEMMCL_TC_EMULATE
  if (tid < 16) maps_local[tid] = a_map.w[tid];
  else if (tid < 32) maps_local[tid] = b_map.w[tid - 16];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid == 0) {
    if (GEMMCL_WG_A_TMA) tensormap_replace_tile_global_address_shared_b64(SHARED_ADDR(maps_local), (ulong)a_base);
    if (GEMMCL_WG_B_TMA) tensormap_replace_tile_global_address_shared_b64(SHARED_ADDR(maps_local) + 128u, (ulong)b_base);
    for (int s = 0; s < STAGES; ++s) mbarrier_init_shared_b64(SHARED_ADDR(bars) + 8u * s, 1);
    fence_mbarrier_init_release_cluster();
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 32) {
    if (GEMMCL_WG_A_TMA) tensormap_cp_fenceproxy_global_shared_release_gpu((ulong)slot, SHARED_ADDR(maps_local));
    if (GEMMCL_WG_B_TMA) tensormap_cp_fenceproxy_global_shared_release_gpu((ulong)(slot + 16), SHARED_ADDR(maps_local) + 128u);
  }
  if (tid == 0) {
    if (GEMMCL_WG_A_TMA) fence_proxy_tensormap_generic_acquire_gpu((ulong)slot);
    if (GEMMCL_WG_B_TMA) fence_proxy_tensormap_generic_acquire_gpu((ulong)(slot + 16));
  }
#endif
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

// Waits until the stage's tiles have landed: its barrier completes phase `parity`.
inline void tma_wait(const uint bar, const uint parity) {
#if !GEMMCL_TC_EMULATE
  while (!mbarrier_try_wait_parity_shared_b64(bar, parity)) {
  }
#endif
}
#endif
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
