// Must not compile: TF32 rounds float inputs, so it does not apply to double.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Element<double>, gemmcl::Math<gemmcl::MathMode::TF32>> gemm;
  return gemm.config.tile_m;
}
