// Tuning run 116 (bench/TUNING.md): a 256x128 tile with 8x16 per work-item (256 work-items, cuBLAS's
// shape) beside the two large entries, every pair, the large target shapes.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define TALL Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define PERF_CONFIGS \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<LARGE, RP>>("large-rp"), \
  make<Gemm<TALL, RP>>("tall-rp"), \
  make<Gemm<TALL, RP, Padding<4>>>("tall-rp-pad4"), \
  make<Gemm<TALL, RP, WarpLayout<8>>>("tall-rp-w8"),
