// Tuning run 157 (bench/TUNING.md): Gemm<> with the one-wave rule for sliced entries (PERF_INCLUDE
// old/new headers), and those two entries with K whole beside it on shapes at the rule's edges.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 32, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>, Prefetch<true>, Padding<4>, NV, SplitK<1>>>("slice64x32"), \
  make<Gemm<Tile<32, 64, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>, Prefetch<true>, Padding<4>, NV, SplitK<1>>>("slice32x64"),
