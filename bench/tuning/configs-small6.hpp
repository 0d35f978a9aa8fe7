// Tuning run 133 (bench/TUNING.md): small products on 64 x 64 tiles (Gemm<>'s short parts) against
// tiles of the same area turned so that a warp's 32 work-items run along M (128 x 32) or N (32 x 128),
// with K steps of 32 (with 16, B or A would give a work-item less than one vector).
#include "entries.hpp"
#define T4 Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 64, 16>, T4, SplitK<4, IK>>>("t64x64-s4"), \
  make<Gemm<Tile<128, 32, 32>, T4, SplitK<4, IK>>>("t128x32-s4"), \
  make<Gemm<Tile<128, 32, 32>, T4, SplitK<3, IK>>>("t128x32-s3"), \
  make<Gemm<Tile<32, 128, 32>, T4, SplitK<4, IK>>>("t32x128-s4"),
