// Must not compile: InStep adds barriers to kernels that have none.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<InStep<true>, Tile<32, 32, 8>> gemm;
  return gemm.config.tile_m;
}
