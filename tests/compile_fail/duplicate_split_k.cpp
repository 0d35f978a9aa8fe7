// Must not compile: the same policy (SplitK) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<SplitK<2>, SplitK<4, Reduction::SecondPass>> gemm;
  return gemm.config.tile_m;
}
