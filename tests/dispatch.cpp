// Gemm<>'s built-in configurations (dispatch/tables/), every entry of every device class and element
// type, run as explicit Gemm types on whatever device the tests use. On PoCL, Gemm<> itself only ever
// picks the CPU entries; this is where the GPU entries, which the benchmark times on an NVIDIA GPU, are
// checked for correctness: edges, split K, an unaligned and an aligned program, both layouts. An entry
// that names vendor::Nvidia runs as it is on an NVIDIA device and, elsewhere, as its generic twin: the
// same kernel with plain loads and copies in place of the inline PTX, which only NVIDIA's compiler
// takes (the GPU runs of bench/results.md ran this test on an H100 and an H200 too). An entry that
// names vendor::Amd runs, away from AMD GPUs, as the same text on a test tag that matches any device,
// so its staggered tile order is checked here too. (dispatch_choice.cpp: which entry Gemm<> picks.)

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <functional>
#include <random>
#include <string>

#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;

// The tables of each element type, by the device they serve.
template <class T>
struct tables_of {
  using nvidia_gpu = typename dispatch::tables::nvidia_gpu<T>::entries;
  using amd_gpu = typename dispatch::tables::amd_gpu<T>::entries;
  using other_gpu = typename dispatch::tables::other_gpu<T>::entries;
  using cpu = typename dispatch::tables::cpu<T>::entries;
  using intel_cpu = typename dispatch::tables::intel_cpu<T>::entries;
};
using F = tables_of<float>;
using D = tables_of<double>;
template <class Table, std::size_t I>
using entry_gemm = typename std::tuple_element_t<I, Table>::template apply<Gemm>;

using NvF0 = entry_gemm<F::nvidia_gpu, 0>;
using NvF1 = entry_gemm<F::nvidia_gpu, 1>;
using NvF2 = entry_gemm<F::nvidia_gpu, 2>;
using NvF3 = entry_gemm<F::nvidia_gpu, 3>;
using NvF4 = entry_gemm<F::nvidia_gpu, 4>;
using NvF5 = entry_gemm<F::nvidia_gpu, 5>;
using NvF6 = entry_gemm<F::nvidia_gpu, 6>;
using NvF7 = entry_gemm<F::nvidia_gpu, 7>;
using NvF8 = entry_gemm<F::nvidia_gpu, 8>;
using NvF9 = entry_gemm<F::nvidia_gpu, 9>;
using NvF10 = entry_gemm<F::nvidia_gpu, 10>;
using NvF11 = entry_gemm<F::nvidia_gpu, 11>;
using NvF12 = entry_gemm<F::nvidia_gpu, 12>;
using GpuF1 = entry_gemm<F::other_gpu, 1>;
using AmdF0 = entry_gemm<F::amd_gpu, 0>;
using AmdF1 = entry_gemm<F::amd_gpu, 1>;
using AmdF2 = entry_gemm<F::amd_gpu, 2>;
using AmdD0 = entry_gemm<D::amd_gpu, 0>;
using AmdD1 = entry_gemm<D::amd_gpu, 1>;
using NvD0 = entry_gemm<D::nvidia_gpu, 0>;
using NvD1 = entry_gemm<D::nvidia_gpu, 1>;
using NvD2 = entry_gemm<D::nvidia_gpu, 2>;
using GpuD1 = entry_gemm<D::other_gpu, 1>;
using CpuD0 = entry_gemm<D::cpu, 0>;
using CpuF0 = entry_gemm<F::cpu, 0>;
using CpuF1 = entry_gemm<F::cpu, 1>;
using CpuD1 = entry_gemm<D::cpu, 1>;
using CpuF2 = entry_gemm<F::cpu, 2>;
using CpuF3 = entry_gemm<F::cpu, 3>;
using CpuD2 = entry_gemm<D::cpu, 2>;
using CpuD3 = entry_gemm<D::cpu, 3>;
using IntelCpuD0 = entry_gemm<D::intel_cpu, 0>;  // generic, first in Intel's CPU-runtime double table

// The AMD target's text (plain loads, staggered tiles) on a tag that runs on any device.
namespace testing {
struct AmdAnywhere {
  using policy_kind = kind::vendor;
};
}  // namespace testing
template <>
struct gemmcl::target::Target<testing::AmdAnywhere> : gemmcl::target::Target<vendor::Amd> {
  static bool matches(const core::DeviceInfo&) { return true; }
};

// The same policies with vendor::Nvidia replaced by vendor::Generic, vendor::Amd by AmdAnywhere.
template <class P>
struct generic_policy {
  using type = P;
};
template <int R>
struct generic_policy<vendor::Nvidia<R>> {
  using type = vendor::Generic;
};
template <>
struct generic_policy<vendor::Amd> {
  using type = testing::AmdAnywhere;
};
template <class G>
struct generic_twin;
template <class... P>
struct generic_twin<Gemm<P...>> {
  using type = Gemm<typename generic_policy<P>::type...>;
};

