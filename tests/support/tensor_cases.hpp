#pragma once
// The case runner of the tensor-core tests (tests/tensor_cores.cpp), apart from tensor_path.hpp, which
// programs without doctest (Oclgrind's) include too.

#include <doctest/doctest.h>

#include <cstddef>
#include <functional>
#include <random>
#include <string>
#include <type_traits>

#include "cases.hpp"
#include "common.hpp"

namespace gt {

// Cases of path G against the double reference, each on fresh random data from a seed of its own: C
// NaN-poisoned where beta does not read it, A or B misaligned (packed first) where asked. TF32 rounds
// each input to 10 fraction bits, so a product may be off by 2^-10 of its size.
template <class G>
struct TensorCases {
  using T = typename G::value_type;
  using CT = typename G::c_type;
  G path{};
  Target& t = target();
  std::mt19937_64 rng{base_seed() ^ std::hash<std::string>{}(doctest::toString<G>().c_str())};
  double input_rounding = std::is_same_v<T, float> ? 0x1p-10 : 0.0;
  std::size_t run = 0;  // cases so far

  template <class Combo>
  void check(const Combo& combo, std::size_t m, std::size_t n, std::size_t k, double alpha, double beta,
             bool misaligned) {
    Case<T, CT> cs = case_of<T, CT>(combo, m, n, k, alpha, beta);
    cs.nan_c = cs.beta == 0;
    if (misaligned)
      unaligned(cs, run);
    else
      aligned(cs, run);
    run_one(cs);
  }
  // A case whose offsets and paddings `adjust` sets, after the aligned ones.
  template <class Combo, class Adjust>
  void check_with(const Combo& combo, std::size_t m, std::size_t n, std::size_t k, double alpha, double beta,
                  Adjust adjust) {
    Case<T, CT> cs = case_of<T, CT>(combo, m, n, k, alpha, beta);
    cs.nan_c = cs.beta == 0;
    aligned(cs, run);
    adjust(cs);
    run_one(cs);
  }
  void run_one(Case<T, CT>& cs) {
    ++run;
    INFO(cs.describe());
    const Verdict v = run_case(path, t.queue, cs, rng, t.context, input_rounding);
    CHECK_MESSAGE(v.ok, v.detail);
  }
};

}  // namespace gt
