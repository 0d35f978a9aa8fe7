// Writes gemmcl's tensor-core programs for ptx.sh, which compiles them to PTX with clang and checks the
// PTX with NVIDIA's ptxas. Nothing here touches a device. In DIR:
//   half.cl, bfloat16.cl, float.cl (TF32)      the mma.sync programs of each element type
//   half_wgmma.cl, bfloat16_wgmma.cl, float_wgmma.cl
//                                              the Hopper (wgmma) programs
//   wgmma_wide.options, wgmma_narrow.options, wgmma_short.options
//                                              the build options of the wgmma kernel's variants
//   double.cl, dmma.variants                   the FP64 (DMMA) program, and its variants' build options

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
  // The FP64 program's variants, one a line: index, then 0 or 1 for capped, by TMA, fills a unit, and
  // default (variant 0 or its TMA twin), then the build options.
  namespace tc = gemmcl::codegen::tensor;
  std::ofstream variants(dir + "/dmma.variants");
  std::size_t index = 0;
  for (const tc::DmmaVariant& v : tc::dmma_variants) {
    const bool default_one = index == 0 || index == tc::dmma_tma_twin(0);
    variants << index++ << ' ' << int(v.capped) << ' ' << int(v.tma) << ' ' << int(v.fills_unit) << ' '
             << int(default_one) << v.options << "\n";
  }
  return dmma && variants ? 0 : 1;
}
