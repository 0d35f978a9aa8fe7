// Gemm<> in single and double precision, for old-vs-new header runs (PERF_INCLUDE; run 109).
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Element<double>>>("auto-double"),
