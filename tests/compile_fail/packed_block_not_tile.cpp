// Must not compile: a CBL panel of 64 rows for a 32-row tile.
#include <gemmcl/gemm.hpp>

int main() {
  using namespace gemmcl;
  Gemm<Tile<32, 32, 8>, Vec<4>, PackedA<layout::CBL<64>>> gemm;
  return gemm.config.tile_m;
}
