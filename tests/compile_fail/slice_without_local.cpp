// Must not compile: SliceK shares the K steps staged in local memory, and nothing is staged here.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::LocalMemory<gemmcl::Operands::None>,
               gemmcl::SliceK<2>> gemm;
  return gemm.config.tile_m;
}
