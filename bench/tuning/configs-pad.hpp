// Tuning run 99 (bench/TUNING.md): the 128x128 entry with and without Padding<4>, A/B in many rounds.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define PERF_CONFIGS \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<HALF, RP, Padding<4>>>("half-rp-pad4"), \
  make<Gemm<HALF, RP>>("half-rp-again"),
