// Must not compile: pack_a on a Gemm without PackedA<...>.
#include <gemmcl/gemm.hpp>

void call(cl::CommandQueue& q, const cl::Buffer& a) {
  using namespace gemmcl;
  (void)Gemm<Tile<32, 32, 8>, Vec<4>>().pack_a(q, Layout::ColMajor, Transpose::No, 4, 4, a, 0, 4);
}

int main() { return 0; }
