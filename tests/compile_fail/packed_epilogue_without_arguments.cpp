// Must not compile: a call with a packed operand, on a Gemm whose Epilogue has a bias, without the
// epilogue's arguments.
#include <gemmcl/gemm.hpp>

void call(cl::CommandQueue& q, cl::Buffer& a, cl::Buffer& c) {
  using namespace gemmcl;
  using G = Gemm<Tile<32, 32, 8>, Vec<4>, Epilogue<Activation::ReLU, Bias::PerRow>, PackedB<layout::CBL<32>>>;
  const G g;
  const G::packed_type b = g.pack_b(q, Layout::ColMajor, Transpose::No, 4, 4, a, 0, 4);
  g(q, Layout::ColMajor, Transpose::No, Transpose::No, 4, 4, 4, 1.0f, a, 0, 4, b, 0.0f, c, 0, 4);
}

int main() { return 0; }
