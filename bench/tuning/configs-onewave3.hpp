// Tuning run 161 (bench/TUNING.md): Gemm<> with the one-wave rule widened (K up to 1152, outside short
// parts too, the 64 x 64 sliced entry added) against the rule of run 157 (PERF_INCLUDE old/new), beside
// the sliced entries with K whole.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 64, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<2>, Prefetch<true>, Padding<4>, NV, SplitK<1>>>("slice64x64"), \
  make<Gemm<Tile<64, 32, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>, Prefetch<true>, Padding<4>, NV, SplitK<1>>>("slice64x32"),
