// Tuning run 98 (bench/TUNING.md): the 128x128 entry's register tile turned around, 16 x 8 per
// work-item instead of 8 x 16 (A's fragment 16 floats, B's 8), for the kernel's NT pair at 2048^3.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define H168 Tile<128, 128, 8>, Vec<4>, WorkPerThread<16, 8>, Prefetch<true>, RP
#define PERF_CONFIGS \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<H168>>("half-16x8"), \
  make<Gemm<H168, Padding<4>>>("half-16x8-pad4"), \
  make<Gemm<HALF, RP, Padding<4>>>("half-rp-pad4"),
