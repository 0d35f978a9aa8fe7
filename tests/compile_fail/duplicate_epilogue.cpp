// Must not compile: two epilogues.
#include <gemmcl/gemm.hpp>

int main() {
  using namespace gemmcl;
  Gemm<Epilogue<Activation::ReLU>, Epilogue<Activation::GELU>> gemm;
  return gemm.config.tile_m;
}
