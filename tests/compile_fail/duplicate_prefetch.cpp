// Must not compile: the same policy (Prefetch) given twice, even with other values.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Prefetch<true>, Prefetch<false>> gemm;
  return gemm.config.tile_m;
}
