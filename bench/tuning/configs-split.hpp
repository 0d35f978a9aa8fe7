// Tuning run 38 (bench/TUNING.md): split K with the parts added in the kernel (the last work-group of
// each tile) against a second kernel, on the entries that split (mid-size 64x128, skinny 128x64).
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<MID, SplitK<2, SP>>>("mid-s2-sp"), \
  make<Gemm<MID, SplitK<3, IK>>>("mid-s3-ik"), \
  make<Gemm<MID, SplitK<3, SP>>>("mid-s3-sp"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4-ik"), \
  make<Gemm<MID, SplitK<4, SP>>>("mid-s4-sp"), \
  make<Gemm<MID, SplitK<6, IK>>>("mid-s6-ik"), \
  make<Gemm<MID, SplitK<8, IK>>>("mid-s8-ik"), \
  make<Gemm<MID, SplitK<8, SP>>>("mid-s8-sp"), \
  make<Gemm<MID, SplitK<16, IK>>>("mid-s16-ik"), \
  make<Gemm<MID, SplitK<16, SP>>>("mid-s16-sp"), \
  make<Gemm<SKINNY, SplitK<4, IK>>>("skinny-s4-ik"), \
  make<Gemm<SKINNY, SplitK<8, IK>>>("skinny-s8-ik"), \
  make<Gemm<SKINNY, SplitK<8, SP>>>("skinny-s8-sp"), \
  make<Gemm<SKINNY, SplitK<16, IK>>>("skinny-s16-ik"), \
  make<Gemm<SKINNY, SplitK<16, SP>>>("skinny-s16-sp"), \
  make<Gemm<SKINNY, SplitK<32, IK>>>("skinny-s32-ik"), \
  make<Gemm<SKINNY, SplitK<64, IK>>>("skinny-s64-ik"), \
  make<Gemm<SKINNY, SplitK<64, SP>>>("skinny-s64-sp"), \
  make<Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, SplitK<4, IK>>>("64x64-s4-ik"), \
  make<Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, SplitK<4, SP>>>("64x64-s4-sp"), \
  make<Gemm<>>("auto"),
