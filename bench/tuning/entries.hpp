// Shorthands for the tuning configurations of runs 38-53 (configs-*.hpp): the policy lists of
// Gemm<>'s NVIDIA float entries as policy/builtin.hpp has them, without their run-time rules, and the
// split-K reductions. Macros, because PERF_CONFIGS is one.
#pragma once
#define NV vendor::Nvidia<>
#define IK Reduction::InKernel
#define SP Reduction::SecondPass
#define LARGE Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define HALF Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define MID Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define SKINNY Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define SMALL Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>
// The 64x128 and 128x64 entries with K whole and in 2-4 in-kernel parts (runs 64 and 108).
#define MID_SKINNY_PARTS \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2"), \
  make<Gemm<MID, SplitK<3, IK>>>("mid-s3"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4"), \
  make<Gemm<SKINNY, SplitK<1>>>("sk-s1"), \
  make<Gemm<SKINNY, SplitK<2, IK>>>("sk-s2"), \
  make<Gemm<SKINNY, SplitK<3, IK>>>("sk-s3"), \
  make<Gemm<SKINNY, SplitK<4, IK>>>("sk-s4"),
