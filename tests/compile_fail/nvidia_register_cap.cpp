// Must not compile: a register cap below what any kernel needs.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::Nvidia<8>> gemm;
  return gemm.config.tile_m;
}
