// Tuning run 120 (bench/TUNING.md): around 512^3, the 64 x 64 entry split in the kernel (generic, and
// through vendor::Nvidia as Gemm<> would run it) beside the mid-size entries in 4 parts and Gemm<>.
#include "entries.hpp"
#define SK48 Tile<128, 64, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4"), \
  make<Gemm<SK48, SplitK<4, IK>>>("sk48-s4"), \
  make<Gemm<SMALL, SplitK<4, IK>>>("small-s4"), \
  make<Gemm<SMALL, NV, SplitK<2, IK>>>("small-nv-s2"), \
  make<Gemm<SMALL, NV, SplitK<3, IK>>>("small-nv-s3"), \
  make<Gemm<SMALL, NV, SplitK<4, IK>>>("small-nv-s4"), \
  make<Gemm<SMALL, NV, SplitK<8, IK>>>("small-nv-s8"),
