// Must not compile: Math<> given twice.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Math<gemmcl::MathMode::TF32>, gemmcl::Math<gemmcl::MathMode::Default>> gemm;
  return gemm.config.tile_m;
}
