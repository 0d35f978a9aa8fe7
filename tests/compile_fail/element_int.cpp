// Must not compile: int is not an element type (gemmcl has float, double, half and bfloat16).
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Element<int>> gemm;
  return gemm.config.tile_m;
}
