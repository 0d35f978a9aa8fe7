// Must not compile: Pipeline<S> and Prefetch<true> are two ways of keeping K steps in flight.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::Pipeline<3>, gemmcl::Prefetch<true>> gemm;
  return gemm.config.tile_m;
}
