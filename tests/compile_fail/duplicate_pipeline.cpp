// Must not compile: the same policy (Pipeline) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Pipeline<2>, Pipeline<3>> gemm;
  return gemm.config.tile_m;
}
