// Tuning run 79 (bench/TUNING.md): SASS of the large and half entries as Gemm<> runs them (with
// RegisterPrefetch), for the kernel's NT pair at 8192^3.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define PERF_CONFIGS \
  make<Gemm<LARGE, RP>>("x-large-rp"), \
  make<Gemm<HALF, RP>>("x-half-rp"),
