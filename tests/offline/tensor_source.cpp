// Writes the tensor-core programs of each element type (DIR/half.cl, DIR/bfloat16.cl, DIR/float.cl: TF32,
// the Hopper ones DIR/half_wgmma.cl, DIR/bfloat16_wgmma.cl, DIR/float_wgmma.cl (TF32) with DIR/wgmma_wide.options,
// DIR/wgmma_narrow.options and DIR/wgmma_short.options, the build options of their wide, narrow and short variants, and the FP64 one DIR/double.cl) for ptx.sh,
// which compiles them to PTX with clang and checks the PTX with NVIDIA's ptxas. Nothing here touches a
// device.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

int main(int argc, char** argv) {
  // --patch IN OUT, --cap IN OUT: the runtime's PTX steps (runtime/ptx_patch.hpp) on a PTX file.
  if (argc == 4 && (std::string(argv[1]) == "--patch" || std::string(argv[1]) == "--cap")) {
    std::ifstream in(argv[2]);
    const std::string ptx((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream out(argv[3]);
    try {
      out << (std::string(argv[1]) == "--patch" ? gemmcl::runtime::ptx::to_sm90a(ptx)
                                                 : gemmcl::runtime::ptx::with_128_registers(ptx));
    } catch (const gemmcl::Error& e) {
      std::fprintf(stderr, "%s\n", e.what());
      return 1;
    }
    return out ? 0 : 1;
  }
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR | --patch IN OUT | --cap IN OUT\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  for (const gemmcl::element::Info* e : {&gemmcl::element_traits<gemmcl::half>::info,
                                         &gemmcl::element_traits<gemmcl::bfloat16>::info,
                                         &gemmcl::element_traits<float>::info}) {
    std::ofstream out(dir + "/" + std::string(e->name) + ".cl");
    out << gemmcl::codegen::mma_sync_source(*e).text;
    {  // the Hopper program (for float: TF32)
      std::ofstream hopper(dir + "/" + std::string(e->name) + "_wgmma.cl");
      hopper << gemmcl::codegen::wgmma_source(*e).text;
      if (!hopper) return 1;
    }
    if (!out) return 1;
  }
  std::ofstream wide(dir + "/wgmma_wide.options");  // the build options of the wide wgmma variant
  wide << gemmcl::codegen::tensor::wgmma_wide_options << "\n";
  std::ofstream narrow(dir + "/wgmma_narrow.options");  // and of the narrow one
  narrow << gemmcl::codegen::tensor::wgmma_narrow_options << "\n";
  std::ofstream shortv(dir + "/wgmma_short.options");  // and of the short (64-row) one
  shortv << gemmcl::codegen::tensor::wgmma_short_options << "\n";
  if (!wide || !narrow || !shortv) return 1;
  std::ofstream dmma(dir + "/double.cl");
  dmma << gemmcl::codegen::dmma_source(gemmcl::element_traits<double>::info).text;
  return dmma ? 0 : 1;
}
