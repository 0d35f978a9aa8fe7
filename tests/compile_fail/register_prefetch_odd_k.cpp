// Must not compile: an odd tile K leaves the next tile's first step no free register set.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 5>, gemmcl::Vec<1>, gemmcl::Prefetch<true>, gemmcl::RegisterPrefetch<true>> gemm;
  return gemm.config.tile_m;
}
