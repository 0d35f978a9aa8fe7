// Example configuration lists for the tuning harnesses; copy and edit, then pass the copy with -include.
// PERF_CONFIGS (perf.cpp, through run.sh): GPU configurations, float and double; the first is Gemm<>'s
// own choice. CPU_CONFIGS (cpu_perf.cpp): one element type only; here the AVX2 float entry's register
// tile in work-groups of 256, 128 and 64 columns, as Gemm<>'s CPU class has them.
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

#define CPU_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<Tile<16, 256, 128>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("t16x256x128"), \
  make<Gemm<Tile<16, 128, 128>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("t16x128x128"), \
  make<Gemm<Tile<16, 64, 64>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("t16x64x64")
