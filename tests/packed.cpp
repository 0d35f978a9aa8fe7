// Packed operands (PackedA<L>, PackedB<L>; both block layouts, CBL and RBL, and CBL panels of one
// work-item's columns): operands packed from every
// stored layout and transpose, with offsets and padded leading dimensions, multiplied on every shape
// class (ones, primes, exact tiles, edges, K below a tile, deep products split into parts), against a
// double-precision reference with a norm-wise bound, C's surroundings unchanged; a packed operand reused
// by several products; and the errors of packed operands that do not fit a call.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

#include "support/common.hpp"
#include "support/rejected.hpp"

using namespace gemmcl;

namespace {

std::mt19937_64& rng() {
  static std::mt19937_64 r(gt::base_seed() + 37);
  return r;
}

const Layout layouts[] = {Layout::ColMajor, Layout::RowMajor};
const Transpose transposes[] = {Transpose::No, Transpose::Yes};

template <class T>
std::vector<T> random_vector(std::size_t count) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<T> v(count);
  for (T& x : v) x = T(u(rng()));
  return v;
}

// One column-major product C = op(A) op(B) + beta C with A (stored as `la`, `ta`) and/or B (stored as
// `lb`, `tb`) packed first; an unpacked operand is column-major.
template <class G>
void check(bool pack_a, bool pack_b, Layout la, Transpose ta, Layout lb, Transpose tb, std::size_t m,
           std::size_t n, std::size_t k) {
  using T = typename G::value_type;
  auto& q = gt::target().queue;
  const gt::View va = gt::make_view(pack_a ? la : Layout::ColMajor, ta, m, k, 3, 2);
  const gt::View vb = gt::make_view(pack_b ? lb : Layout::ColMajor, tb, k, n, 1, 5);
  const gt::View vc = gt::make_view(Layout::ColMajor, Transpose::No, m, n, 2, 1);
  const std::vector<T> a = random_vector<T>(va.end() + 3), b = random_vector<T>(vb.end() + 3);
  std::vector<T> c = random_vector<T>(vc.end() + 3);
  for (std::size_t i = 0; i < c.size(); ++i)
    if (!vc.contains(i)) c[i] = gt::poison<T>();
  cl::Buffer da = gt::upload(a), db = gt::upload(b), dc = gt::upload(c);
  const G g;
  const T alpha = T(1.5), beta = T(-0.5);
  if (pack_a && pack_b) {
    const auto pa = g.pack_a(q, la, ta, m, k, da, va.offset, va.ld);
    const auto pb = g.pack_b(q, lb, tb, k, n, db, vb.offset, vb.ld);
    g(q, Layout::ColMajor, ta, tb, m, n, k, alpha, pa, pb, beta, dc, vc.offset, vc.ld);
  } else if (pack_a) {
    const auto pa = g.pack_a(q, la, ta, m, k, da, va.offset, va.ld);
    g(q, Layout::ColMajor, ta, tb, m, n, k, alpha, pa, db, vb.offset, vb.ld, beta, dc, vc.offset, vc.ld);
  } else {
    const auto pb = g.pack_b(q, lb, tb, k, n, db, vb.offset, vb.ld);
    g(q, Layout::ColMajor, ta, tb, m, n, k, alpha, da, va.offset, va.ld, pb, beta, dc, vc.offset, vc.ld);
  }
  const std::vector<T> after = gt::download<T>(q, dc, c.size());
  const double eps = std::is_same_v<T, double> ? 0x1p-52 : 0x1p-23;
  double err2 = 0, bound2 = 0;
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < m; ++i) {
      double s = 0, mag = 0;
      for (std::size_t l = 0; l < k; ++l) {
        const double x = double(a[va.at(i, l)]) * double(b[vb.at(l, j)]);
        s += x;
        mag += std::abs(x);
      }
      const double c0 = double(c[vc.at(i, j)]), want = double(alpha) * s + double(beta) * c0;
      const double got = double(after[vc.at(i, j)]);
      err2 += std::isfinite(got) ? (got - want) * (got - want) : 1e300;
      const double e = 2 * double(k + 3) * eps * (1.5 * mag + 0.5 * std::abs(c0)) + 1e-300;
      bound2 += e * e;
    }
  std::size_t changed = 0;
  for (std::size_t i = 0; i < c.size(); ++i) changed += !vc.contains(i) && !gt::same_bits(after[i], c[i]) ? 1 : 0;
  INFO("packed ", pack_a ? "A " : "", pack_b ? "B " : "", m, "x", n, "x", k, ", A ", int(la), int(ta), ", B ", int(lb),
       int(tb), ", seed ", gt::base_seed());
  CHECK_MESSAGE(err2 <= bound2, "error/bound ", std::sqrt(err2 / bound2));
  CHECK(changed == 0);
}

