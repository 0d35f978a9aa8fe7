// Must not compile: a template argument that is not a gemmcl policy.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, int> gemm;
  return gemm.config.tile_m;
}
