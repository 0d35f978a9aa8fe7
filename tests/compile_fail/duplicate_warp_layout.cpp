// Must not compile: the same policy (WarpLayout) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<WarpLayout<4>, WarpLayout<8>> gemm;
  return gemm.config.tile_m;
}
