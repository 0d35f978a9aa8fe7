// Tuning run 124 (bench/TUNING.md): the 64 x 64 tile in 3-4 in-kernel parts, as Gemm<> now runs it at
// 384^3-576^3, against the same tile fed by a cp.async pipeline of 3-4 stages, K steps of 16.
#include "entries.hpp"
#define S64 Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<S64, Prefetch<true>, NV, SplitK<4, IK>>>("small-s4"), \
  make<Gemm<S64, Prefetch<true>, RegisterPrefetch<true>, NV, SplitK<4, IK>>>("small-rp-s4"), \
  make<Gemm<S64, Pipeline<3>, Padding<4>, NV, SplitK<4, IK>>>("small-p3-s4"), \
  make<Gemm<S64, Pipeline<4>, Padding<4>, NV, SplitK<4, IK>>>("small-p4-s4"), \
  make<Gemm<S64, Pipeline<4>, Padding<4>, RegisterPrefetch<true>, NV, SplitK<4, IK>>>("small-p4rp-s4"), \
  make<Gemm<S64, Pipeline<4>, Padding<4>, NV, SplitK<3, IK>>>("small-p4-s3"),
