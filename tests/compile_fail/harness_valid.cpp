// The harness's own check: valid, so it must compile. With harness_other_error.cpp it shows that a
// compile-fail test passes only when its source is rejected for the reason it names.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Vec<2>, gemmcl::LocalMemory<gemmcl::Operands::A>> gemm;
  return static_cast<int>(gemm.source.size() % 7) + gemm.config.tile_m;
}
