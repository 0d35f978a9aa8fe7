// Tuning run 49 (bench/TUNING.md): the two-part rule for more than one wave, against whole K.
#define NV vendor::Nvidia<>
#define IK Reduction::InKernel
#define LARGE Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define MID Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<LARGE, SplitK<1>>>("large-s1"), \
  make<Gemm<MID, SplitK<1>>>("mid-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<>>("auto"),
