// Must not compile: registers read ahead from local tiles that are not double-buffered.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::RegisterPrefetch<true>> gemm;
  return gemm.config.tile_m;
}
