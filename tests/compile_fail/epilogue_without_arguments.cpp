// Must not compile: an Epilogue with a bias called without its arguments.
#include <gemmcl/gemm.hpp>

void call(cl::CommandQueue& q, cl::Buffer& a, cl::Buffer& b, cl::Buffer& c) {
  using namespace gemmcl;
  Gemm<Epilogue<Activation::ReLU, Bias::PerRow>>()(q, Layout::ColMajor, Transpose::No, Transpose::No, 4, 4, 4, 1.0f,
                                                   a, 0, 4, b, 0, 4, 0.0f, c, 0, 4);
}

int main() { return 0; }
