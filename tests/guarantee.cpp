// The promise that with only Tile<M,N,K> and Vec<W>, every M, N in {16, 32, 64, 128, 256}, K in
// {4, 8, ..., 64} and W in {1, 2, 4, 8} dividing M, N and K compiles and resolves to a valid
// configuration. This file covers one M (GEMMCL_GUARANTEE_M) and is compiled once per M, so the 1400
// instantiations spread over five translation units. Generating kernel text costs far more than
// resolving a configuration, so the text is generated for a spread-out sample only.

#include <gemmcl/gemm.hpp>

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "support/text.hpp"

#ifndef GEMMCL_GUARANTEE_M
#error "compile with -DGEMMCL_GUARANTEE_M=16, 32, 64, 128 or 256"
#endif

namespace {

using namespace gemmcl;
using gt::text::contains;
using line = gt::text::line;

constexpr int M = GEMMCL_GUARANTEE_M;
constexpr int n_of(int i) { return 16 << i; }        // 16 ... 256
constexpr int k_of(int i) { return 4 * (i + 1); }    // 4 ... 64
constexpr int w_of(int i) { return 1 << i; }         // 1 ... 8
constexpr bool in_guarantee(int n, int k, int w) { return M % w == 0 && n % w == 0 && k % w == 0; }

// What the kernels rely on, restated from the outside.
constexpr bool valid(const policy::Config& c, int n, int k, int w) {
  return c.tile_m == M && c.tile_n == n && c.tile_k == k && c.vec == w && c.element.name == "float" &&
         c.threads() >= 1 && c.threads() <= 4096 && c.tile_m % c.wpt_m == 0 && c.tile_n % c.wpt_n == 0 &&
         c.wpt_m % w == 0 && (!c.local_a || (c.tile_m * c.tile_k) % (w * c.threads()) == 0) &&
         (!c.local_b || (c.tile_n * c.tile_k) % (w * c.threads()) == 0);
}

template <int NI, int KI, int WI>
constexpr bool check_one() {
  constexpr int n = n_of(NI), k = k_of(KI), w = w_of(WI);
  if constexpr (!in_guarantee(n, k, w)) {
    return true;
  } else {
    // Instantiating the Gemm type runs every static_assert of the policy rules.
    using G = Gemm<Tile<M, n, k>, Vec<w>>;
    static_assert(std::is_same_v<typename G::value_type, float>);
    return valid(G::config, n, k, w);
  }
}

template <int NI, int KI, int... WI>
constexpr bool check_w(std::integer_sequence<int, WI...>) {
  return (check_one<NI, KI, WI>() && ...);
}
template <int NI, int... KI>
constexpr bool check_k(std::integer_sequence<int, KI...>) {
  return (check_w<NI, KI>(std::make_integer_sequence<int, 4>{}) && ...);
}
template <int... NI>
constexpr bool check_all(std::integer_sequence<int, NI...>) {
  return (check_k<NI>(std::make_integer_sequence<int, 16>{}) && ...);
}
static_assert(check_all(std::make_integer_sequence<int, 5>{}),
              "a Tile/Vec combination of the guarantee resolved to an invalid configuration");

// The resolved configurations, for the run-time test (guarantee_test.cpp).
template <int NI, int KI, int WI>
void collect_one(std::vector<policy::Config>& out) {
  constexpr int n = n_of(NI), k = k_of(KI), w = w_of(WI);
  if constexpr (in_guarantee(n, k, w)) out.push_back(Gemm<Tile<M, n, k>, Vec<w>>::config);
}
template <int NI, int KI, int... WI>
void collect_w(std::vector<policy::Config>& out, std::integer_sequence<int, WI...>) {
  (collect_one<NI, KI, WI>(out), ...);
}
template <int NI, int... KI>
void collect_k(std::vector<policy::Config>& out, std::integer_sequence<int, KI...>) {
  (collect_w<NI, KI>(out, std::make_integer_sequence<int, 4>{}), ...);
}
template <int... NI>
void collect_all(std::vector<policy::Config>& out, std::integer_sequence<int, NI...>) {
  (collect_k<NI>(out, std::make_integer_sequence<int, 16>{}), ...);
}

// A sample whose text is generated: five per M, spread over N, K and W differently for each M.
constexpr int m_index = M == 16 ? 0 : M == 32 ? 1 : M == 64 ? 2 : M == 128 ? 3 : 4;
template <int J>
struct sample {
  static constexpr int n = n_of((m_index + J) % 5);
  static constexpr int k = k_of((7 * J + 3 * m_index + 1) % 16);
  static constexpr int w0 = w_of((J + m_index) % 4);
  static constexpr int w = k % w0 == 0 ? w0 : 4;
  using G = Gemm<Tile<M, n, k>, Vec<w>>;
  static constexpr bool text_ok =
      contains(G::source, "__kernel") && contains(G::source, (line() << "#define TILE_M " << M << "\n").view()) &&
      contains(G::source, (line() << "#define TILE_N " << n << "\n").view()) &&
      contains(G::source, (line() << "#define TILE_K " << k << "\n").view()) &&
      contains(G::source, (line() << "#define VW " << w << "\n").view()) &&
      contains(G::source, (line() << M << " x " << n << " x " << k).view()) && gt::text::balanced(G::source);
  static_assert(text_ok, "the generated text of a sampled configuration lacks its numbers");
};
static_assert(sample<0>::text_ok && sample<1>::text_ok && sample<2>::text_ok && sample<3>::text_ok &&
              sample<4>::text_ok);

}  // namespace

#define GEMMCL_CONCAT_(a, b) a##b
#define GEMMCL_CONCAT(a, b) GEMMCL_CONCAT_(a, b)

// Every configuration of this M, and one sampled source to hand to the device's compiler.
std::vector<gemmcl::policy::Config> GEMMCL_CONCAT(guarantee_configs_, GEMMCL_GUARANTEE_M)() {
  std::vector<gemmcl::policy::Config> out;
  collect_all(out, std::make_integer_sequence<int, 5>{});
  return out;
}
std::string_view GEMMCL_CONCAT(guarantee_sample_, GEMMCL_GUARANTEE_M)() { return sample<0>::G::source; }
