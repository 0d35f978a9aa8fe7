// Must not compile: the same policy (Vec) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<32, 32, 8>, Vec<2>, Vec<4>> gemm;
  return gemm.config.tile_m;
}
