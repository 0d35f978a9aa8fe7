// Must not compile: more K parts than the runtime's tickets allow.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<SplitK<2048>> gemm;
  return gemm.config.tile_m;
}
