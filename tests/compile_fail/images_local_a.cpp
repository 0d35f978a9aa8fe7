// Must not compile: an operand read from an image cannot also be staged in local memory.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, LocalMemory<Operands::A>, Images<Operands::A>> gemm;
  return gemm.config.tile_m;
}
