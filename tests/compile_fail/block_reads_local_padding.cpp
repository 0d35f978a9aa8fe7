// Must not compile: local block reads need unpadded rows of the A tile.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, LocalMemory<Operands::A>, Padding<1>> gemm;
  return gemm.config.tile_m;
}
