// Must not compile: images are read by the sub-group main loop only.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Images<Operands::A>, Tile<32, 32, 8>> gemm;
  return gemm.config.tile_m;
}
