// Tuning run 42 (bench/TUNING.md): small tiles for 512^3 with the parts added in the kernel, and a
// 64 x 128 tile with 8 x 8 per work-item for products with M = 64 (row-major 8192 x 64 x 8192).
#include "entries.hpp"
#define WIDE Tile<64, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define P64A Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define P64B Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define P64C Tile<64, 64, 32>, Vec<4>, WorkPerThread<4, 4>, Pipeline<2>, Padding<4>, RegisterPrefetch<true>, NV
#define G64 SMALL, NV
#define PERF_CONFIGS \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4-ik"), \
  make<Gemm<MID, SplitK<8, SP>>>("mid-s8-sp"), \
  make<Gemm<G64, SplitK<4, IK>>>("g64-s4-ik"), \
  make<Gemm<P64A, SplitK<2, IK>>>("p64a-s2-ik"), \
  make<Gemm<P64A, SplitK<4, IK>>>("p64a-s4-ik"), \
  make<Gemm<P64B, SplitK<2, IK>>>("p64b-s2-ik"), \
  make<Gemm<P64B, SplitK<4, IK>>>("p64b-s4-ik"), \
  make<Gemm<P64C, SplitK<2, IK>>>("p64c-s2-ik"), \
  make<Gemm<P64C, SplitK<4, IK>>>("p64c-s4-ik"), \
  make<Gemm<WIDE, SplitK<4, IK>>>("wide-s4-ik"), \
  make<Gemm<WIDE, SplitK<8, SP>>>("wide-s8-sp"), \
  make<Gemm<WIDE, SplitK<16, SP>>>("wide-s16-sp"), \
  make<Gemm<MID, SplitK<16, SP>>>("mid-s16-sp"), \
  make<Gemm<>>("auto"),
