// Batched GEMM, both forms (strided, and offsets with alphas and betas per product), float, double, half
// and bfloat16: every product
// against a double-precision reference with a norm-wise bound, every element outside the products' C
// unchanged, on fresh random data, for every layout and transpose, batch counts 1, 2, 7 and 1000,
// shapes with 1 and primes, strides of 0 (A or B broadcast), interleaved C; and the errors of bad
// batches, thrown before anything is enqueued.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "support/common.hpp"
#include "support/rejected.hpp"

using namespace gemmcl;

namespace {

std::mt19937_64& rng() {
  static std::mt19937_64 r(gt::base_seed() + 11);
  return r;
}

enum class Form { Strided, Arrays };

// One batched call: the products' matrices laid out in one buffer per operand, poison around them.
template <class T, class CT = T>
struct Batch {
  Layout layout = Layout::ColMajor;
  Transpose ta = Transpose::No, tb = Transpose::No;
  std::size_t m = 0, n = 0, k = 0, count = 0;
  Form form = Form::Strided;
  bool broadcast_a = false, broadcast_b = false;
  bool interleave_c = false;  // product i's C is columns (or rows) block i of one wide matrix
  bool uniform = false;       // arrays in order with one alpha and beta: the strided batch in disguise
  std::size_t ld_extra = 1;   // odd, so that both the aligned and unaligned reads get exercised per call

  gt::View va, vb, vc;        // product 0, offsets 0
  std::vector<std::size_t> ao, bo, co;
  std::vector<gt::scalar_of<T>> alphas, betas;
  std::vector<T> a, b;        // host images before the call
  std::vector<CT> c;

  void lay_out() {
    const std::size_t e = ld_extra;
    va = gt::make_view(layout, ta, m, k, e, 0);
    vb = gt::make_view(layout, tb, k, n, e + 1, 0);
    vc = gt::make_view(layout, Transpose::No, m, n, e, 0);
    std::size_t c_stride = vc.end() + 3;
    if (interleave_c) {
      // C_i is block i of a (m, n * count) column-major (or (m * count, n) row-major) matrix: ld covers
      // all blocks, and product i starts one block further along.
      vc.ld = vc.lead() * count + 1;
      c_stride = vc.lead();
    }
    const std::size_t a_stride = broadcast_a ? 0 : va.end() + 2, b_stride = broadcast_b ? 0 : vb.end() + 5;
    // Slots in memory: in order for the strided form, shuffled (each operand its own way) for arrays.
    std::vector<std::size_t> slots[3];
    for (auto& order : slots) {
      order.resize(count);
      std::iota(order.begin(), order.end(), std::size_t(0));
      if (form == Form::Arrays && !uniform) std::shuffle(order.begin(), order.end(), rng());
    }
    for (std::size_t i = 0; i < count; ++i) {
      ao.push_back(1 + slots[0][i] * a_stride);
      bo.push_back(3 + slots[1][i] * b_stride);
      co.push_back(2 + slots[2][i] * c_stride);
    }
    std::uniform_real_distribution<double> u(-1, 1);
    for (std::size_t i = 0; i < count; ++i) {
      const bool own = form == Form::Arrays && !uniform;
      alphas.push_back(gt::scalar_of<T>(own ? u(rng()) : 1.25));
      betas.push_back(gt::scalar_of<T>(own ? (i % 5 == 0 ? 0.0 : u(rng())) : -0.5));
    }
    const auto fill = [&](auto& x, const gt::View& v, const std::vector<std::size_t>& offsets, bool poison) {
      using X = typename std::decay_t<decltype(x)>::value_type;
      const std::size_t end = *std::max_element(offsets.begin(), offsets.end()) + v.end() + 4;
      x.assign(end, poison ? gt::poison<X>() : gt::from_double<X>(0));
      for (std::size_t o : offsets)
        for (std::size_t j = 0; j < v.cols; ++j)
          for (std::size_t i = 0; i < v.rows; ++i) x[o + v.at(i, j)] = gt::from_double<X>(u(rng()));
    };
    fill(a, va, ao, false);
    fill(b, vb, bo, false);
    fill(c, vc, co, true);
  }

