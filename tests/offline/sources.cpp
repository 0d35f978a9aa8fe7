// Writes the OpenCL C text of configurations whose devices this machine does not have, one file per
// configuration, for compile.sh to compile offline (ocloc for Intel GPUs, clang + libclc for AMD GPUs).
//
//   offline_sources DIR     writes DIR/<name>.cl and DIR/manifest, one line per file:
//                           <file> <target-kind> <promises> <cl-std>
// target-kind: intel | amd | generic (which compilers check it); promises: a comma list of SPIR-V
// instructions the Intel compile must contain, or "-": shuffle (sub-group shuffles), block_read
// (sub-group block reads, in every option set where A or B is read as it lies, untransposed),
// block_read_b (the same where B is: A staged in local memory is block-read only on devices with
// cl_intel_subgroup_local_block_io); cl-std: the -cl-std the runtime builds it with (CL1.2, or CL3.0
// for the Khronos sub-groups path on an OpenCL 3.0 device).
// Each text is Gemm<P...>::source, a compile-time constant: nothing here touches a device.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using namespace gemmcl;

struct Config {
  std::string name;
  std::string_view kind, promises, std;
  std::string_view source;
};

// What an Intel sub-group configuration promises: shuffles always; block reads of floats (doubles
// need cl_intel_subgroups_long), where B is read as it lies if A is staged in local memory.
constexpr std::string_view promises_of(const policy::Config& c) {
  if (!c.sub_groups) return "-";
  if (!c.block_reads || c.element.bytes != 4) return "shuffle";
  return c.local_a ? "shuffle,block_read_b" : "shuffle,block_read";
}

template <int S>
void add_intel(std::vector<Config>& list) {
  const std::string s = std::to_string(S);
  using Sg = vendor::IntelSubgroups<S>;
  list.push_back({"intel_sg" + s + "_default", "intel", promises_of(Gemm<Sg>::config), "CL1.2", Gemm<Sg>::source});
  list.push_back({"intel_sg" + s + "_plain", "intel", "shuffle", "CL1.2",
                  Gemm<vendor::IntelSubgroups<S, vendor::IntelLoads::Plain>>::source});
  // Block reads of doubles need cl_intel_subgroups_long, which not every device has: only shuffles
  // are certain.
  list.push_back({"intel_sg" + s + "_double", "intel", "shuffle", "CL1.2", Gemm<Sg, Element<double>>::source});
  list.push_back({"intel_sg" + s + "_local_a", "intel", promises_of(Gemm<Sg, LocalMemory<Operands::A>>::config), "CL1.2",
                  Gemm<Sg, LocalMemory<Operands::A>>::source});
  list.push_back({"intel_sg" + s + "_instep", "intel", promises_of(Gemm<Sg, InStep<true>>::config), "CL1.2",
                  Gemm<Sg, InStep<true>>::source});
}

// Every entry of a table, under the table's name and the entry's index.
template <class Entries, std::size_t... I>
void add_entries(std::vector<Config>& list, std::string_view table, std::string_view kind,
                 std::index_sequence<I...>) {
  (list.push_back({std::string(table) + "_" + std::to_string(I), kind,
                   promises_of(std::tuple_element_t<I, Entries>::template apply<Gemm>::config), "CL1.2",
                   std::tuple_element_t<I, Entries>::template apply<Gemm>::source}),
   ...);
}
template <class Table>
void add_table(std::vector<Config>& list, std::string_view name, std::string_view kind) {
  using Entries = typename Table::entries;
  add_entries<Entries>(list, name, kind, std::make_index_sequence<std::tuple_size_v<Entries>>{});
}

std::vector<Config> configurations() {
  std::vector<Config> list;
  add_intel<8>(list);
  add_intel<16>(list);
  add_intel<32>(list);
  // Block reads in sub-groups of 32: Xe-HPC only (IntelSubgroups<32> defaults to plain loads).
  list.push_back({"intel_sg32_blockreads", "intel-xehpc", "shuffle,block_read", "CL1.2",
                  Gemm<vendor::IntelSubgroups<32, vendor::IntelLoads::Block>>::source});
  list.push_back({"intel_sg16_images", "intel", "shuffle,block_read", "CL1.2",
                  Gemm<vendor::IntelSubgroups<16>, Images<Operands::Both>>::source});
  // The Khronos path on an Intel GPU: OpenCL 3.0 there, so the runtime passes -cl-std=CL3.0.
  list.push_back({"khronos", "intel", "shuffle", "CL3.0", Gemm<vendor::KhronosSubgroups>::source});
  add_table<dispatch::tables::intel_gpu<float>>(list, "intel_table_float", "intel");
  add_table<dispatch::tables::intel_gpu<double>>(list, "intel_table_double", "intel");
  list.push_back({"generic_float", "generic", "-", "CL1.2", Gemm<>::source});
  list.push_back({"generic_double", "generic", "-", "CL1.2", Gemm<Element<double>>::source});
  list.push_back({"amd_float", "amd", "-", "CL1.2", Gemm<vendor::Amd>::source});
  list.push_back({"amd_double", "amd", "-", "CL1.2", Gemm<vendor::Amd, Element<double>>::source});
  add_table<dispatch::tables::amd_gpu<float>>(list, "amd_table_float", "amd");
  add_table<dispatch::tables::amd_gpu<double>>(list, "amd_table_double", "amd");
  return list;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR   writes DIR/<configuration>.cl and DIR/manifest\n",
                 argc > 0 ? argv[0] : "offline_sources");
    return 2;
  }
  const std::string dir = argv[1];
  std::ofstream manifest(dir + "/manifest");
  for (const Config& c : configurations()) {
    const std::string file = c.name + ".cl";
    std::ofstream out(dir + "/" + file, std::ios::binary);
    out << c.source;
    manifest << file << ' ' << c.kind << ' ' << c.promises << ' ' << c.std << '\n';
    if (!out || !manifest) {
      std::fprintf(stderr, "offline_sources: cannot write %s in %s\n", file.c_str(), dir.c_str());
      return 1;
    }
  }
  return 0;
}
