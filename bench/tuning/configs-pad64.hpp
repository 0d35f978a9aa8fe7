// Tuning run 147 (bench/TUNING.md): run 145 found 10% of the 64 x 64 entry's local-memory wavefronts
// excessive at 512^3, all in the transposing stores of K-contiguous operands (4-way bank conflicts with
// rows of 64 floats). Padded rows against them: Padding<4> (2-way, rows stay vector-aligned), <2> and
// <1> (conflict-free stores, element-aligned rows), with and without RegisterPrefetch.
#include "entries.hpp"
#define E64 Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<E64, SplitK<4, IK>>>("p0-s4"), \
  make<Gemm<E64, Padding<4>, SplitK<4, IK>>>("p4-s4"), \
  make<Gemm<E64, Padding<2>, SplitK<4, IK>>>("p2-s4"), \
  make<Gemm<E64, Padding<1>, SplitK<4, IK>>>("p1-s4"), \
  make<Gemm<E64, Padding<4>, RegisterPrefetch<true>, SplitK<4, IK>>>("p4rp-s4"), \
  make<Gemm<E64, Padding<2>, RegisterPrefetch<true>, SplitK<4, IK>>>("p2rp-s4"), \
  make<Gemm<E64, Padding<4>, SplitK<3, IK>>>("p4-s3"),
