// Must not compile: RBL for an operand read straight from global memory.
#include <gemmcl/gemm.hpp>

int main() {
  using namespace gemmcl;
  Gemm<Tile<32, 32, 8>, Vec<4>, LocalMemory<Operands::B>, PackedA<layout::RBL<32, 8>>> gemm;
  return gemm.config.tile_m;
}
