// Must not compile: Padding with nothing staged in local memory.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::LocalMemory<gemmcl::Operands::None>, gemmcl::Padding<1>> gemm;
  return gemm.config.tile_m;
}
