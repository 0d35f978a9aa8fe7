// The harness's own check: this fails to compile, but by no gemmcl rule, so a test expecting a gemmcl
// message must not accept the failure.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Vec<2>> gemm;
  return gemm.no_such_member;
}
