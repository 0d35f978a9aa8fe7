// Must not compile: an empty panel.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<32, 32, 8>, Vec<4>, PackedA<layout::CBL<0>>> gemm;
  return gemm.config.tile_m;
}
