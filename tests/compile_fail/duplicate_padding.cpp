// Must not compile: the same policy (Padding) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Padding<1>, Padding<2>> gemm;
  return gemm.config.tile_m;
}
