// Must not compile: a warp shape that does not tile 32 lanes.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<WarpLayout<3>> gemm;
  return gemm.config.tile_m;
}
