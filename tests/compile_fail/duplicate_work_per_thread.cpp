// Must not compile: the same policy (WorkPerThread) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<32, 32, 8>, WorkPerThread<4, 4>, WorkPerThread<2, 2>> gemm;
  return gemm.config.tile_m;
}
