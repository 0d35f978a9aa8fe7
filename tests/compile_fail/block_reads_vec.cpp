// Must not compile: a block read gives each lane one element of a block, so lanes own single rows.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, Vec<4>> gemm;
  return gemm.config.tile_m;
}
