// Must not compile: an operand both packed and read from an image.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, LocalMemory<Operands::None>, Images<Operands::A>, PackedA<layout::CBL<64>>> gemm;
  return gemm.config.tile_m;
}
