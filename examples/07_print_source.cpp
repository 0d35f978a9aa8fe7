// 07: the OpenCL C that a configuration compiles to. Gemm<...>::source is a compile-time constant, so
// this needs no device.
//
//   print_source              lists the named configurations
//   print_source kernel6      prints one; pipe it into a file to read or compile it elsewhere
//
// What depends on the call, such as the transposes, is chosen when the program is built, by -D options
// (GEMMCL_TRANS_A, GEMMCL_TRANS_B, ...), so one source serves every layout and transpose.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "tutorial/ladder.hpp"

namespace {

struct Named {
  std::string_view name;
  std::string_view what;
  std::string_view source;
};

std::vector<Named> configurations() {
  using namespace gemmcl;
  std::vector<Named> list{
      {"default", "Gemm<>", Gemm<>::source},
      {"sgemm", "Gemm<Tile<128, 128, 16>, Vec<4>>", Gemm<Tile<128, 128, 16>, Vec<4>>::source},
      {"dgemm", "Gemm<Tile<64, 64, 16>, Vec<2>, Element<double>>",
       Gemm<Tile<64, 64, 16>, Vec<2>, Element<double>>::source},
      {"no-local", "Gemm<Tile<64, 64, 16>, LocalMemory<Operands::None>>",
       Gemm<Tile<64, 64, 16>, LocalMemory<Operands::None>>::source},
  };
  const auto add = [&]<class Rung>() {
    list.push_back({Rung::name, Rung::idea, Rung::gemm::source});  // see tutorial/ladder.hpp
  };
  tutorial::for_each_rung<tutorial::ladder>(add);
  tutorial::for_each_rung<tutorial::slides>(add);
  return list;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<Named> list = configurations();
  const std::string wanted = argc > 1 ? argv[1] : "";
  if (wanted.empty() || wanted == "-h" || wanted == "--help" || wanted == "--list") {
    std::printf("usage: %s NAME   prints the OpenCL C source of a configuration; NAME is one of\n",
                argc > 0 ? argv[0] : "print_source");
    for (const Named& n : list) {
      std::printf("  %-16.*s %.*s\n", int(n.name.size()), n.name.data(), int(n.what.size()), n.what.data());
    }
    return 0;
  }
  for (const Named& n : list) {
    if (n.name == wanted) {
      std::fwrite(n.source.data(), 1, n.source.size(), stdout);
      return 0;
    }
  }
  std::cerr << "unknown configuration \"" << wanted << "\"; run without arguments for the list\n";
  return 1;
}
