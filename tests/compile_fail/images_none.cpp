// Must not compile: Images<None> names no operand.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<vendor::IntelSubgroups<16>, Images<Operands::None>> gemm;
  return gemm.config.tile_m;
}
