// Must not compile: with B staged in local memory, a register tile (WN = 2) that is not a multiple of the
// vector width (4).
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::WorkPerThread<4, 2>> gemm;
  return gemm.config.tile_m;
}
