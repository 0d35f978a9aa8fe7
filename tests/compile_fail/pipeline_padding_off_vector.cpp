// Must not compile: padded rows that break the alignment of whole-vector copies.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<4>, gemmcl::Pipeline<3>, gemmcl::Padding<2>> gemm;
  return gemm.config.tile_m;
}