struct Shape {
  std::size_t m, n, k;
};
// Ones, primes, exact tiles, edges in every direction, K below one step and K split.
const Shape shapes[] = {{1, 1, 1}, {7, 11, 13}, {32, 32, 16}, {33, 65, 17}, {64, 31, 5}, {97, 40, 300}};

template <class G>
void sweep() {
  for (const Shape& s : shapes)
    for (Layout l : layouts)
      for (Transpose ta : transposes)
        for (Transpose tb : transposes) {
          check<G>(true, true, l, ta, layouts[(int(ta) + int(tb)) % 2], tb, s.m, s.n, s.k);
          check<G>(true, false, l, ta, Layout::ColMajor, tb, s.m, s.n, s.k);
          check<G>(false, true, l, ta, l, tb, s.m, s.n, s.k);
        }
}

}  // namespace

TEST_CASE("CBL panels for A and B") {
  sweep<Gemm<Tile<32, 32, 8>, Vec<4>, PackedA<layout::CBL<32>>, PackedB<layout::CBL<32>>>>();
}

TEST_CASE("RBL blocks for A and B") {
  sweep<Gemm<Tile<32, 32, 8>, Vec<4>, Prefetch<true>, PackedA<layout::RBL<32, 8>>, PackedB<layout::RBL<32, 8>>>>();
}

TEST_CASE("mixed layouts, other main loops, split K, doubles") {
  // A cp.async-style pipeline with K split in the kernel; CBL read straight from global memory; doubles.
  sweep<Gemm<Tile<32, 64, 8>, Vec<2>, Pipeline<3>, SplitK<3, Reduction::InKernel>, PackedA<layout::RBL<32, 8>>,
             PackedB<layout::CBL<64>>>>();
  sweep<Gemm<Tile<16, 16, 4>, Vec<2>, LocalMemory<Operands::None>, PackedA<layout::CBL<16>>, PackedB<layout::CBL<16>>>>();
  // B read from global memory in panels of each work-item's 8 columns.
  sweep<Gemm<Tile<16, 32, 8>, Vec<4>, WorkPerThread<4, 8>, LocalMemory<Operands::A>, PackedA<layout::CBL<16>>,
             PackedB<layout::CBL<8>>>>();
  sweep<Gemm<Element<double>, Tile<32, 32, 8>, Vec<2>, SplitK<4, Reduction::SecondPass>, PackedA<layout::CBL<32>>,
             PackedB<layout::RBL<32, 8>>>>();
}

