// Must not compile: four slices cannot share a K step of 2 equally.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 2>, gemmcl::Vec<1>, gemmcl::WorkPerThread<8, 8>, gemmcl::SliceK<4>> gemm;
  return gemm.config.tile_m;
}
