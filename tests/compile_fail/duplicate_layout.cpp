// Must not compile: two LayoutPolicies.
#include <gemmcl/gemm.hpp>

int main() {
  using namespace gemmcl;
  Gemm<layout::ColMajor, layout::RowMajor> gemm;
  return gemm.config.tile_m;
}
