// Must not compile: a register tile (WM = 2) that is not a multiple of the vector width (4).
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::WorkPerThread<2, 4>> gemm;
  return gemm.config.tile_m;
}
