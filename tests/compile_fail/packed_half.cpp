// Must not compile: packed 16-bit operands.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Element<half, float>, Tile<32, 32, 8>, Vec<4>, PackedA<layout::CBL<32>>> gemm;
  return gemm.config.tile_m;
}
