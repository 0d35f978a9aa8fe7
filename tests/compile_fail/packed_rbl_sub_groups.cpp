// Must not compile: row-blocked packing for a sub-group main loop.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, LocalMemory<Operands::A>, PackedA<layout::RBL<64, 16>>> gemm;
  return gemm.config.tile_m;
}
