// Tuning run 53 (bench/TUNING.md): two parts when one wave leaves some units with three groups.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<HALF, SplitK<1>>>("half-s1"), \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<MID, SplitK<3, IK>>>("mid-s3-ik"), \
  make<Gemm<>>("auto"),
