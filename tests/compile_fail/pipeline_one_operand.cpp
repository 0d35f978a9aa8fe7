// Must not compile: Pipeline<S> copies both operand tiles into local memory.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::Pipeline<2>,
               gemmcl::LocalMemory<gemmcl::Operands::A>>
      gemm;
  return gemm.config.tile_m;
}
