#pragma once
// The Hopper kernel's TF32 B by TMA (GEMMCL_WG_B_TMA=1; codegen/tensor/wgmma.hpp): work-item 0 loads each
// K step of B (BN rows of 32 floats, K-major) with one cp.async.bulk.tensor through a TFLOAT32 tensor
// map, which rounds every float to TF32 (nearest, ties to even) as it copies, into the stage's B tile in
// the 128-byte swizzle the descriptors read; each stage has an mbarrier, armed by work-item 0 with the
// tile's bytes and waited on by every work-item. So B needs neither a rounding copy before the kernel nor
// a rounding pass over local memory (docs/tensor-cores.md).
// The runtime passes the map (runtime/tensor_map.hpp) without an address, and a global slot of 128 bytes
// per work-group: each work-group writes B's address into its copy (tensormap.replace, an sm_90a
// instruction, so a "//@" line for the PTX step) and loads through it. Under GEMMCL_TC_EMULATE every
// work-item copies its share of the same box with the same rounding, zeros outside B, and swizzle.

#include <string_view>

#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_tma = R"CLC(
#if GEMMCL_WG_B_TMA
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

// Work-group setup: the stages' barriers, and this work-group's map, B's address in it, in `slot`.
inline void b_tma_setup(__local ulong* bars, __local ulong* map_local, const tensor_map map, __global ulong* slot,
                        const __global elem* b_base, const int tid) {
#if !GEMMCL_TC_EMULATE
  if (tid < 16) map_local[tid] = map.w[tid];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid == 0) {
    tensormap_replace_tile_global_address_shared_b64(SHARED_ADDR(map_local), (ulong)b_base);
    for (int s = 0; s < STAGES; ++s) mbarrier_init_shared_b64(SHARED_ADDR(bars) + 8u * s, 1);
    fence_mbarrier_init_release_cluster();
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 32) tensormap_cp_fenceproxy_global_shared_release_gpu((ulong)slot, SHARED_ADDR(map_local));
  if (tid == 0) fence_proxy_tensormap_generic_acquire_gpu((ulong)slot);
#endif
}

// B's box at (k0, n0) of the map (K inner) into the B tile of the stage at shared address st, with
// stage's barrier bar (work-item 0; under emulation every work-item, its share).
inline void b_tma_load(const uint st, const uint bar, const __global ulong* slot, const int k0, const int n0,
                       const int tid, const __global elem* b_base, const int ldb, const int k_total, const int n
                       WG_SMEM_PARAM) {
#if GEMMCL_TC_EMULATE
  for (int e = tid; e < BN * BK; e += NT) {
    const int r = e / BK, c = e % BK, gk = k0 + c, gn = n0 + r;
    const uint o = (uint)(r * BK + c) * ESIZE;
    ((__local uint*)smem)[(st + TILE_A_BYTES + SWIZZLE_128(o)) / 4] =
        gk < k_total && gn < n ? TF32_ROUND(b_base[(long)gn * ldb + gk]) : 0u;
  }
#else
  if (tid == 0) {
    mbarrier_arrive_expect_tx_shared_b64(bar, B_TILE_BYTES);
    cp_async_bulk_tensor_2d_shared_global_tile_mbarrier(st + TILE_A_BYTES, (ulong)slot, k0, n0, bar);
  }
#endif
}

// Waits until the stage's B tile has landed: its barrier completes phase `parity`.
inline void b_tma_wait(const uint bar, const uint parity) {
#if !GEMMCL_TC_EMULATE
  while (!mbarrier_try_wait_parity_shared_b64(bar, parity)) {
  }
#endif
}
#endif
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
