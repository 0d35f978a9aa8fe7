// Tuning run 47 (bench/TUNING.md): split K in the kernel against wave quantization on large odd sizes.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<LARGE, SplitK<1>>>("large-s1"), \
  make<Gemm<LARGE, SplitK<2, IK>>>("large-s2-ik"), \
  make<Gemm<LARGE, SplitK<3, IK>>>("large-s3-ik"), \
  make<Gemm<LARGE, SplitK<4, IK>>>("large-s4-ik"), \
  make<Gemm<HALF, SplitK<1>>>("half-s1"), \
  make<Gemm<HALF, SplitK<2, IK>>>("half-s2-ik"), \
  make<Gemm<HALF, SplitK<3, IK>>>("half-s3-ik"), \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<>>("auto"),
