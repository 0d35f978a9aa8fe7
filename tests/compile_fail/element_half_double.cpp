// Must not compile: half inputs with a double C; a 16-bit A and B take a C of their own type or float.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Element<gemmcl::half, double>> gemm;
  return gemm.config.tile_m;
}
