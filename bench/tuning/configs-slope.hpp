// Tuning run 134 (bench/TUNING.md): is the 64 x 64 entry's K loop bound by local-memory reads at
// 512^3? Its 4 x 4 register tile reads 2 bytes of local memory per FMA (an SM delivers 128 bytes per
// clock against 128 FMAs); 4 x 8 reads 1.5, 8 x 8 one. Fixed in-kernel part counts at K = 512, 1024,
// 2048 give each configuration's cost per K step (the slope) apart from its fixed costs.
#include "entries.hpp"
#define PF Vec<4>, Prefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 4>, PF, SplitK<4, IK>>>("44-s4"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<4, 4>, PF, SplitK<4, IK>>>("44k32-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 8>, PF, SplitK<4, IK>>>("48-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<8, 8>, PF, SplitK<4, IK>>>("88-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<8, 8>, PF, SplitK<8, IK>>>("88-s8"),
