// Tuning run 115 (bench/TUNING.md): the DGEMM entry with the FMA loops in serpentine order, old vs new.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d128x64x8-p3"),
