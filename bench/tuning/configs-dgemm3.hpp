// Tuning run 78 (bench/TUNING.md): SIMT DGEMM with 12 x 8 doubles per work-item (20 doubles read from
// local memory per 96 DFMA instead of 16 per 64), beside the 128x64x8 entry.
#include "entries.hpp"
#define DBL Element<double>
#define PERF_CONFIGS \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, DBL, Pipeline<3>, Padding<2>, NV>>("d128x64x8-p3"), \
  make<Gemm<Tile<192, 64, 8>, Vec<2>, WorkPerThread<12, 8>, DBL, Pipeline<2>, Padding<2>, NV>>("d192x64x8-12x8-p2"), \
  make<Gemm<Tile<192, 64, 8>, Vec<2>, WorkPerThread<12, 8>, DBL, Pipeline<3>, Padding<0>, NV>>("d192x64x8-12x8-p3"), \
  make<Gemm<Tile<96, 128, 8>, Vec<2>, WorkPerThread<12, 8>, DBL, Pipeline<3>, Padding<2>, NV>>("d96x128x8-12x8-p3"), \
  make<Gemm<Tile<64, 192, 8>, Vec<2>, WorkPerThread<8, 12>, DBL, Pipeline<3>, Padding<0>, NV>>("d64x192x8-8x12-p3"), \
  make<Gemm<Tile<128, 96, 8>, Vec<2>, WorkPerThread<8, 12>, DBL, Pipeline<3>, Padding<2>, NV>>("d128x96x8-8x12-p3"), \
  make<Gemm<Tile<96, 64, 8>, Vec<2>, WorkPerThread<12, 8>, DBL, Pipeline<3>, Padding<2>, NV>>("d96x64x8-12x8-p3"),
