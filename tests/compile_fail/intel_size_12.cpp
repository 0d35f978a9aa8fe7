// Must not compile: sub-groups of 12 are not a SIMD width.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<12>> gemm;
  return gemm.config.tile_m;
}
