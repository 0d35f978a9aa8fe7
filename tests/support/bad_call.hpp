#pragma once
// The error tests' valid call (tests/errors.cpp, errors_device.cpp): a small case with odd offsets and
// padded leading dimensions, its buffers, and the float Gemm that runs it, so that each test breaks
// one argument of a call that would otherwise run.

#include <gemmcl/gemm.hpp>

#include <random>
#include <vector>

#include "cases.hpp"
#include "common.hpp"

namespace gt::bad {

using namespace gemmcl;
using T = float;
using G = Gemm<Tile<16, 16, 8>, Vec<2>>;

inline std::mt19937_64& rng() {
  static std::mt19937_64 r(gt::base_seed());
  return r;
}

inline const char* name_of(Layout l) { return l == Layout::ColMajor ? "ColMajor" : "RowMajor"; }
inline const char* name_of(Transpose t) { return t == Transpose::Yes ? "Yes" : "No"; }

// Which operand a case is about.
enum class Which { A, B, C };
inline const char* name_of(Which w) { return w == Which::A ? "A" : w == Which::B ? "B" : "C"; }

// A valid case whose operand `w` can then be broken. Offsets are odd, so that only the unaligned program
// of each transpose pair is ever built.
inline gt::Case<T> valid_case(Layout layout, Transpose ta, Transpose tb) {
  gt::Case<T> cs = gt::base_case(gt::Combination{layout, ta, tb}, 5, 4, 3, 1.5f, 0.5f);
  cs.a_off = 1;
  cs.b_off = 3;
  cs.c_off = 1;
  cs.a_pad = cs.b_pad = cs.c_pad = 2;
  cs.tail = 0;
  return cs;
}

struct Call {
  gt::Case<T> cs;
  gt::Operands<T> o;
  cl::Buffer a, b, c;

  explicit Call(const gt::Case<T>& c_) : cs(c_), o(gt::make_operands(cs, rng())) {
    a = gt::upload(o.a_host);
    b = gt::upload(o.b_host);
    c = gt::upload(o.c_host);
  }
  void operator()(const gt::View& av, const gt::View& bv, const gt::View& cv, const std::vector<cl::Event>& wait) {
    G()(gt::target().queue, cs.layout, cs.ta, cs.tb, cs.m, cs.n, cs.k, cs.alpha, a, av.offset, av.ld, b, bv.offset,
        bv.ld, cs.beta, c, cv.offset, cv.ld, wait);
  }
};

inline gt::View& pick(Which w, gt::View& a, gt::View& b, gt::View& c) {
  return w == Which::A ? a : w == Which::B ? b : c;
}

}  // namespace gt::bad
