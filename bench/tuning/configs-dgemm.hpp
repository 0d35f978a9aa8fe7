// Tuning run 46 (bench/TUNING.md): SIMT DGEMM variants around the 128x64x8 Pipeline<3> entry.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d128x64x8-p3"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, WarpLayout<4>, NV>>("d128x64x8-p3-w4"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, WarpLayout<8>, NV>>("d128x64x8-p3-w8"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, vendor::Nvidia<168>>>("d128x64x8-p3-r168"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<4>, Padding<2>, NV>>("d128x64x8-p4"), \
  make<Gemm<Tile<64, 128, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d64x128x8-p3"), \
  make<Gemm<Tile<128, 64, 16>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<2>, Padding<2>, NV>>("d128x64x16-p2"), \
  make<Gemm<Tile<128, 128, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d128x128x8-p3"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 4>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d128x64x8-w8x4-p3"), \
  make<Gemm<Tile<64, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<4>, Padding<2>, RegisterPrefetch<true>, NV>>("d64x64x8-p4-rp"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, RegisterPrefetch<true>, NV>>("d128x64x8-p3-rp"), \
  make<Gemm<Element<double>>>("d-auto"),
