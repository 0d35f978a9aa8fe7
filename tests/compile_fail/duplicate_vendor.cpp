// Must not compile: two vendor paths in one Gemm.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::Nvidia<>, vendor::IntelSubgroups<16>> gemm;
  return gemm.config.tile_m;
}
