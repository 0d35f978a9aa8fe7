// Tuning run 64 (bench/TUNING.md): after the FMA order change the 128x64 ("skinny") entry runs large
// squares 13% faster than the 64x128 ("mid") one; which of the two, in how many in-kernel parts, at the
// mid sizes where Gemm<> runs the 64x128 entry split.
#include "entries.hpp"
#define PERF_CONFIGS \
  MID_SKINNY_PARTS \
  make<Gemm<>>("auto"),
