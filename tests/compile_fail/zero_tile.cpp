// Must not compile: an empty tile.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<0, 16, 8>> gemm;
  return gemm.config.tile_m;
}
