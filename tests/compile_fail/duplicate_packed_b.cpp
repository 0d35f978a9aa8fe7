// Must not compile: the same policy (PackedB) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<32, 32, 8>, Vec<4>, PackedB<layout::CBL<32>>, PackedB<layout::CBL<32>>> gemm;
  return gemm.config.tile_m;
}
