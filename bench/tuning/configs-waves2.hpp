// Tuning run 49 (bench/TUNING.md): the two-part rule for more than one wave, against whole K.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<LARGE, SplitK<1>>>("large-s1"), \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<>>("auto"),
