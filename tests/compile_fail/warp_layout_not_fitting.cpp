// Must not compile: WarpLayout on a work-group of 16 work-items.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<16, 16, 8>, Vec<4>, WorkPerThread<4, 4>, WarpLayout<4>> gemm;
  return gemm.config.tile_m;
}
