// Must not compile: the same policy (Unroll) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<32, 32, 8>, Unroll<2>, Unroll<4>> gemm;
  return gemm.config.tile_m;
}
