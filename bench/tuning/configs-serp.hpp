// Tuning run 115 (bench/TUNING.md): the FMA loops in serpentine order (odd columns run their rows
// backwards, so consecutive FMAs share an A value at each column change) against the committed order,
// old vs new headers (PERF_INCLUDE); and a 256x128 tile with 8x16 per work-item (cuBLAS's shape).
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define PERF_CONFIGS \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<LARGE, RP>>("large-rp"), \
  make<Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RP>>("tall-rp"),