// The other-GPU class's first entries are the NVIDIA class's last ones, on the generic path where the
// NVIDIA entry names vendor::Nvidia (its twin below is then what runs here for it).
static_assert(entry_gemm<F::other_gpu, 0>::config == NvF5::config &&
              std::is_same_v<entry_gemm<F::other_gpu, 0>::vendor_type, vendor::Generic>);
static_assert(std::is_same_v<entry_gemm<D::other_gpu, 0>, NvD2>);
// The CPU entry for this machine's vector width is what Gemm<> runs on PoCL, and the sweep in
// correctness.cpp covers it; every CPU entry runs here as well, whatever the vector width.
static_assert(std::tuple_size_v<F::nvidia_gpu> == 13 && std::tuple_size_v<F::other_gpu> == 2 &&
                  std::tuple_size_v<D::nvidia_gpu> == 3 && std::tuple_size_v<D::other_gpu> == 2 &&
                  std::tuple_size_v<F::cpu> == 4 && std::tuple_size_v<D::cpu> == 4 &&
                  std::tuple_size_v<F::amd_gpu> == 3 && std::tuple_size_v<D::amd_gpu> == 2,
              "dispatch/tables/ changed: list every entry here");

TYPE_TO_STRING_AS("nvidia float Tile<128x256x8> Vec<4> WorkPerThread<8x16> Prefetch", NvF0);
TYPE_TO_STRING_AS("nvidia float Tile<128x128x8> Vec<4> WorkPerThread<8x16> Prefetch", NvF1);
TYPE_TO_STRING_AS("nvidia float Tile<256x128x8> Vec<4> WorkPerThread<8x16> Prefetch Padding<4>", NvF2);
TYPE_TO_STRING_AS("nvidia float Tile<64x128x16> Vec<4> WorkPerThread<4x8> Pipeline<3> Padding<4> RegisterPrefetch", NvF3);
TYPE_TO_STRING_AS("nvidia float Tile<128x64x16> Vec<4> WorkPerThread<8x8> Pipeline<3> Padding<4> RegisterPrefetch", NvF4);
TYPE_TO_STRING_AS("nvidia float Tile<64x64x16> Vec<4> WorkPerThread<4x4> Prefetch", NvF5);
TYPE_TO_STRING_AS("nvidia float Tile<64x32x32> Vec<4> WorkPerThread<4x8> SliceK<4> Prefetch Padding<4>", NvF6);
TYPE_TO_STRING_AS("nvidia float Tile<32x64x32> Vec<4> WorkPerThread<4x8> SliceK<4> Prefetch Padding<4>", NvF7);
TYPE_TO_STRING_AS("nvidia float Tile<64x64x32> Vec<4> WorkPerThread<4x8> SliceK<2> Prefetch Padding<4>", NvF8);
TYPE_TO_STRING_AS("nvidia float Tile<256x64x16> Vec<4> WorkPerThread<8x8> Prefetch Padding<4> RegisterPrefetch", NvF9);
TYPE_TO_STRING_AS("nvidia float Tile<64x256x16> Vec<4> WorkPerThread<8x8> Prefetch Padding<4> RegisterPrefetch", NvF10);
TYPE_TO_STRING_AS("nvidia float Tile<64x48x32> Vec<4> WorkPerThread<4x12> SliceK<2> Prefetch Padding<4>", NvF11);
TYPE_TO_STRING_AS("nvidia float Tile<128x64x16> Vec<4> WorkPerThread<8x8> SliceK<2> Prefetch Padding<4> RegisterPrefetch", NvF12);
TYPE_TO_STRING_AS("gpu float Tile<32x32x16> Vec<4> WorkPerThread<4x4>", GpuF1);
TYPE_TO_STRING_AS("amd float Tile<128x64x16> Vec<4> WorkPerThread<8x4> Prefetch", AmdF0);
TYPE_TO_STRING_AS("amd float Tile<64x64x16> Vec<4> WorkPerThread<4x4> Prefetch", AmdF1);
TYPE_TO_STRING_AS("amd float Tile<64x32x32> Vec<4> WorkPerThread<4x8> LocalMemory<B>", AmdF2);
TYPE_TO_STRING_AS("amd double Tile<64x64x16> Vec<2> WorkPerThread<4x4> Prefetch", AmdD0);
TYPE_TO_STRING_AS("amd double Tile<64x16x16> Vec<2> WorkPerThread<4x4> LocalMemory<B>", AmdD1);
TYPE_TO_STRING_AS("nvidia double Tile<128x64x8> Vec<2> WorkPerThread<8x8> Pipeline<3> Padding<2>", NvD0);
TYPE_TO_STRING_AS("nvidia double Tile<64x64x8> Vec<2> WorkPerThread<8x8> Pipeline<4> Padding<2> RegisterPrefetch", NvD1);
TYPE_TO_STRING_AS("nvidia/gpu double Tile<64x64x16> Vec<2> WorkPerThread<4x4> Prefetch", NvD2);
TYPE_TO_STRING_AS("gpu double Tile<32x32x16> Vec<2> WorkPerThread<2x2>", GpuD1);
TYPE_TO_STRING_AS("cpu double Tile<32x128x64> Vec<8> WorkPerThread<16x8> LocalMemory<A> Unroll<4>", CpuD0);
TYPE_TO_STRING_AS("intel cpu double Tile<32x256x64> Vec<8> WorkPerThread<16x8> LocalMemory<A> Unroll<4>", IntelCpuD0);
TYPE_TO_STRING_AS("cpu float Tile<32x256x64> Vec<16> WorkPerThread<32x8> LocalMemory<A> Unroll<4>", CpuF0);
TYPE_TO_STRING_AS("cpu float Tile<16x256x128> Vec<8> WorkPerThread<16x4> LocalMemory<A> Unroll<2>", CpuF1);
TYPE_TO_STRING_AS("cpu double Tile<8x256x128> Vec<4> WorkPerThread<8x4> LocalMemory<A> Unroll<2>", CpuD1);
TYPE_TO_STRING_AS("cpu float Tile<16x128x128> Vec<8> WorkPerThread<16x4> LocalMemory<A> Unroll<2>", CpuF2);
TYPE_TO_STRING_AS("cpu float Tile<16x64x64> Vec<8> WorkPerThread<16x4> LocalMemory<A> Unroll<2>", CpuF3);
TYPE_TO_STRING_AS("cpu double Tile<8x128x128> Vec<4> WorkPerThread<8x4> LocalMemory<A> Unroll<2>", CpuD2);
TYPE_TO_STRING_AS("cpu double Tile<8x64x64> Vec<4> WorkPerThread<8x4> LocalMemory<A> Unroll<2>", CpuD3);

