// Tuning run 59 (bench/TUNING.md): variants of the large and half entries with RegisterPrefetch after
// the loop-header change: warp layouts, K step 16, a 256x128 tile with 16x8 per work-item.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define PERF_CONFIGS \
  make<Gemm<LARGE>>("large"), \
  make<Gemm<LARGE, RP>>("x-large-rp"), \
  make<Gemm<LARGE, RP, WarpLayout<8>>>("large-rp-w8"), \
  make<Gemm<LARGE, RP, WarpLayout<4>>>("large-rp-w4"), \
  make<Gemm<Tile<128, 256, 16>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RP>>("large-k16-rp"), \
  make<Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<16, 8>, Prefetch<true>, RP>>("wide-rp"), \
  make<Gemm<HALF, RP>>("x-half-rp"), \
  make<Gemm<HALF, RP, WarpLayout<8>>>("half-rp-w8"), \
  make<Gemm<HALF, RP, WarpLayout<4>>>("half-rp-w4"),
