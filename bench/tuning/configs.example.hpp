#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>>>("x-t128x256x8v4p"), \
  make<Gemm<Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>>>("t128x128x8v4p-w8x16"), \
  make<Gemm<Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Prefetch<true>>>("t64x128x16v4p"), \
  make<Gemm<Tile<128, 64, 8>, Vec<4>, WorkPerThread<8, 8>, Prefetch<true>>>("t128x64x8v4p-w8x8"), \
  make<Gemm<Tile<64, 64, 16>, Vec<4>, Prefetch<true>>>("t64x64x16v4p"), \
  make<Gemm<Element<double>>>("auto-d"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Prefetch<true>>>("x-d128x64x8v2p-w8x8"), \
  make<Gemm<Tile<64, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Prefetch<true>>>("d64x64x8v2p-w8x8"), \
  make<Gemm<Tile<128, 64, 16>, Vec<2>, WorkPerThread<8, 8>, Element<double>>>("d128x64x16v2-w8x8"),
