// Must not compile: 1024 work-items cannot share the 4 x 16 B tile (only B is staged).
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<64, 16, 4>, gemmcl::Vec<1>, gemmcl::WorkPerThread<1, 1>,
               gemmcl::LocalMemory<gemmcl::Operands::B>> gemm;
  return gemm.config.tile_m;
}
