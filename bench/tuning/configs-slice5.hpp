// Tuning run 154 (bench/TUNING.md): 512^3 without a global reduction. 64 tiles of 64 x 64 fill half of
// the 132 multiprocessors, so Gemm<> splits K over 4 work-groups and adds the parts in the kernel
// (~3.3 us of a ~19 us call, run 150). Here K stays whole and the work-group count comes from smaller
// tiles instead (128 of 32 x 64 or 64 x 32, 256 of 32 x 32), each work-group dividing its K steps
// among S slices of 4 x 4 register tiles (SliceK), added through local memory at the end.
#include "entries.hpp"
#define W44 Vec<4>, WorkPerThread<4, 4>
#define P4 Padding<4>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 32, 32>, W44, SliceK<2>, Prefetch<true>, RegisterPrefetch<true>, P4, NV, SplitK<1>>>("64x32k32x2rpp4"), \
  make<Gemm<Tile<64, 32, 32>, W44, SliceK<2>, Prefetch<true>, P4, NV, SplitK<1>>>("64x32k32x2p4"), \
  make<Gemm<Tile<64, 32, 32>, W44, SliceK<2>, Prefetch<true>, RegisterPrefetch<true>, Padding<8>, NV, SplitK<1>>>("64x32k32x2rpp8"), \
  make<Gemm<Tile<32, 64, 32>, W44, SliceK<2>, Prefetch<true>, RegisterPrefetch<true>, P4, NV, SplitK<1>>>("32x64k32x2rpp4"), \
  make<Gemm<Tile<64, 32, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>, Prefetch<true>, P4, NV, SplitK<1>>>("64x32w48k32x4p4"), \
  make<Gemm<Tile<32, 64, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>, Prefetch<true>, P4, NV, SplitK<1>>>("32x64w48k32x4p4"), \
  make<Gemm<Tile<64, 32, 32>, Vec<4>, WorkPerThread<8, 4>, SliceK<4>, Prefetch<true>, P4, NV, SplitK<1>>>("64x32w84k32x4p4"), \
  make<Gemm<Tile<64, 32, 32>, Vec<2>, WorkPerThread<4, 4>, SliceK<4>, Prefetch<true>, P4, NV, SplitK<1>>>("64x32v2k32x4p4"), \
  make<Gemm<Tile<64, 32, 32>, Vec<2>, WorkPerThread<4, 4>, SliceK<4>, Prefetch<true>, RegisterPrefetch<true>, P4, NV, SplitK<1>>>("64x32v2k32x4rpp4"),
