// Gemm<>'s built-in configurations (policy/builtin.hpp), every entry of every device class and element
// type, run as explicit Gemm types on whatever device the tests use. On PoCL, Gemm<> itself only ever
// picks the CPU entries; this is where the GPU entries, which the benchmark times on an NVIDIA GPU, are
// checked for correctness: edges, split K, an unaligned and an aligned program, both layouts.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <random>
#include <string>

#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;

using F = policy::builtin<float>;
using D = policy::builtin<double>;
template <class Table, std::size_t I>
using entry_gemm = typename std::tuple_element_t<I, Table>::template apply<Gemm>;

using NvF0 = entry_gemm<F::nvidia_gpu, 0>;
using NvF1 = entry_gemm<F::nvidia_gpu, 1>;
using NvF2 = entry_gemm<F::nvidia_gpu, 2>;
using NvF3 = entry_gemm<F::nvidia_gpu, 3>;
using NvF4 = entry_gemm<F::nvidia_gpu, 4>;
using GpuF1 = entry_gemm<F::other_gpu, 1>;
using NvD0 = entry_gemm<D::nvidia_gpu, 0>;
using NvD1 = entry_gemm<D::nvidia_gpu, 1>;
using NvD2 = entry_gemm<D::nvidia_gpu, 2>;
using GpuD1 = entry_gemm<D::other_gpu, 1>;
using CpuD0 = entry_gemm<D::cpu, 0>;

// The other-GPU class's first entries are the NVIDIA class's last ones; these are the same types.
static_assert(std::is_same_v<entry_gemm<F::other_gpu, 0>, NvF4>);
static_assert(std::is_same_v<entry_gemm<D::other_gpu, 0>, NvD2>);
// The float CPU entry is what Gemm<> runs on PoCL; the sweep in correctness.cpp covers it.
static_assert(std::tuple_size_v<F::nvidia_gpu> == 5 && std::tuple_size_v<F::other_gpu> == 2 &&
                  std::tuple_size_v<D::nvidia_gpu> == 3 && std::tuple_size_v<D::other_gpu> == 2 &&
                  std::tuple_size_v<F::cpu> == 1 && std::tuple_size_v<D::cpu> == 1,
              "policy/builtin.hpp changed: list every entry here");

TYPE_TO_STRING_AS("nvidia float Tile<128x256x8> Vec<4> WorkPerThread<8x16> Prefetch", NvF0);
TYPE_TO_STRING_AS("nvidia float Tile<128x128x8> Vec<4> WorkPerThread<8x16> Prefetch", NvF1);
TYPE_TO_STRING_AS("nvidia float Tile<64x128x16> Vec<4> WorkPerThread<4x8> Prefetch RegisterPrefetch", NvF2);
TYPE_TO_STRING_AS("nvidia float Tile<128x64x16> Vec<4> WorkPerThread<8x8> Prefetch RegisterPrefetch", NvF3);
TYPE_TO_STRING_AS("nvidia/gpu float Tile<64x64x16> Vec<4> WorkPerThread<4x4> Prefetch", NvF4);
TYPE_TO_STRING_AS("gpu float Tile<32x32x16> Vec<4> WorkPerThread<4x4>", GpuF1);
TYPE_TO_STRING_AS("nvidia double Tile<128x64x8> Vec<2> WorkPerThread<8x8> Prefetch", NvD0);
TYPE_TO_STRING_AS("nvidia double Tile<64x64x8> Vec<2> WorkPerThread<8x8> Prefetch", NvD1);
TYPE_TO_STRING_AS("nvidia/gpu double Tile<64x64x16> Vec<2> WorkPerThread<4x4> Prefetch", NvD2);
TYPE_TO_STRING_AS("gpu double Tile<32x32x16> Vec<2> WorkPerThread<2x2>", GpuD1);
TYPE_TO_STRING_AS("cpu double Tile<32x128x64> Vec<8> WorkPerThread<16x8> LocalMemory<A> Unroll<4>", CpuD0);

TEST_CASE_TEMPLATE("built-in entry", G, NvF0, NvF1, NvF2, NvF3, NvF4, GpuF1, NvD0, NvD1, NvD2, GpuD1, CpuD0) {
  using T = typename G::value_type;
  const G gemm;
  auto& target = gt::target();
  std::mt19937_64 rng(gt::base_seed() ^ std::hash<std::string>{}(doctest::toString<G>().c_str()));
  INFO("configuration: ", gt::describe(G::config), " on ", target.name);
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
