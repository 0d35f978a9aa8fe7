#pragma once
// How the correctness tests fill in a case's offsets, paddings and scalings: shared by the sweep
// (correctness.cpp) and the check of Gemm<>'s built-in configurations (dispatch.cpp).

#include <algorithm>
#include <cstddef>

#include "common.hpp"

namespace gt {

// Unaligned cases always have an odd A or C offset, so the library must take its unaligned program.
inline constexpr std::size_t offsets[] = {1, 0, 5, 16};
inline constexpr std::size_t pads[] = {0, 3, 1, 8};

// The smallest padding >= `at_least` that makes the leading dimension a multiple of 16.
inline std::size_t aligning_pad(std::size_t lead, std::size_t at_least) {
  std::size_t pad = at_least;
  while ((std::max<std::size_t>(lead, 1) + pad) % 16 != 0) ++pad;
  return pad;
}

// A case of A and B holding T and C holding CT (for 16-bit T, alpha and beta are float).
template <class T, class CT = T>
Case<T, CT> case_of(const Combination& combo, std::size_t m, std::size_t n, std::size_t k, scalar_of<T> alpha,
                    scalar_of<T> beta) {
  Case<T, CT> cs;
  cs.layout = combo.layout;
  cs.ta = combo.ta;
  cs.tb = combo.tb;
  cs.m = m;
  cs.n = n;
  cs.k = k;
  cs.alpha = alpha;
  cs.beta = beta;
  return cs;
}

template <class T>
Case<T> base_case(const Combination& combo, std::size_t m, std::size_t n, std::size_t k, T alpha, T beta) {
  return case_of<T>(combo, m, n, k, alpha, beta);
}

template <class T, class CT>
void unaligned(Case<T, CT>& cs, std::size_t run) {
  cs.a_off = offsets[run % 4];
  cs.b_off = offsets[(run + 1) % 4];
  cs.c_off = cs.a_off % 2 == 1 ? offsets[(run + 2) % 4] : 3;
  cs.a_pad = pads[(run + 3) % 4];
  cs.b_pad = pads[run % 4];
  cs.c_pad = pads[(run / 4) % 4];
}

template <class T, class CT>
void aligned(Case<T, CT>& cs, std::size_t run) {
  cs.a_off = run % 2 == 0 ? 0 : 16;
  cs.b_off = 16;
  cs.c_off = run % 2 == 0 ? 16 : 0;
  cs.a_pad = aligning_pad(cs.a_view().lead(), run % 2 == 0 ? 0 : 1);
  cs.b_pad = aligning_pad(cs.b_view().lead(), 1);
  cs.c_pad = aligning_pad(cs.c_view().lead(), 0);
}

}  // namespace gt
