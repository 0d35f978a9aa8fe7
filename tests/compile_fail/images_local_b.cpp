// Must not compile: an operand read from an image cannot also be staged in local memory (B).
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, LocalMemory<Operands::B>, Images<Operands::B>> gemm;
  return gemm.config.tile_m;
}
