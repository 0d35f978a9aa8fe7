// Must not compile: two packing rules for one call.
#include <gemmcl/gemm.hpp>

int main() {
  gemmcl::Gemm<gemmcl::Pack<gemmcl::Packing::Always>, gemmcl::Pack<gemmcl::Packing::Never>> gemm;
  return gemm.config.tile_m;
}
