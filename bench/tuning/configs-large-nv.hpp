// Tuning run 52 (bench/TUNING.md): would vendor::Nvidia on the 128x256 entry mislead Gemm<> at
// 1000^3-1024^3? The score would then run it in 4 in-kernel parts there.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<LARGE, NV, SplitK<4, IK>>>("large-nv-s4-ik"), \
  make<Gemm<LARGE, NV, SplitK<1>>>("large-nv-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<>>("auto"),
