// Must not compile: a register tile without columns.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Tile<32, 32, 8>, WorkPerThread<4, 0>> gemm;
  return gemm.config.tile_m;
}
