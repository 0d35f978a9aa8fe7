// Tuning run 91 (bench/TUNING.md): at 512^3 one work-group per SM runs the mid-size entry's 4x8 floats
// per work-item at about half the SM's FMA rate (run 90: 512x512x128 on 32 SMs takes 14 us, one K step
// 7 us). Register tiles that read less local memory per FMA (8x8, 8x16), in 4 and 8 parts added in
// the kernel, against Gemm<>'s choice (the mid-size entry in 4 parts).
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define T64x128_88 Tile<64, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>, RP, NV
#define T128_88 Tile<128, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>, RP, NV
#define T64_48 Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RP, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<SKINNY, SplitK<4, IK>>>("skinny-s4"), \
  make<Gemm<SKINNY, SplitK<8, IK>>>("skinny-s8"), \
  make<Gemm<HALF, RP, NV, SplitK<8, IK>>>("half-s8"), \
  make<Gemm<T64x128_88, SplitK<4, IK>>>("64x128-88-s4"), \
  make<Gemm<T64x128_88, SplitK<8, IK>>>("64x128-88-s8"), \
  make<Gemm<T128_88, SplitK<8, IK>>>("128-88-s8"), \
  make<Gemm<T64_48, SplitK<4, IK>>>("64-48-s4"), \
  make<Gemm<T64_48, SplitK<2, IK>>>("64-48-s2"),
