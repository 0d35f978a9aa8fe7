#pragma once
// The TMA instructions the tensor-core kernels load operands with (cp.async.bulk.tensor, the stages'
// mbarriers) and the work-group's setup of its tensor maps: the runtime passes the maps
// (runtime/tensor_map.hpp) without addresses and a global slot of 256 bytes per work-group; the
// work-group writes the operands' addresses into its copies (tensormap.replace, an sm_90a instruction,
// so a "//@" line for the PTX step) and loads through them. Or (the DMMA kernel's
// GEMMCL_DMMA_PARAM_MAPS) the runtime passes them whole and the loads read them as parameters.
// SHARED_ADDR comes from the kernel's PTX wrappers; under GEMMCL_TC_EMULATE there are no instructions
// and the setup does nothing.

#include <string_view>

#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view tma_ptx = R"CLC(
typedef struct { ulong w[16]; } tensor_map;  // 128 bytes, as the hardware reads them
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
inline void prefetch_tensormap(const ulong map) {
  asm volatile("//@prefetch.tensormap [%0];" ::"l"(map) : "memory");
}
inline void abort_kernel(void) { asm volatile("trap;" ::: "memory"); }
// A map parameter's generic address, where TMA reads it (a kernel defines A_MAP_PARAM and B_MAP_PARAM,
// its parameters' names in the PTX; the PTX step aligns them to 64 bytes, as TMA requires).
#ifdef A_MAP_PARAM
#define GEMMCL_PTX_NAME2(x) #x
#define GEMMCL_PTX_NAME(x) GEMMCL_PTX_NAME2(x)
inline ulong param_address_a_map(void) {
  ulong p;
  asm volatile("//@mov.u64 %0, " GEMMCL_PTX_NAME(A_MAP_PARAM) ";\n\t//@cvta.param.u64 %0, %0;" : "=l"(p));
  return p;
}
inline ulong param_address_b_map(void) {
  ulong p;
  asm volatile("//@mov.u64 %0, " GEMMCL_PTX_NAME(B_MAP_PARAM) ";\n\t//@cvta.param.u64 %0, %0;" : "=l"(p));
  return p;
}
#endif
inline void fence_proxy_tensormap_generic_acquire_gpu(const ulong map) {
  asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(map) : "memory");
}
#endif

// Work-group setup: `stages` barriers, and this work-group's maps (A's at slot[0..15], B's at
// slot[16..31]) with the operands' addresses in them (those of use_a, use_b).
inline void tma_setup_maps(__local ulong* bars, const int stages, __local ulong* maps_local, const tensor_map a_map,
                           const tensor_map b_map, __global ulong* slot, const ulong a_address,
                           const ulong b_address, const int use_a, const int use_b, const int tid) {
#if !GEMMCL_TC_EMULATE
  if (tid < 16) maps_local[tid] = a_map.w[tid];
  else if (tid < 32) maps_local[tid] = b_map.w[tid - 16];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid == 0) {
    if (use_a) tensormap_replace_tile_global_address_shared_b64(SHARED_ADDR(maps_local), a_address);
    if (use_b) tensormap_replace_tile_global_address_shared_b64(SHARED_ADDR(maps_local) + 128u, b_address);
    for (int s = 0; s < stages; ++s) mbarrier_init_shared_b64(SHARED_ADDR(bars) + 8u * s, 1);
    fence_mbarrier_init_release_cluster();
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid < 32) {
    if (use_a) tensormap_cp_fenceproxy_global_shared_release_gpu((ulong)slot, SHARED_ADDR(maps_local));
    if (use_b) tensormap_cp_fenceproxy_global_shared_release_gpu((ulong)(slot + 16), SHARED_ADDR(maps_local) + 128u);
  }
  if (tid == 0) {
    if (use_a) fence_proxy_tensormap_generic_acquire_gpu((ulong)slot);
    if (use_b) fence_proxy_tensormap_generic_acquire_gpu((ulong)(slot + 16));
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
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
