// Must not compile: pack_b on a Gemm without PackedB<...> (it has PackedA only).
#include <gemmcl/gemm.hpp>

void call(cl::CommandQueue& q, const cl::Buffer& b) {
  using namespace gemmcl;
  (void)Gemm<Tile<32, 32, 8>, Vec<4>, PackedA<layout::CBL<32>>>().pack_b(q, Layout::ColMajor, Transpose::No, 4, 4, b,
                                                                         0, 4);
}

int main() { return 0; }
