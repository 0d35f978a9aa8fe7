// Must not compile: float inputs with a half C; only 16-bit inputs may have a C of another type.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Element<float, gemmcl::half>> gemm;
  return gemm.config.tile_m;
}
