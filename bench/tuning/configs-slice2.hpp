// Tuning run 137 (bench/TUNING.md): SliceK<S> on 64 x 64 tiles with the register count capped at 128
// (vendor::Nvidia<128>), so that two groups of 256 work-items share an SM: run 136's 8 x 8 slices
// took 148-154 registers, one group per SM.
#include "entries.hpp"
#define PF Vec<4>, Prefetch<true>, NV
#define PF128 Vec<4>, Prefetch<true>, vendor::Nvidia<128>
#define S88 Tile<64, 64, 16>, WorkPerThread<8, 8>, SliceK<4>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 4>, PF, SplitK<4, IK>>>("44-s4"), \
  make<Gemm<S88, PF128, SplitK<4, IK>>>("88x4c-s4"), \
  make<Gemm<S88, PF128, SplitK<2, IK>>>("88x4c-s2"), \
  make<Gemm<S88, PF128, SplitK<3, IK>>>("88x4c-s3"), \
  make<Gemm<S88, PF128, RegisterPrefetch<true>, SplitK<4, IK>>>("88x4rpc-s4"), \
  make<Gemm<S88, Vec<4>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, vendor::Nvidia<128>, SplitK<4, IK>>>("88x4p3c-s4"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<8, 8>, SliceK<4>, PF128, SplitK<4, IK>>>("88x4k32c-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 8>, SliceK<2>, PF, SplitK<4, IK>>>("48x2-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 8>, SliceK<2>, PF, SplitK<3, IK>>>("48x2-s3"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<4, 8>, SliceK<2>, PF, SplitK<4, IK>>>("48x2k32-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<8, 8>, SliceK<2>, PF, SplitK<4, IK>>>("88x2-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<8, 8>, SliceK<2>, PF, SplitK<8, IK>>>("88x2-s8"),
