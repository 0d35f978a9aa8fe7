// Tuning run 125 (bench/TUNING.md): SIMT DGEMM with the work-group turned as the 256 x 128 float entry
// (each warp's 32 work-items along M), beside the DGEMM entry.
#include "entries.hpp"
#define D8 Vec<2>, WorkPerThread<8, 8>, Element<double>
#define PERF_CONFIGS \
  make<Gemm<Tile<128, 64, 8>, D8, Pipeline<3>, Padding<2>, NV>>("d128x64-p3"), \
  make<Gemm<Tile<256, 32, 8>, D8, Pipeline<2>, Padding<2>, NV>>("d256x32-p2"), \
  make<Gemm<Tile<256, 64, 8>, D8, Pipeline<2>, Padding<2>, NV>>("d256x64-p2"), \
  make<Gemm<Tile<256, 64, 8>, D8, Prefetch<true>, RegisterPrefetch<true>, Padding<2>, NV>>("d256x64-rp"), \
  make<Gemm<Tile<256, 32, 8>, D8, Prefetch<true>, RegisterPrefetch<true>, Padding<2>, NV>>("d256x32-rp"),
