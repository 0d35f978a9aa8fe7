// Tuning run 153 (bench/TUNING.md): 64 x 64 tiles in 128 work-items (4 x 8 or 8 x 4 per work-item,
// whose K loop ran 6.8 us per 128 K against the 4 x 4 tile's 8.4, run 134) in 3-4 in-kernel parts,
// beside Gemm<>; run on include/ and on a header copy whose in-kernel sum reads 4 vectors of the tile
// per round instead of 2 (half the rounds for a group of 128).
#include "entries.hpp"
#define W48 Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 8>, Prefetch<true>, NV
#define W84 Tile<64, 64, 16>, Vec<4>, WorkPerThread<8, 4>, Prefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<W48, SplitK<4, IK>>>("t64x64-4x8-s4"), \
  make<Gemm<W48, SplitK<3, IK>>>("t64x64-4x8-s3"), \
  make<Gemm<W48, RegisterPrefetch<true>, SplitK<4, IK>>>("t64x64-4x8rp-s4"), \
  make<Gemm<W84, SplitK<4, IK>>>("t64x64-8x4-s4"),