  template <class G>
  void run(const G& g, cl::Buffer& da, cl::Buffer& db, cl::Buffer& dc) const {
    auto& q = gt::target().queue;
    if (form == Form::Strided)
      g.strided_batched(q, layout, ta, tb, m, n, k, alphas[0], da, ao[0], va.ld, count > 1 ? ao[1] - ao[0] : 0, db,
                        bo[0], vb.ld, count > 1 ? bo[1] - bo[0] : 0, betas[0], dc, co[0], vc.ld,
                        count > 1 ? co[1] - co[0] : 0, count);
    else
      g.batched(q, layout, ta, tb, m, n, k, alphas, da, ao, va.ld, db, bo, vb.ld, betas, dc, co, vc.ld);
  }

  // Runs the call and checks every product and every other element.
  template <class G>
  void check(const G& g) {
    lay_out();
    cl::Buffer da = gt::upload(a), db = gt::upload(b), dc = gt::upload(c);
    run(g, da, db, dc);
    auto& q = gt::target().queue;
    const std::vector<CT> after = gt::download<CT>(q, dc, c.size());
    const std::vector<T> a_after = gt::download<T>(q, da, a.size()), b_after = gt::download<T>(q, db, b.size());
    std::vector<char> in_c(c.size(), 0);
    const double eps = std::is_same_v<T, double> ? 0x1p-52 : 0x1p-23;  // products: double or float
    std::size_t bad = 0;
    double worst = 0;
    for (std::size_t p = 0; p < count; ++p) {
      double err2 = 0, bound2 = 0;
      for (std::size_t j = 0; j < n; ++j)
        for (std::size_t i = 0; i < m; ++i) {
          double s = 0, mag = 0;
          for (std::size_t l = 0; l < k; ++l) {
            const double x = gt::to_double(a[ao[p] + va.at(i, l)]) * gt::to_double(b[bo[p] + vb.at(l, j)]);
            s += x;
            mag += std::abs(x);
          }
          const std::size_t at = co[p] + vc.at(i, j);
          in_c[at] = 1;
          const double c0 = gt::to_double(c[at]), beta = double(betas[p]), alpha = double(alphas[p]);
          const double want = alpha * s + (beta != 0 ? beta * c0 : 0.0);
          const double got = gt::to_double(after[at]);
          const double e = std::isfinite(got) ? got - want : 1e300;
          err2 += e * e;
          // Plus one rounding of a 16-bit C.
          const double b1 = 2 * double(k + 3) * eps * (std::abs(alpha) * mag + std::abs(beta) * std::abs(c0)) +
                            gt::output_rounding<CT>() * std::abs(want) + gt::output_underflow<CT>() + 1e-300;
          bound2 += b1 * b1;
        }
      if (!(err2 <= bound2)) ++bad;
      worst = std::max(worst, std::sqrt(err2 / bound2));
    }
    std::size_t changed = 0;
    for (std::size_t i = 0; i < c.size(); ++i)
      if (!in_c[i] && !gt::same_bits(after[i], c[i])) ++changed;
    for (std::size_t i = 0; i < a.size(); ++i) changed += gt::same_bits(a_after[i], a[i]) ? 0 : 1;
    for (std::size_t i = 0; i < b.size(); ++i) changed += gt::same_bits(b_after[i], b[i]) ? 0 : 1;
    INFO("m n k = ", m, " ", n, " ", k, ", count ", count, ", layout ", layout == Layout::ColMajor ? "col" : "row",
         ", trans ", int(ta), int(tb), ", form ", form == Form::Strided ? "strided" : "arrays", ", seed ",
         gt::base_seed());
    CHECK_MESSAGE(bad == 0, bad, " products beyond the error bound (worst error/bound ", worst, ")");
    CHECK_MESSAGE(changed == 0, changed, " elements outside the products' C changed");
  }
};

const Layout layouts[] = {Layout::ColMajor, Layout::RowMajor};
const Transpose transposes[] = {Transpose::No, Transpose::Yes};

struct Shape {
  std::size_t m, n, k;
};

template <class T, class G>
void sweep(const G& g, Form form) {
  const Shape shapes[] = {{1, 1, 1}, {1, 17, 5}, {13, 1, 11}, {31, 37, 41}, {64, 64, 64}};
  const std::size_t counts[] = {1, 2, 7};
  for (Layout l : layouts)
    for (Transpose ta : transposes)
      for (Transpose tb : transposes)
        for (const Shape& s : shapes)
          for (std::size_t count : counts) {
            Batch<T> x;
            x.layout = l, x.ta = ta, x.tb = tb, x.m = s.m, x.n = s.n, x.k = s.k, x.count = count, x.form = form;
            x.check(g);
          }
}

}  // namespace

