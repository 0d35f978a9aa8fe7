// Tuning run 39 (bench/TUNING.md): Gemm<> choosing the split count by its score, with the parts added
// in the kernel up to 4 parts; the 64x64 entry generic or through vendor::Nvidia.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<MID, SplitK<3, IK>>>("mid-s3-ik"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4-ik"), \
  make<Gemm<SMALL, SplitK<1>>>("64x64-s1"), \
  make<Gemm<SMALL, SplitK<2, IK>>>("64x64-s2-ik"), \
  make<Gemm<SMALL, SplitK<4, IK>>>("64x64-s4-ik"), \
  make<Gemm<SMALL, NV, SplitK<1>>>("64x64nv-s1"), \
  make<Gemm<SMALL, NV, SplitK<2, IK>>>("64x64nv-s2-ik"), \
  make<Gemm<SMALL, NV, SplitK<4, IK>>>("64x64nv-s4-ik"), \
  make<Gemm<Tile<32, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, NV, SplitK<4, IK>>>("32x64nv-s4-ik"), \
  make<Gemm<Tile<32, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, NV, SplitK<2, IK>>>("32x64nv-s2-ik"), \
  make<Gemm<>>("auto"),
