// Must not compile: the same policy (Element) given twice, even with the same value.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Element<float>, gemmcl::Tile<16, 16, 8>, gemmcl::Element<float>> gemm;
  return gemm.config.tile_m;
}
