// Tuning run 108 (bench/TUNING.md): the 64x128 and 128x64 entries in 1-4 in-kernel parts over the mid
// sizes, to fit how many parts Gemm<> gives a 128-work-item entry (run 107: a third group per unit
// helps at 776-1152, hurts at 1040 x 520 x 1040).
#include "entries.hpp"
#define PERF_CONFIGS \
  MID_SKINNY_PARTS
