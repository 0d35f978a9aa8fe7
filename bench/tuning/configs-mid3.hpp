// Tuning run 106 (bench/TUNING.md): near 1000^3, where Gemm<> runs the 64x128 entry in two parts (1000^3
// TT 0.89-0.90x cuBLAS on both devices): the 128x64 entry in 2-4 in-kernel parts against it.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2"), \
  make<Gemm<MID, SplitK<3, IK>>>("mid-s3"), \
  make<Gemm<SKINNY, SplitK<2, IK>>>("sk-s2"), \
  make<Gemm<SKINNY, SplitK<3, IK>>>("sk-s3"), \
  make<Gemm<SKINNY, SplitK<4, IK>>>("sk-s4"), \
  make<Gemm<>>("auto"),
