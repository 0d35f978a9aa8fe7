// Must not compile: packing exists to make whole-vector loads possible, and Vec<1> makes none.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Vec<1>, gemmcl::Pack<gemmcl::Packing::Always>> gemm;
  return gemm.config.tile_m;
}
