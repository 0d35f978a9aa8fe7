// Tuning run 51 (bench/TUNING.md): the 128x256 and 128x128 entries through vendor::Nvidia, which would
// let Gemm<> add their split-K parts in the kernel, at sizes with a nearly empty last wave.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<LARGE, SplitK<1>>>("large-s1"), \
  make<Gemm<LARGE, NV, SplitK<1>>>("large-nv-s1"), \
  make<Gemm<LARGE, NV, SplitK<2, IK>>>("large-nv-s2-ik"), \
  make<Gemm<LARGE, NV, SplitK<4, IK>>>("large-nv-s4-ik"), \
  make<Gemm<HALF, NV, SplitK<1>>>("half-nv-s1"), \
  make<Gemm<HALF, NV, SplitK<3, IK>>>("half-nv-s3-ik"), \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<>>("auto"),
