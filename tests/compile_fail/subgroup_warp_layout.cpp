// Must not compile: sub-groups number work-items row by row.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, WarpLayout<4>> gemm;
  return gemm.config.tile_m;
}