// The checks, on one Gemm type.
template <class G>
void check_entry(const std::string& name) {
  using T = typename G::value_type;
  const G gemm;
  auto& target = gt::target();
  std::mt19937_64 rng(gt::base_seed() ^ std::hash<std::string>{}(name));
  INFO("configuration: ", gt::describe(G::config), ", vendor ",
       target::Target<typename G::vendor_type>::name, " on ", target.name);
  const std::size_t tm = G::config.tile_m, tn = G::config.tile_n, tk = G::config.tile_k;
  const auto check = [&](gt::Case<T> cs) {
    INFO(cs.describe());
    const gt::Verdict v = gt::run_case(gemm, target.queue, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
  };
  // Column-major NN with edges in every direction, unaligned; NaN-poisoned C with beta = 0.
  auto edges = gt::base_case(gt::all_combinations[0], tm + 3, 2 * tn - 1, 2 * tk + 1, T(1.5), T(0));
  edges.nan_c = true;
  gt::unaligned(edges, 1);
  check(edges);
  // Whole tiles, aligned, both operands transposed, row-major.
  auto whole = gt::base_case(gt::all_combinations[7], 2 * tm, tn, 3 * tk, T(-1), T(0.5));
  gt::aligned(whole, 0);
  check(whole);
  // One tile of C and a long K: split K wherever the device has two or more compute units.
  auto deep = gt::base_case(gt::all_combinations[0], tm - 1, tn - 2, 24 * tk + 3, T(0.75), T(1));
  gt::unaligned(deep, 2);
  check(deep);
}

TEST_CASE_TEMPLATE("built-in entry", G, NvF0, NvF1, NvF2, NvF3, NvF4, NvF5, NvF6, NvF7, NvF8, NvF9, NvF10, NvF11, NvF12, GpuF1,
                   AmdF0, AmdF1, AmdF2, AmdD0, AmdD1, NvD0, NvD1, NvD2, GpuD1, CpuD0, CpuF0, CpuF1, CpuD1, CpuF2, CpuF3,
                   CpuD2, CpuD3, IntelCpuD0) {
  const std::string name = doctest::toString<G>().c_str();
  const auto& device = gemmcl::core::device_info(gt::target().device());
  if (target::Target<typename G::vendor_type>::matches(device))
    check_entry<G>(name);
  else
    check_entry<typename generic_twin<G>::type>(name);
}
