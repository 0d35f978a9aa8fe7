// Writes the tensor-core program of each 16-bit element type (DIR/half.cl, DIR/bfloat16.cl) for ptx.sh,
// which compiles them to PTX with clang and checks the PTX with NVIDIA's ptxas. Nothing here touches a
// device.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <fstream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  for (const gemmcl::element::Info* e : {&gemmcl::element_traits<gemmcl::half>::info,
                                         &gemmcl::element_traits<gemmcl::bfloat16>::info}) {
    std::ofstream out(std::string(argv[1]) + "/" + std::string(e->name) + ".cl");
    out << gemmcl::codegen::mma_sync_source(*e).text;
    if (!out) return 1;
  }
  return 0;
}
