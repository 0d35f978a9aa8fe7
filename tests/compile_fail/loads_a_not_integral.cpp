// Must not compile: 64 work-items cannot share the 16 x 4 A tile in whole 2-wide vectors.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 4>, gemmcl::Vec<2>, gemmcl::WorkPerThread<2, 2>> gemm;
  return gemm.config.tile_m;
}
