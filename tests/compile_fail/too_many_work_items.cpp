// Must not compile: 65536 work-items per work-group, more than any OpenCL device takes.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<256, 256, 4>, gemmcl::Vec<1>, gemmcl::WorkPerThread<1, 1>,
               gemmcl::LocalMemory<gemmcl::Operands::None>> gemm;
  return gemm.config.tile_m;
}
