// Must not compile: sub-groups share B through shuffles, not local memory.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, LocalMemory<Operands::Both>> gemm;
  return gemm.config.tile_m;
}
