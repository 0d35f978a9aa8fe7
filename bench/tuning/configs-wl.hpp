// Tuning run 148 (bench/TUNING.md): run 145's per-instruction counts show how the local reads are
// served: an LDS.128 costs one 128-byte wavefront per half-warp for every 128 distinct bytes it reads
// there (the 64 x 64 entry: A 4 wavefronts, 16 distinct vectors per half-warp; B 2). WarpLayout<8> or
// <4> puts 8 x 2 or 4 x 4 register tiles in each half-warp: A and B 2 wavefronts each, 4 per K step
// where the entry pays 6, and its K loop is bound by them at 512^3 (run 134). Also the mid-size
// entries at 768^3-1024^3.
#include "entries.hpp"
#define E64 Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<E64, SplitK<4, IK>>>("e64-s4"), \
  make<Gemm<E64, WarpLayout<8>, SplitK<4, IK>>>("e64wl8-s4"), \
  make<Gemm<E64, WarpLayout<4>, SplitK<4, IK>>>("e64wl4-s4"), \
  make<Gemm<E64, WarpLayout<8>, SplitK<3, IK>>>("e64wl8-s3"), \
  make<Gemm<E64, WarpLayout<8>, Padding<4>, RegisterPrefetch<true>, SplitK<4, IK>>>("e64wl8p4rp-s4"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2"), \
  make<Gemm<MID, WarpLayout<8>, SplitK<2, IK>>>("midwl8-s2"), \
  make<Gemm<SKINNY, SplitK<3, IK>>>("sk-s3"), \
  make<Gemm<SKINNY, WarpLayout<8>, SplitK<3, IK>>>("skwl8-s3"), \
  make<Gemm<SKINNY, WarpLayout<4>, SplitK<3, IK>>>("skwl4-s3"),
