// Tuning run 84 (bench/TUNING.md): the 64x64 entry with vendor::Nvidia (so its parts can be added in
// the kernel) in 1-4 parts against Gemm<> at 512^3-1024^3, L2-cold: is there a regime where it wins?
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<SMALL, NV, SplitK<1>>>("small-nv-s1"), \
  make<Gemm<SMALL, NV, SplitK<2, IK>>>("small-nv-s2"), \
  make<Gemm<SMALL, NV, SplitK<3, IK>>>("small-nv-s3"), \
  make<Gemm<SMALL, NV, SplitK<4, IK>>>("small-nv-s4"),
