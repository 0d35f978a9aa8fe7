// Tuning run 51 (bench/TUNING.md): the 128x256 and 128x128 entries through vendor::Nvidia, which would
// let Gemm<> add their split-K parts in the kernel, at sizes with a nearly empty last wave.
#define NV vendor::Nvidia<>
#define IK Reduction::InKernel
#define LARGE Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define HALF Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>
#define MID Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV
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
