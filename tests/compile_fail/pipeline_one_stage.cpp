// Must not compile: a pipeline needs at least two local buffers.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::Pipeline<1>> gemm;
  return gemm.config.tile_m;
}
