// Tuning run 82 (bench/TUNING.md): where a 512^3 call's time goes: the mid-size entry whole and in 2/4
// in-kernel parts, a 64x64 pipeline in 4 parts, on 512^3 and on shapes with the same tiles and fewer K
// steps (512x512x128: one part's work; 512x512x16: one K step), L2-cold (PERF_SETS=41).
#include "entries.hpp"
#define P64A Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4-ik"), \
  make<Gemm<MID, SplitK<8, IK>>>("mid-s8-ik"), \
  make<Gemm<P64A, SplitK<4, IK>>>("p64a-s4-ik"), \
  make<Gemm<SMALL, SplitK<1>>>("small-s1"),
