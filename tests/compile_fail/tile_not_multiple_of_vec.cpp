// Must not compile: a tile extent (K = 6) that is not a multiple of the vector width.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 6>, gemmcl::Vec<4>> gemm;
  return gemm.config.tile_m;
}
