// Must not compile: a vector width OpenCL has no type for.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<48, 48, 6>, gemmcl::Vec<3>> gemm;
  return gemm.config.tile_m;
}
