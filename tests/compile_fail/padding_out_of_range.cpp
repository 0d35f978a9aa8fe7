// Must not compile: a padding wider than any bank pattern needs.
#include <gemmcl/gemm.hpp>

using namespace gemmcl;

int main() {
  Gemm<Padding<65>> gemm;
  return gemm.config.tile_m;
}
