// Tuning run 160 (bench/TUNING.md): one wave of sliced 64 x 64 work-groups for 576^3-768^3, where the
// 64 x 32 sliced tiles of the one-wave rule would need a second group on some units (162+ tiles) and
// Gemm<> splits 64 x 64 tiles in 3 parts (576^3 0.77-0.91x cuBLAS, run 158).
#include "entries.hpp"
#define S64 Tile<64, 64, 32>, Vec<4>, Prefetch<true>, Padding<4>, NV, SplitK<1>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<S64, WorkPerThread<4, 8>, SliceK<4>>>("64x64w48x4"), \
  make<Gemm<S64, WorkPerThread<4, 8>, SliceK<2>>>("64x64w48x2"), \
  make<Gemm<S64, WorkPerThread<8, 8>, SliceK<4>>>("64x64w88x4"), \
  make<Gemm<S64, WorkPerThread<4, 4>, SliceK<2>>>("64x64w44x2"), \
  make<Gemm<Tile<64, 64, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<2>, Prefetch<true>, Padding<4>, NV, SplitK<2, IK>>>("64x64w48x2-s2"),
