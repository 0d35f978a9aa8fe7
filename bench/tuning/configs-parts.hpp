// Tuning run 108 (bench/TUNING.md): the 64x128 and 128x64 entries in 1-4 in-kernel parts over the mid
// sizes, to fit how many parts Gemm<> gives a 128-work-item entry (run 107: a third group per unit
// helps at 776-1152, hurts at 1040 x 520 x 1040).
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2"), \
  make<Gemm<MID, SplitK<3, IK>>>("mid-s3"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4"), \
  make<Gemm<SKINNY, SplitK<1>>>("sk-s1"), \
  make<Gemm<SKINNY, SplitK<2, IK>>>("sk-s2"), \
  make<Gemm<SKINNY, SplitK<3, IK>>>("sk-s3"), \
  make<Gemm<SKINNY, SplitK<4, IK>>>("sk-s4"),
