// Must not compile: two PackedA policies.
#include <gemmcl/gemm.hpp>

int main() {
  using namespace gemmcl;
  Gemm<Tile<32, 32, 8>, Vec<4>, PackedA<layout::CBL<32>>, PackedA<layout::RBL<32, 8>>> gemm;
  return gemm.config.tile_m;
}
