// Must not compile: more slices than the kernel supports.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<SliceK<32>> gemm;
  return gemm.config.tile_m;
}
