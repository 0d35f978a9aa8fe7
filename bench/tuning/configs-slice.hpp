// Tuning run 135 (bench/TUNING.md): SliceK<S> on 64 x 64 tiles for small products. Run 134 measured the
// 4 x 4 register tile at 1.05 us per K step of 16 at 512^3 (local-memory bound, 2 bytes per FMA); slices
// let 8 x 8 (1 byte per FMA) or 4 x 8 tiles keep 256 work-items per group.
#include "entries.hpp"
#define PF Vec<4>, Prefetch<true>, NV
#define S88 Tile<64, 64, 16>, WorkPerThread<8, 8>, SliceK<4>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 4>, PF, SplitK<4, IK>>>("44-s4"), \
  make<Gemm<S88, PF, SplitK<4, IK>>>("88x4-s4"), \
  make<Gemm<S88, PF, SplitK<2, IK>>>("88x4-s2"), \
  make<Gemm<S88, PF, SplitK<3, IK>>>("88x4-s3"), \
  make<Gemm<S88, PF, RegisterPrefetch<true>, SplitK<4, IK>>>("88x4rp-s4"), \
  make<Gemm<S88, Vec<4>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV, SplitK<4, IK>>>("88x4p3-s4"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<8, 8>, SliceK<4>, PF, SplitK<4, IK>>>("88x4k32-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 8>, SliceK<2>, PF, SplitK<4, IK>>>("48x2-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<8, 8>, SliceK<2>, PF, SplitK<4, IK>>>("88x2-s4"),
