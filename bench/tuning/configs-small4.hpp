// Tuning run 121 (bench/TUNING.md): products under 2^30 flops that Gemm<> splits with a second pass:
// the 64x128 and 64x64 entries with K whole, in 2-4 parts added in the kernel, and with the automatic
// rule (a second kernel above 4 parts), generic and through vendor::Nvidia.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<MID>>("mid-auto"), \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4"), \
  make<Gemm<SMALL>>("small-auto"), \
  make<Gemm<SMALL, SplitK<1>>>("small-s1"), \
  make<Gemm<SMALL, SplitK<4, IK>>>("small-s4"), \
  make<Gemm<SMALL, NV>>("small-nv-auto"), \
  make<Gemm<SMALL, NV, SplitK<3, IK>>>("small-nv-s3"), \
  make<Gemm<SMALL, NV, SplitK<4, IK>>>("small-nv-s4"),