TEST_CASE("strided batched: every layout, transpose, shape and count 1, 2, 7") { sweep<float>(Gemm<>(), Form::Strided); }

TEST_CASE("offset-array batched: every layout, transpose, shape and count, alphas and betas per product") {
  sweep<float>(Gemm<>(), Form::Arrays);
}

// half and bfloat16: each product's operands widened to float copies, C rounded back product by product.
TEST_CASE("batched half and bfloat16, 16-bit and float C") {
  const Shape shapes[] = {{1, 1, 1}, {13, 1, 11}, {31, 37, 41}};
  for (Layout l : layouts)
    for (Transpose ta : transposes)
      for (const Shape& s : shapes)
        for (std::size_t count : {std::size_t(1), std::size_t(7)}) {
          Batch<half> x;
          x.layout = l, x.ta = ta, x.tb = Transpose::Yes, x.m = s.m, x.n = s.n, x.k = s.k, x.count = count;
          x.broadcast_b = count == 7;
          x.check(Gemm<Element<half>>());
          Batch<bfloat16, float> y;
          y.layout = l, y.ta = ta, y.m = s.m, y.n = s.n, y.k = s.k, y.count = count, y.form = Form::Arrays;
          y.check(Gemm<Element<bfloat16, float>>());
        }
  Batch<half> z;  // k = 0: C := beta * C, product by product
  z.m = 5, z.n = 4, z.k = 0, z.count = 3, z.form = Form::Arrays;
  z.check(Gemm<Element<half>>());
}

TEST_CASE("batched doubles and a fixed configuration") {
  sweep<double>(Gemm<Element<double>>(), Form::Strided);
  sweep<float>(Gemm<Tile<32, 32, 8>, Vec<2>>(), Form::Arrays);
}

TEST_CASE("a thousand products, broadcast A or B, interleaved C") {
  for (Form form : {Form::Strided, Form::Arrays})
    for (int variant = 0; variant < 3; ++variant) {
      Batch<float> x;
      x.m = 7, x.n = 5, x.k = 13, x.count = 1000, x.form = form;
      x.layout = variant == 1 ? Layout::RowMajor : Layout::ColMajor;
      x.tb = variant == 2 ? Transpose::Yes : Transpose::No;
      x.broadcast_a = variant == 1;
      x.broadcast_b = variant == 2;
      x.interleave_c = variant == 0;
      x.check(Gemm<>());
    }
}

// Offsets a stride apart with one alpha and beta run as a strided batch (no arrays on the device).
TEST_CASE("offset arrays that are a strided batch in disguise") {
  for (Layout l : layouts) {
    Batch<float> x;
    x.m = 23, x.n = 19, x.k = 7, x.count = 50, x.form = Form::Arrays, x.uniform = true, x.layout = l;
    x.ta = Transpose::Yes;
    x.check(Gemm<>());
  }
}

