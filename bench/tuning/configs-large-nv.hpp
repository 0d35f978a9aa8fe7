// Tuning run 52 (bench/TUNING.md): would vendor::Nvidia on the 128x256 entry mislead Gemm<> at
// 1000^3-1024^3? The score would then run it in 4 in-kernel parts there.
#define NV vendor::Nvidia<>
#define IK Reduction::InKernel
#define LARGE Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define MID Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
#define PERF_CONFIGS \
  make<Gemm<LARGE, NV, SplitK<4, IK>>>("large-nv-s4-ik"), \
  make<Gemm<LARGE, NV, SplitK<1>>>("large-nv-s1"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2-ik"), \
  make<Gemm<>>("auto"),
