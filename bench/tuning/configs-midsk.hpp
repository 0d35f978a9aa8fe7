// Tuning run 64 (bench/TUNING.md): after the FMA order change the 128x64 ("skinny") entry runs large
// squares 13% faster than the 64x128 ("mid") one; which of the two, in how many in-kernel parts, at the
// mid sizes where Gemm<> runs the 64x128 entry split.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2"), \
  make<Gemm<MID, SplitK<3, IK>>>("mid-s3"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4"), \
  make<Gemm<SKINNY, SplitK<1>>>("sk-s1"), \
  make<Gemm<SKINNY, SplitK<2, IK>>>("sk-s2"), \
  make<Gemm<SKINNY, SplitK<3, IK>>>("sk-s3"), \
  make<Gemm<SKINNY, SplitK<4, IK>>>("sk-s4"), \
  make<Gemm<>>("auto"),
