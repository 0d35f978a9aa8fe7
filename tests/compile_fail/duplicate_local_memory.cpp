// Must not compile: the same policy (LocalMemory) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<LocalMemory<Operands::Both>, LocalMemory<Operands::A>> gemm;
  return gemm.config.tile_m;
}
