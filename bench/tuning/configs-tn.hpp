// Tuning run 143 (bench/TUNING.md): the skinny shape's weakest pair (row-major NT: the kernel's TN on
// 64 x 8192 x 8192, both operands K-contiguous, which Pipeline<S> copies element by element) on the
// cp.async entries against their register-staged twins (Prefetch: vector loads, transposing stores).
#include "entries.hpp"
#define MID_PF Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Prefetch<true>, Padding<4>, RegisterPrefetch<true>, NV
#define SKINNY_PF Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Prefetch<true>, Padding<4>, RegisterPrefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4"), \
  make<Gemm<MID_PF, SplitK<4, IK>>>("midpf-s4"), \
  make<Gemm<MID, SplitK<8, SP>>>("mid-s8"), \
  make<Gemm<MID_PF, SplitK<8, SP>>>("midpf-s8"), \
  make<Gemm<SKINNY, SplitK<4, IK>>>("sk-s4"), \
  make<Gemm<SKINNY_PF, SplitK<4, IK>>>("skpf-s4"), \
  make<Gemm<SKINNY, SplitK<8, SP>>>("sk-s8"), \
  make<Gemm<SKINNY_PF, SplitK<8, SP>>>("skpf-s8"),
// Run 144: K steps of 32 for the TN pair of 64 x 8192 x 8192 (a K-contiguous row of a tile is then a
// whole 128-byte line); 64 x 128 x 32 fills exactly 48 KiB double-buffered, so its parts go to a second
// kernel (the in-kernel split needs 4 more bytes of local memory).
#undef PERF_CONFIGS
#define K32 Vec<4>, Prefetch<true>, RegisterPrefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<4, 4>, K32, SplitK<2, IK>>>("64x64k32-s2"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<4, 4>, K32, SplitK<4, IK>>>("64x64k32-s4"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<4, 8>, K32, SplitK<4, IK>>>("64x64k32w48-s4"), \
  make<Gemm<Tile<64, 64, 32>, WorkPerThread<4, 4>, Vec<4>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV, SplitK<2, IK>>>("64x64k32p3-s2"), \
  make<Gemm<Tile<64, 128, 32>, WorkPerThread<4, 8>, K32, SplitK<4, SP>>>("64x128k32-s4sp"), \
  make<Gemm<Tile<64, 128, 32>, WorkPerThread<4, 8>, K32, SplitK<2, SP>>>("64x128k32-s2sp"),
