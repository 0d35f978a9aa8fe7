// Must not compile: the S lanes of a sub-group share columns, so the work-items along M are a multiple of S.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, Tile<16, 16, 16>, WorkPerThread<2, 4>> gemm;
  return gemm.config.tile_m;
}
