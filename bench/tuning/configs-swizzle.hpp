// Tuning run 92 (bench/TUNING.md): work-groups taken in bands of S columns of tiles (thread-block
// swizzle) so that the groups resident together share A's rows and B's columns in L2; built against
// header copies whose kernel remaps group ids (PERF_INCLUDE), S = 4, 8, 16, 32, against none.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<LARGE, RegisterPrefetch<true>>>("large-rp"),
