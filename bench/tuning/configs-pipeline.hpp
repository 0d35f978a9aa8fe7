// Tuning run 34 (bench/TUNING.md): Pipeline<S> (cp.async through vendor::Nvidia) against the entries.
#define NV vendor::Nvidia<>
#define PERF_CONFIGS \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>>>("e0-128x256x8"), \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Pipeline<2>, Padding<4>, NV>>("128x256x8-p2-pad4"), \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Pipeline<3>, Padding<4>, NV>>("128x256x8-p3-pad4"), \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Pipeline<4>, NV>>("128x256x8-p4"), \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV>>("128x256x8-p3-pad4-rp"), \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Pipeline<3>, Padding<4>>>("128x256x8-p3-pad4-generic"), \
  make<Gemm<Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV>>("128x128x8-w8x8-p3-rp"), \
  make<Gemm<Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 8>, Pipeline<4>, Padding<4>, RegisterPrefetch<true>, NV>>("128x128x8-w8x8-p4-rp"), \
  make<Gemm<Tile<128, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<2>, Padding<4>, RegisterPrefetch<true>, NV>>("128x128x16-w8x8-p2-rp"), \
  make<Gemm<Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Pipeline<4>, Padding<4>, NV>>("128x128x8-w8x16-p4"), \
  make<Gemm<Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Prefetch<true>, RegisterPrefetch<true>>>("e2-64x128x16-rp"), \
  make<Gemm<Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV>>("64x128x16-p3-rp"), \
  make<Gemm<Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<2>, Padding<4>, RegisterPrefetch<true>, NV>>("64x128x16-p2-rp"), \
  make<Gemm<Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>, NV>>("128x64x16-p3-rp"), \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Prefetch<true>>>("d-e0-128x64x8"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d128x64x8-p3"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, RegisterPrefetch<true>, NV>>("d128x64x8-p3-rp"), \
  make<Gemm<Tile<64, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<4>, Padding<2>, RegisterPrefetch<true>, NV>>("d64x64x8-p4-rp"), \
  make<Gemm<Tile<128, 128, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<2>, Padding<2>, RegisterPrefetch<true>, NV>>("d128x128x8-p2-rp"),
