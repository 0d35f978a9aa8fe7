// Must not compile: the same policy (Tile) given twice.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Vec<2>, gemmcl::Tile<32, 32, 8>> gemm;
  return gemm.config.tile_m;
}
