// Tuning run 55 (bench/TUNING.md): SASS of the large SGEMM and the DGEMM entries as the driver builds
// them, and SM clocks and power sampled while cuBLAS, CLBlast and those entries run 100 calls each.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<LARGE>>("x-large"), \
  make<Gemm<LARGE, NV>>("x-large-nv"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("x-d128x64x8-p3"),
