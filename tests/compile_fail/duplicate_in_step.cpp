// Must not compile: the same policy (InStep) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<LocalMemory<Operands::None>, InStep<true>, InStep<false>> gemm;
  return gemm.config.tile_m;
}
