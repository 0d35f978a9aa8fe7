// CPU (PoCL, AVX2): narrower tiles than the 16 x 256 x 128 entry for products with few columns (N = 64)
// or few tiles, which that entry covers with a quarter-empty or three-quarters-empty tile; shorter K
// steps for short K.
#define CPU_CONFIGS \
  make<Gemm<Tile<16, 256, 128>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("entry16x256x128"), \
  make<Gemm<Tile<16, 64, 128>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("t16x64x128"), \
  make<Gemm<Tile<16, 128, 128>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("t16x128x128"), \
  make<Gemm<Tile<32, 64, 128>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("t32x64x128"), \
  make<Gemm<Tile<16, 64, 64>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("t16x64x64"), \
  make<Gemm<Tile<16, 256, 64>, Vec<8>, WorkPerThread<16, 4>, LocalMemory<Operands::A>, Unroll<2>>>("t16x256x64")
