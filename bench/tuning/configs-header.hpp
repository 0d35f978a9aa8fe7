// Tuning run 56 (bench/TUNING.md): the double-buffered loop with one unchecked-prefetch test per step
// and swapped buffer pointers, built against the committed headers and the changed ones in one call.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<LARGE>>("large"), \
  make<Gemm<LARGE, NV>>("large-nv"), \
  make<Gemm<HALF>>("half"), \
  make<Gemm<SMALL>>("small"), \
  make<Gemm<>>("auto"),
