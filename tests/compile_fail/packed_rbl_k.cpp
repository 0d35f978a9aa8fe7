// Must not compile: RBL blocks 16 deep for a tile K of 8.
#include <gemmcl/gemm.hpp>

int main() {
  using namespace gemmcl;
  Gemm<Tile<32, 32, 8>, Vec<4>, PackedB<layout::RBL<32, 16>>> gemm;
  return gemm.config.tile_m;
}
