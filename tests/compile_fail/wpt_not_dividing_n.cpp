// Must not compile: a register tile (WN = 3) that does not divide the tile's N.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Vec<1>, gemmcl::WorkPerThread<2, 3>> gemm;
  return gemm.config.tile_m;
}
