// Must not compile: the sub-group loop does not double-buffer local tiles.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::KhronosSubgroups, LocalMemory<Operands::A>, Prefetch<true>> gemm;
  return gemm.config.tile_m;
}