TEST_CASE("batched calls with nothing to multiply: k = 0, alpha = 0, count 0") {
  Batch<float> x;
  x.m = 9, x.n = 4, x.k = 0, x.count = 7;
  x.check(Gemm<>());
  Batch<float> y;
  y.m = 9, y.n = 4, y.k = 0, y.count = 7, y.form = Form::Arrays;
  y.check(Gemm<>());
  Batch<float> z;
  z.m = 5, z.n = 6, z.k = 3, z.count = 3;
  z.lay_out();
  z.alphas.assign(3, 0.0f);
  cl::Buffer da = gt::upload(z.a), db = gt::upload(z.b), dc = gt::upload(z.c);
  z.run(Gemm<>(), da, db, dc);
  const auto after = gt::download<float>(gt::target().queue, dc, z.c.size());
  std::size_t wrong = 0;
  for (std::size_t p = 0; p < 3; ++p)
    for (std::size_t j = 0; j < 6; ++j)
      for (std::size_t i = 0; i < 5; ++i) {
        const std::size_t at = z.co[p] + z.vc.at(i, j);
        wrong += after[at] == -0.5f * z.c[at] ? 0 : 1;
      }
  CHECK(wrong == 0);
  // No products: nothing happens, and nothing is checked beyond the arguments.
  Gemm<>().strided_batched(gt::target().queue, Layout::ColMajor, Transpose::No, Transpose::No, 4, 4, 4, 1.0f, da, 0,
                           4, 16, db, 0, 4, 16, 0.0f, dc, 0, 4, 16, 0)
      .wait();
}

TEST_CASE("bad batches are errors before anything is enqueued") {
  auto& q = gt::target().queue;
  const std::size_t m = 6, n = 5, k = 4, count = 3;
  std::vector<float> host(200, 0.5f);
  cl::Buffer a = gt::upload(host), b = gt::upload(host), c = gt::upload(host);
  const auto strided = [&](std::size_t as, std::size_t bs, std::size_t cs, std::size_t cnt, cl::Buffer* cc = nullptr) {
    return [&, as, bs, cs, cnt, cc](const std::vector<cl::Event>& wait) {
      Gemm<>().strided_batched(q, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, a, 0, m, as, b, 0, k,
                               bs, 0.0f, cc ? *cc : c, 0, m, cs, cnt, wait);
    };
  };
  gt::expect_rejected(ErrorCode::InvalidSize, {"batch_count = -1", "negative"}, c, host,
                      strided(24, 20, 30, static_cast<std::size_t>(-1)), Argument::batch_count);
  gt::expect_rejected(ErrorCode::Aliasing, {"products 0 and 1", "same elements of C"}, c, host, strided(24, 20, 0, 2),
                      Argument::c_stride);
  gt::expect_rejected(ErrorCode::Aliasing, {"same elements of C"}, c, host, strided(24, 20, 12, 3), Argument::c_stride);
  gt::expect_rejected(ErrorCode::BufferTooSmall, {"product 2", "c_offset + 2 * c_stride"}, c, host,
                      strided(24, 20, 90, count), Argument::c_stride);
  gt::expect_rejected(ErrorCode::BufferTooSmall, {"product 2", "a_offset + 2 * a_stride"}, c, host,
                      strided(90, 20, 30, count), Argument::a_stride);
  // Product 1's C over product 2's A, in one buffer.
  std::vector<float> one(600, 0.25f);
  cl::Buffer all = gt::upload(one);
  gt::expect_rejected(ErrorCode::Aliasing, {"overlaps a product's A"}, all, one,
                      [&](const std::vector<cl::Event>& wait) {
                        Gemm<>().strided_batched(q, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, all,
                                                 0, m, 100, b, 0, k, 0, 0.0f, all, 130, m, 40, count, wait);
                      },
                      Argument::c);
  // The offset-array form: lengths, and two products writing the same C.
  const std::vector<float> alphas(count, 1.0f), betas(count, 0.0f), short_betas(count - 1, 0.0f);
  const std::vector<std::size_t> ao{0, 24, 48}, bo{0, 0, 0}, co{0, 30, 60}, same_c{0, 60, 60};
  gt::expect_rejected(ErrorCode::InvalidSize, {"differ in length", "betas 2"}, c, host,
                      [&](const std::vector<cl::Event>& wait) {
                        Gemm<>().batched(q, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, alphas, a, ao, m,
                                         b, bo, k, short_betas, c, co, m, wait);
                      },
                      Argument::batch_count);
  gt::expect_rejected(ErrorCode::Aliasing, {"products 1 and 2"}, c, host,
                      [&](const std::vector<cl::Event>& wait) {
                        Gemm<>().batched(q, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, alphas, a, ao, m,
                                         b, bo, k, betas, c, same_c, m, wait);
                      },
                      Argument::c_stride);
}
