// Tuning run 35 (bench/TUNING.md): Pipeline<S> with K-contiguous operands routed through registers (a
// kernel version that was measured here and then reverted), and register caps for two groups per SM.
#define NV vendor::Nvidia<>
#define NV128 vendor::Nvidia<128>
#define PERF_CONFIGS \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>>>("e0-128x256x8"), \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Pipeline<3>, Padding<4>, NV>>("128x256x8-p3"), \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Pipeline<2>, Padding<4>, NV>>("128x256x8-p2"), \
  make<Gemm<Tile<128, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<2>, Padding<4>, RegisterPrefetch<true>, NV>>("128x128x16-p2-rp"), \
  make<Gemm<Tile<128, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<2>, Padding<4>, RegisterPrefetch<true>, NV128>>("128x128x16-p2-rp-r128"), \
  make<Gemm<Tile<128, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<2>, Padding<4>, RegisterPrefetch<true>, WarpLayout<4>, NV128>>("128x128x16-p2-rp-r128-wl4"), \
  make<Gemm<Tile<128, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Prefetch<true>, RegisterPrefetch<true>, NV128>>("128x128x16-pf-rp-r128"), \
  make<Gemm<Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Prefetch<true>, RegisterPrefetch<true>>>("e2-64x128x16"), \
  make<Gemm<Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV>>("64x128x16-p3-rp"), \
  make<Gemm<Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Prefetch<true>, RegisterPrefetch<true>>>("e3-128x64x16"), \
  make<Gemm<Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV>>("128x64x16-p3-rp"), \
  make<Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>>>("e4-64x64x16"), \
  make<Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Pipeline<3>, Padding<4>, NV>>("64x64x16-p3"), \
  make<Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Pipeline<4>, Padding<4>, RegisterPrefetch<true>, NV>>("64x64x16-p4-rp"), \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Prefetch<true>>>("d-e0-128x64x8"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d128x64x8-p3"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, RegisterPrefetch<true>, NV>>("d128x64x8-p3-rp"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, WarpLayout<4>, NV>>("d128x64x8-p3-wl4"), \
  make<Gemm<Tile<64, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<4>, Padding<2>, RegisterPrefetch<true>, NV>>("d64x64x8-p4-rp"), \
  make<Gemm<Tile<64, 128, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d64x128x8-p3"), \
  make<Gemm<Element<double>>>("auto-d"),
