// Must not compile: a K step of 12 in four slices leaves each slice 3 steps, an odd count, so the next
// tile's first step would land in the register set the slice's last step uses.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 12>, gemmcl::Vec<1>, gemmcl::WorkPerThread<8, 8>, gemmcl::Prefetch<true>,
               gemmcl::RegisterPrefetch<true>, gemmcl::SliceK<4>> gemm;
  return gemm.config.tile_m;
}
