// Tuning run 53 (bench/TUNING.md): two parts when one wave leaves some units with three groups.
#define NV vendor::Nvidia<>
#define IK Reduction::InKernel
#define HALF Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define MID Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<HALF, SplitK<1>>>("half-s1"), \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<MID, SplitK<3, IK>>>("mid-s3-ik"), \
  make<Gemm<>>("auto"),
