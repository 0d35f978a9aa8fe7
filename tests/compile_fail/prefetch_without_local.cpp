// Must not compile: Prefetch with nothing staged in local memory.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Prefetch<true>, gemmcl::LocalMemory<gemmcl::Operands::None>> gemm;
  return gemm.config.tile_m;
}
