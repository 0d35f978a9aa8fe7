// Must not compile: the same policy (RegisterPrefetch) given twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<RegisterPrefetch<false>, RegisterPrefetch<false>> gemm;
  return gemm.config.tile_m;
}
