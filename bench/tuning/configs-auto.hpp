// Gemm<> alone, for old-vs-new header runs (PERF_INCLUDE).
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"),
