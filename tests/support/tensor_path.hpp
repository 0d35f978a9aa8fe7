#pragma once
// The tensor-core path alone (runtime/tensor_cores.hpp), with Gemm's call signature, for the tests:
// on a device that has the path its real kernels; elsewhere, or with Emulate, the kernels with their
// instructions emulated. Misaligned A or B are packed into aligned copies first, as Gemm<> does.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <cstddef>
#include <functional>
#include <random>
#include <string>
#include <type_traits>

#include "cases.hpp"
#include "common.hpp"

namespace gt {

// Epi: a fused epilogue (gemmcl::Epilogue<A, B>), whose arguments a second call form takes. Hopper: where
// the kernel is emulated, emulate the Hopper (wgmma) kernel rather than the mma.sync one.
template <class T, class CT, bool Emulate = false, class Epi = gemmcl::Epilogue<gemmcl::Activation::Identity>,
          bool Hopper = false>
struct TensorPath {
  using value_type = T;
  using c_type = CT;
  using S = scalar_of<T>;
  using scalar_type = S;
  using epilogue_type = Epi;
  using epilogue_args = gemmcl::EpilogueArgs<S>;
  cl::Event operator()(cl::CommandQueue& queue, gemmcl::Layout layout, gemmcl::Transpose ta, gemmcl::Transpose tb,
                       std::size_t m, std::size_t n, std::size_t k, S alpha, const cl::Buffer& a, std::size_t a_off,
                       std::size_t a_ld, const cl::Buffer& b, std::size_t b_off, std::size_t b_ld, S beta,
                       cl::Buffer& c, std::size_t c_off, std::size_t c_ld, const epilogue_args& epilogue = {}) const {
    namespace rt = gemmcl::runtime;
    const rt::QueueTarget target = rt::queue_target(queue);
    gemmcl::core::Problem p = rt::make_problem(layout, ta, tb, m, n, k, {&a, a_off, a_ld}, {&b, b_off, b_ld},
                                               {&c, c_off, c_ld}, sizeof(T), sizeof(CT));
    p.epilogue = rt::make_epilogue(Epi::activation, Epi::bias, epilogue, layout, m, n);
    const gemmcl::element::Info& e = gemmcl::element::info_of<T>;
    const bool emulate = Emulate || !rt::tensor::takes(gemmcl::core::device_info(target.device), e);
    return rt::tensor::run<S>(queue, target, p, e, sizeof(CT) == 2, alpha, beta, {}, emulate, Hopper).back();
  }
};

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
    ++run;
    INFO(cs.describe());
    const Verdict v = run_case(path, t.queue, cs, rng, t.context, input_rounding);
    CHECK_MESSAGE(v.ok, v.detail);
  }
};

}  // namespace gt
