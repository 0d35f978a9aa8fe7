// Must not compile: an empty block.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<32, 32, 8>, Vec<4>, PackedB<layout::RBL<32, 0>>> gemm;
  return gemm.config.tile_m;
}
