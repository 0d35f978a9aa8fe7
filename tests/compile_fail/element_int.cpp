// Must not compile: an element type other than float and double.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Element<int>> gemm;
  return gemm.config.tile_m;
}
