// Tuning run 146 (bench/TUNING.md): cuBLAS's 512^3 kernel as Nsight Compute names it (run 145:
// sm80_xmma_gemm_..._tilesize64x64x8_stage3_warpsize1x4x1_ffma, 128 threads, 121 registers, grid
// 8 x 8 x 4, then a split-K kernel) written as gemmcl policies: 64 x 64 x 8 tiles, 8 x 4 per work-item
// (a warp covers 64 x 16, as cuBLAS's 1 x 4 warps), a three-stage cp.async pipeline, four parts.
#include "entries.hpp"
#define CUB Tile<64, 64, 8>, Vec<4>, WorkPerThread<8, 4>, Pipeline<3>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<CUB, SplitK<4, IK>>>("cub-s4"), \
  make<Gemm<CUB, SplitK<4, SP>>>("cub-s4sp"), \
  make<Gemm<CUB, RegisterPrefetch<true>, SplitK<4, IK>>>("cubrp-s4"), \
  make<Gemm<CUB, Padding<4>, RegisterPrefetch<true>, SplitK<4, IK>>>("cubrpp4-s4"), \
  make<Gemm<CUB, RegisterPrefetch<true>, SplitK<3, IK>>>("cubrp-s3"), \
  make<Gemm<Tile<64, 64, 8>, Vec<4>, WorkPerThread<8, 4>, Pipeline<4>, RegisterPrefetch<true>, NV, SplitK<4, IK>>>("cubrp4-s4"), \
  make<Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<8, 4>, Pipeline<3>, RegisterPrefetch<true>, NV, SplitK<4, IK>>>("cubk16rp-s4"),
