// Tuning run 140 (bench/TUNING.md): the sliced 8 x 8 tiles of runs 136-138 took 148-156 registers (one
// group of 256 work-items per SM); -cl-nv-maxrregcount=128 left them there, and the spec's spelling
// with a space fails to build on this driver (run 139). A partly rolled K loop (Unroll<1>, <2>) keeps
// fewer fragments live.
#include "entries.hpp"
#define PF Vec<4>, Prefetch<true>, NV
#define S88 Tile<64, 64, 16>, WorkPerThread<8, 8>, SliceK<4>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 4>, PF, SplitK<4, IK>>>("44-s4"), \
  make<Gemm<S88, PF, Unroll<1>, SplitK<4, IK>>>("88x4u1-s4"), \
  make<Gemm<S88, PF, Unroll<2>, SplitK<4, IK>>>("88x4u2-s4"), \
  make<Gemm<S88, PF, Unroll<1>, SplitK<2, IK>>>("88x4u1-s2"), \
  make<Gemm<S88, PF, Unroll<1>, SplitK<3, IK>>>("88x4u1-s3"), \
  make<Gemm<S88, Vec<4>, Pipeline<3>, Padding<4>, Unroll<1>, NV, SplitK<4, IK>>>("88x4p3u1-s4"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<8, 8>, SliceK<4>, PF, Unroll<2>, SplitK<4, IK>>>("88x4k32u2-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 8>, SliceK<2>, PF, SplitK<4, IK>>>("48x2-s4"), \
  make<Gemm<Tile<64, 64, 16>, WorkPerThread<4, 8>, SliceK<2>, PF, Unroll<2>, SplitK<4, IK>>>("48x2u2-s4"),
