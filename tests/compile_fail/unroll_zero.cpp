// Must not compile: an unroll factor of zero.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<32, 32, 8>, Unroll<0>> gemm;
  return gemm.config.tile_m;
}
