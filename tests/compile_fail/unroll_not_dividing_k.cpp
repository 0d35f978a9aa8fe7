// Must not compile: an unroll factor (3) that does not divide the tile's K (8).
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Unroll<3>> gemm;
  return gemm.config.tile_m;
}
