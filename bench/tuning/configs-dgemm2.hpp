// Tuning run 75 (bench/TUNING.md): SIMT DGEMM with larger work-group tiles (less L2 and local-memory
// traffic per DFMA, the kernel being at the board's power cap) and without padding.
#include "entries.hpp"
#define DBL Element<double>
#define PERF_CONFIGS \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Pipeline<3>, Padding<2>, NV>>("d128x64x8-p3"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Pipeline<3>, Padding<0>, NV>>("d128x64x8-p3-pad0"), \
  make<Gemm<Tile<128, 128, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Pipeline<2>, Padding<2>, NV>>("d128x128x8-p2"), \
  make<Gemm<Tile<128, 128, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Pipeline<2>, Padding<2>, RegisterPrefetch<true>, NV>>("d128x128x8-p2-rp"), \
  make<Gemm<Tile<128, 128, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Pipeline<3>, Padding<0>, NV>>("d128x128x8-p3-pad0"), \
  make<Gemm<Tile<256, 64, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Pipeline<2>, Padding<2>, NV>>("d256x64x8-p2"), \
  make<Gemm<Tile<64, 128, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Pipeline<3>, Padding<0>, NV>>("d64x128x8-p3-pad0"), \
  make<Gemm<Tile<128, 128, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Prefetch<true>, NV>>("d128x128x8-pf"),
