// Must not compile: B is passed round S values at a time, so the tile's K is a multiple of S.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, Tile<64, 16, 8>> gemm;
  return gemm.config.tile_m;
}
