// Must not compile: a register tile (WM = 3) that does not divide the tile's M.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Vec<1>, gemmcl::WorkPerThread<3, 2>> gemm;
  return gemm.config.tile_m;
}
