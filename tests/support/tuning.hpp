#pragma once
// Shared by the tests of tuning files (tuning_file.cpp) and of Gemm<> reading them (tuning.cpp): a
// tuning file's configurations and shape rules, written out in one call.

#include <gemmcl/dispatch/tuning_file.hpp>

#include <cstddef>

namespace gt {

inline gemmcl::policy::Config config(int tm, int tn, int tk, int vec, int wm, int wn, bool local_a, bool local_b,
                                     bool prefetch) {
  gemmcl::policy::Config c;
  c.tile_m = tm;
  c.tile_n = tn;
  c.tile_k = tk;
  c.vec = vec;
  c.wpt_m = wm;
  c.wpt_n = wn;
  c.local_a = local_a;
  c.local_b = local_b;
  c.prefetch = prefetch;
  return c;
}

// A shape rule: for about m x n x k with these transposes, run `entry` with K in at most `split` parts.
inline gemmcl::dispatch::tuning::Shape rule(bool ta, bool tb, std::size_t m, std::size_t n, std::size_t k,
                                            std::size_t entry, int split, double gflops = 0, double builtin = 0) {
  gemmcl::dispatch::tuning::Shape s;
  s.trans_a = ta;
  s.trans_b = tb;
  s.m = m;
  s.n = n;
  s.k = k;
  s.entry = entry;
  s.split = split;
  s.gflops = gflops;
  s.builtin = builtin;
  return s;
}

}  // namespace gt
