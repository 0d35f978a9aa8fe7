// Tuning run 119 (bench/TUNING.md): 512^3-1024^3, where Gemm<> takes the 64x128 or 128x64 entries split
// in the kernel: those entries in 2-4 parts beside register tiles whose warps span more rows (4 x 8 per
// work-item in 128 x 64 tiles, 256 work-items), the 128 x 128 entry in 2-3 parts and the 256 x 128 one
// in 4.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define SK48 Tile<128, 64, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RP, NV
#define TALL Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RP, Padding<4>
#define PERF_CONFIGS \
  MID_SKINNY_PARTS \
  make<Gemm<SK48, SplitK<2, IK>>>("sk48-s2"), \
  make<Gemm<SK48, SplitK<3, IK>>>("sk48-s3"), \
  make<Gemm<SK48, SplitK<4, IK>>>("sk48-s4"), \
  make<Gemm<HALF, RP, SplitK<2, IK>>>("half-s2"), \
  make<Gemm<HALF, RP, SplitK<3, IK>>>("half-s3"), \
  make<Gemm<TALL, SplitK<4, IK>>>("tall-s4"), \
  make<Gemm<SMALL, SplitK<4, IK>>>("small-s4"), \
  make<Gemm<>>("auto"),