TEST_CASE("a packed B reused by several products") {
  using G = Gemm<Tile<32, 32, 8>, Vec<4>, PackedB<layout::RBL<32, 8>>>;
  auto& q = gt::target().queue;
  const std::size_t m = 45, n = 38, k = 27;
  const std::vector<float> b = random_vector<float>(k * n);
  cl::Buffer db = gt::upload(b);
  const auto pb = G().pack_b(q, Layout::ColMajor, Transpose::No, k, n, db, 0, k);
  for (int round = 0; round < 3; ++round) {
    const std::vector<float> a = random_vector<float>(m * k);
    cl::Buffer da = gt::upload(a), dc(gt::target().context, CL_MEM_READ_WRITE, m * n * sizeof(float));
    G()(q, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, da, 0, m, pb, 0.0f, dc, 0, m);
    const std::vector<float> c = gt::download<float>(q, dc, m * n);
    double worst = 0;
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t i = 0; i < m; ++i) {
        double s = 0;
        for (std::size_t l = 0; l < k; ++l) s += double(a[i + l * m]) * double(b[l + j * k]);
        worst = std::max(worst, std::abs(s - double(c[i + j * m])));
      }
    CHECK(worst < 1e-4);
  }
}

TEST_CASE("packed operands that do not fit a call are errors before anything is enqueued") {
  using G = Gemm<Tile<32, 32, 8>, Vec<4>, PackedA<layout::CBL<32>>, PackedB<layout::CBL<32>>>;
  using Other = Gemm<Tile<32, 32, 8>, Vec<4>, PackedA<layout::RBL<32, 8>>, PackedB<layout::RBL<32, 8>>>;
  auto& q = gt::target().queue;
  const std::size_t m = 20, n = 12, k = 9;
  std::vector<float> host(400, 0.25f);
  cl::Buffer a = gt::upload(host), b = gt::upload(host), c = gt::upload(host);
  const auto pa = G().pack_a(q, Layout::ColMajor, Transpose::No, m, k, a, 0, m);
  const auto pb = G().pack_b(q, Layout::ColMajor, Transpose::No, k, n, b, 0, k);
  const auto other_pa = Other().pack_a(q, Layout::ColMajor, Transpose::No, m, k, a, 0, m);
  const auto small_pa = G().pack_a(q, Layout::ColMajor, Transpose::No, m - 1, k, a, 0, m);
  q.finish();
  const auto both = [&](const auto& x, const auto& y, Layout l, Transpose ta, std::size_t mm) {
    return [&, l, ta, mm](const std::vector<cl::Event>& wait) {
      G()(q, l, ta, Transpose::No, mm, n, k, 1.0f, x, y, 0.0f, c, 0, 20, wait);
    };
  };
  gt::expect_rejected(ErrorCode::PackedMismatch, {"a packed B was passed as A"}, c, host,
                      both(pb, pb, Layout::ColMajor, Transpose::No, m), Argument::a);
  gt::expect_rejected(ErrorCode::PackedMismatch, {"laid out as RBL<32, 8>", "this Gemm reads CBL<32>"}, c, host,
                      both(other_pa, pb, Layout::ColMajor, Transpose::No, m), Argument::a);
  gt::expect_rejected(ErrorCode::PackedMismatch, {"packed A is 19 x 9", "op(A) 20 x 9"}, c, host,
                      both(small_pa, pb, Layout::ColMajor, Transpose::No, m), Argument::a);
  gt::expect_rejected(ErrorCode::LayoutMismatch, {"column-major"}, c, host,
                      both(pa, pb, Layout::RowMajor, Transpose::No, m), Argument::layout);
  gt::expect_rejected(ErrorCode::LayoutMismatch, {"a_transpose differs"}, c, host,
                      both(pa, pb, Layout::ColMajor, Transpose::Yes, m), Argument::a_transpose);
  // Packing checks its source as a call would.
  gt::expect_rejected(ErrorCode::InvalidLeadingDimension, {"a_ld = 5"}, c, host,
                      [&](const std::vector<cl::Event>& wait) {
                        (void)G().pack_a(q, Layout::ColMajor, Transpose::No, m, k, a, 0, 5, wait);
                      },
                      Argument::a_ld);
  gt::expect_rejected(ErrorCode::BufferTooSmall, {"B reaches"}, c, host,
                      [&](const std::vector<cl::Event>& wait) {
                        (void)G().pack_b(q, Layout::ColMajor, Transpose::No, k, 100, b, 0, k, wait);
                      },
                      Argument::b);
}
