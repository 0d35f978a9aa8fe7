// Must not compile: an unroll longer than one slice's K steps.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<8, 8>, SliceK<2>, Unroll<16>> gemm;
  return gemm.config.tile_m;
}
