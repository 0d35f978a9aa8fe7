// Tuning run 85 (bench/TUNING.md): the 128x256 and 128x128 RegisterPrefetch entries side by side at
// 2048^3-8192^3 for the kernel's NN, TN and TT pairs (the 128x128 one already takes NT).
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<LARGE, RP>>("large-rp"), \
  make<Gemm<HALF, RP>>("half-rp"),
