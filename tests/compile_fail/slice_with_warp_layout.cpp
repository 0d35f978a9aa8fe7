// Must not compile: WarpLayout renumbers work-items across the group, SliceK numbers them by slice.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Tile<64, 64, 16>, gemmcl::Vec<4>, gemmcl::WorkPerThread<8, 8>, gemmcl::WarpLayout<8>,
               gemmcl::SliceK<2>> gemm;
  return gemm.config.tile_m;
}
