// Tuning run 47 (bench/TUNING.md): split K in the kernel against wave quantization on large odd sizes.
#define NV vendor::Nvidia<>
#define IK Reduction::InKernel
#define LARGE Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define HALF Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define MID Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
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
