// Tuning run 149 (bench/TUNING.md): runs 145 and 148 place the 64 x 64 entry's stalls on local-read
// latency with four warps per scheduler. SliceK<2> on that very tile keeps its 4 x 4 register tiles
// and doubles the warps (512 work-items per group, two groups per SM if 64 registers suffice); a K step
// of 32 so that each of the 512 work-items still loads whole vectors.
#include "entries.hpp"
#define E64 Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 64, 16>, E64, SplitK<4, IK>>>("e64-s4"), \
  make<Gemm<Tile<64, 64, 32>, E64, SplitK<4, IK>>>("e64k32-s4"), \
  make<Gemm<Tile<64, 64, 32>, E64, SliceK<2>, SplitK<4, IK>>>("e64k32x2-s4"), \
  make<Gemm<Tile<64, 64, 32>, E64, SliceK<2>, SplitK<3, IK>>>("e64k32x2-s3"), \
  make<Gemm<Tile<64, 64, 32>, E64, SliceK<2>, SplitK<2, IK>>>("e64k32x2-s2"), \
  make<Gemm<Tile<64, 64, 32>, E64, SliceK<2>, RegisterPrefetch<true>, SplitK<4, IK>>>("e64k32x2rp-s4"),
