// Must not compile: Images<> twice.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, Images<Operands::A>, Images<Operands::B>> gemm;
  return gemm.config.tile_m;
}
