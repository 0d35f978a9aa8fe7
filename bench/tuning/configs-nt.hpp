// Tuning run 89 (bench/TUNING.md): for the kernel's NT pair (both operands x-contiguous, so cp.async
// copies them 16 bytes at a time), the 128x128 and 128x256 entries' register tile fed by Pipeline<S>
// instead of register-staged prefetch, and both through vendor::Nvidia (ld.global.nc).
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define H8 Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>
#define L8 Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>
#define PERF_CONFIGS \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<HALF, RP, NV>>("half-rp-nv"), \
  make<Gemm<H8, Pipeline<2>, RP, NV>>("half-p2"), \
  make<Gemm<H8, Pipeline<3>, RP, NV>>("half-p3"), \
  make<Gemm<H8, Pipeline<4>, RP, NV>>("half-p4"), \
  make<Gemm<L8, Pipeline<3>, RP, NV>>("large-p3"), \
  make<Gemm<LARGE, RP>>("large-rp"), \
  make<Gemm<LARGE, RP, NV>>("large-rp-nv"),
