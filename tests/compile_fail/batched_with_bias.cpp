// Must not compile: a batched call of a Gemm whose Epilogue needs a bias.
#include <gemmcl/gemm.hpp>

void call(cl::CommandQueue& q, cl::Buffer& a, cl::Buffer& b, cl::Buffer& c) {
  using namespace gemmcl;
  Gemm<Epilogue<Activation::ReLU, Bias::PerColumn>>().strided_batched(
      q, Layout::ColMajor, Transpose::No, Transpose::No, 4, 4, 4, 1.0f, a, 0, 4, 16, b, 0, 4, 16, 0.0f, c, 0, 4, 16, 3);
}

int main() { return 0; }
