// Gemm<> in double precision alone, for old-vs-new header runs (PERF_INCLUDE, PERF_DOUBLE=1; run 112).
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<Element<double>>>("auto-double"),
