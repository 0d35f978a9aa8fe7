// Must not compile: the same policy (SliceK) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<8, 8>, SliceK<2>, SliceK<4>> gemm;
  return gemm.config.tile_m;
}
