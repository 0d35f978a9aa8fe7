// Must not compile: register sets alternating inside a loop that is only partly unrolled.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::Prefetch<true>, gemmcl::Unroll<4>,
               gemmcl::RegisterPrefetch<true>>
      gemm;
  return gemm.config.tile_m;
}
