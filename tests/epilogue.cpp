// Fused epilogues: C := act(alpha * op(A) * op(B) + beta * C + bias) for every activation, with and
// without a bias in both directions, every layout and transpose, split K (both ways of adding the
// parts), every element type, and calls with no product; against a double-precision reference with
// an element-wise bound, on fresh random data, every element around C unchanged. And the errors of
// bad epilogue arguments, thrown before anything is enqueued.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "support/common.hpp"
#include "support/rejected.hpp"
#include "support/tensor_path.hpp"

using namespace gemmcl;

namespace {

std::mt19937_64& rng() {
  static std::mt19937_64 r(gt::base_seed() + 23);
  return r;
}

double activate(Activation act, double x, double lo, double hi) {
  switch (act) {
    case Activation::ReLU: return x < 0 ? 0 : x;
    case Activation::GELU: return 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
    case Activation::Clamp: return x < lo ? lo : x > hi ? hi : x;
    default: return x;
  }
}

struct Shape {
  Layout layout = Layout::ColMajor;
  Transpose ta = Transpose::No, tb = Transpose::No;
  std::size_t m = 0, n = 0, k = 0;
  double alpha = 1.5, beta = -0.75;
};

// The call, with A and/or B packed first where asked (packed calls are column-major).
template <class G, bool PackA, bool PackB>
void call(const Shape& s, cl::Buffer& da, const gt::View& va, cl::Buffer& db, const gt::View& vb, cl::Buffer& dc,
          const gt::View& vc, const typename G::epilogue_args& args) {
  using S = typename G::scalar_type;
  auto& q = gt::target().queue;
  const G g;
  const S alpha = S(s.alpha), beta = S(s.beta);
  if constexpr (PackA || PackB) {
    REQUIRE(s.layout == Layout::ColMajor);
    if constexpr (PackA && PackB) {
      const auto pa = g.pack_a(q, s.layout, s.ta, s.m, s.k, da, va.offset, va.ld);
      const auto pb = g.pack_b(q, s.layout, s.tb, s.k, s.n, db, vb.offset, vb.ld);
      g(q, s.layout, s.ta, s.tb, s.m, s.n, s.k, alpha, pa, pb, beta, dc, vc.offset, vc.ld, args);
    } else if constexpr (PackA) {
      const auto pa = g.pack_a(q, s.layout, s.ta, s.m, s.k, da, va.offset, va.ld);
      g(q, s.layout, s.ta, s.tb, s.m, s.n, s.k, alpha, pa, db, vb.offset, vb.ld, beta, dc, vc.offset, vc.ld, args);
    } else {
      const auto pb = g.pack_b(q, s.layout, s.tb, s.k, s.n, db, vb.offset, vb.ld);
      g(q, s.layout, s.ta, s.tb, s.m, s.n, s.k, alpha, da, va.offset, va.ld, pb, beta, dc, vc.offset, vc.ld, args);
    }
    q.finish();  // before the packed operands go
  } else {
    g(q, s.layout, s.ta, s.tb, s.m, s.n, s.k, alpha, da, va.offset, va.ld, db, vb.offset, vb.ld, beta, dc, vc.offset,
      vc.ld, args);
  }
}

// One call of G (whose Epilogue is E) and its verdict. T: A and B; CT: C; S: alpha, beta and the bias.
template <class G, bool PackA = false, bool PackB = false>
void check(const Shape& s, float lo = -0.25f, float hi = 0.5f, double input_rounding = 0.0) {
  using T = typename G::value_type;
  using CT = typename G::c_type;
  using S = typename G::scalar_type;
  using E = typename G::epilogue_type;
  std::uniform_real_distribution<double> u(-1, 1);
  const gt::View va = gt::make_view(s.layout, s.ta, s.m, s.k, 3, 5);
  const gt::View vb = gt::make_view(s.layout, s.tb, s.k, s.n, 1, 2);
  const gt::View vc = gt::make_view(s.layout, Transpose::No, s.m, s.n, 2, 3);
  std::vector<T> a(va.end() + 7), b(vb.end() + 7);
  std::vector<CT> c(vc.end() + 7, gt::poison<CT>());
  for (auto& x : a) x = gt::from_double<T>(u(rng()));
  for (auto& x : b) x = gt::from_double<T>(u(rng()));
  for (std::size_t j = 0; j < s.n; ++j)
    for (std::size_t i = 0; i < s.m; ++i) c[vc.at(i, j)] = gt::from_double<CT>(u(rng()));
  const std::size_t bias_count = E::bias == Bias::PerRow ? s.m : s.n, bias_offset = 4;
  std::vector<S> bias(bias_offset + bias_count + 3, S(99));
  for (std::size_t i = 0; i < bias_count; ++i) bias[bias_offset + i] = S(u(rng()));
  cl::Buffer da = gt::upload(a), db = gt::upload(b), dc = gt::upload(c), dbias = gt::upload(bias);
  const typename G::epilogue_args args{E::bias == Bias::None ? nullptr : &dbias, bias_offset, S(lo), S(hi)};
  call<G, PackA, PackB>(s, da, va, db, vb, dc, vc, args);
  const std::vector<CT> after = gt::download<CT>(gt::target().queue, dc, c.size());

  const double eps = std::is_same_v<S, double> ? 0x1p-52 : 0x1p-23;
  std::size_t bad = 0, changed = 0;
  double worst = 0;
  std::vector<char> inside(c.size(), 0);
  for (std::size_t j = 0; j < s.n; ++j)
    for (std::size_t i = 0; i < s.m; ++i) {
      double sum = 0, mag = 0;
      for (std::size_t l = 0; l < s.k; ++l) {
        const double x = gt::to_double(a[va.at(i, l)]) * gt::to_double(b[vb.at(l, j)]);
        sum += x;
        mag += std::abs(x);
      }
      const std::size_t at = vc.at(i, j);
      inside[at] = 1;
      const double c0 = gt::to_double(c[at]);
      const double bias_ij = E::bias == Bias::None ? 0.0 : double(bias[bias_offset + (E::bias == Bias::PerRow ? i : j)]);
      const double x = s.alpha * sum + (s.beta != 0 ? s.beta * c0 : 0.0) + bias_ij;
      const double want = activate(E::activation, x, lo, hi);
      // The product's bound (k + 4 roundings with the bias), through an activation with slope at most
      // 1.13 (GELU), its own few roundings, and the rounding of a 16-bit C.
      const double bound = 1.13 * 2 * (double(s.k + 4) * eps * (std::abs(s.alpha) * mag + std::abs(s.beta * c0) + std::abs(bias_ij)) +
                                       input_rounding * std::abs(s.alpha) * mag) +
                           8 * eps * std::abs(x) + gt::output_rounding<CT>() * std::abs(want) +
                           gt::output_underflow<CT>() + 1e-300;
      const double got = gt::to_double(after[at]);
      const double err = std::isfinite(got) ? std::abs(got - want) : 1e300;
      if (!(err <= bound)) ++bad;
      worst = std::max(worst, err / bound);
    }
  for (std::size_t i = 0; i < c.size(); ++i)
    if (!inside[i] && !gt::same_bits(after[i], c[i])) ++changed;
  INFO("m n k = ", s.m, " ", s.n, " ", s.k, ", layout ", s.layout == Layout::ColMajor ? "col" : "row", ", trans ",
       int(s.ta), int(s.tb), ", activation ", int(E::activation), ", bias ", int(E::bias), ", seed ", gt::base_seed());
  CHECK_MESSAGE(bad == 0, bad, " elements beyond the bound (worst error/bound ", worst, ")");
  CHECK_MESSAGE(changed == 0, changed, " elements around C changed");
}

template <Activation A, Bias B, class... P>
using G = Gemm<Epilogue<A, B>, P...>;

const Layout layouts[] = {Layout::ColMajor, Layout::RowMajor};
const Transpose transposes[] = {Transpose::No, Transpose::Yes};

// Every layout and transpose pair on shapes with edges.
template <class Gm>
void sweep() {
  for (Layout l : layouts)
    for (Transpose ta : transposes)
      for (Transpose tb : transposes)
        for (const auto& [m, n, k] : {std::array<std::size_t, 3>{37, 29, 23}, {1, 9, 5}, {66, 67, 3}}) {
          Shape s{l, ta, tb, m, n, k};
          check<Gm>(s);
        }
}

}  // namespace

TEST_CASE("every activation and bias direction, every layout and transpose") {
  sweep<G<Activation::ReLU, Bias::PerRow>>();
  sweep<G<Activation::ReLU, Bias::PerColumn>>();
  sweep<G<Activation::GELU, Bias::None>>();
  sweep<G<Activation::Clamp, Bias::PerColumn>>();
  sweep<G<Activation::Identity, Bias::PerRow>>();
}

TEST_CASE("the epilogue with split K is applied once, after the parts are added") {
  const Shape deep{Layout::RowMajor, Transpose::No, Transpose::Yes, 19, 23, 700};
  check<G<Activation::ReLU, Bias::PerRow, Tile<16, 16, 8>, Vec<2>, SplitK<5, Reduction::SecondPass>>>(deep);
  check<G<Activation::GELU, Bias::PerColumn, Tile<16, 16, 8>, Vec<2>, SplitK<5, Reduction::InKernel>>>(deep);
  check<G<Activation::Clamp, Bias::PerRow, Tile<16, 16, 8>, Vec<2>, SplitK<3>>>(deep, -2.0f, 1.0f);
  // Gemm<> splits deep and skinny products by itself.
  check<G<Activation::ReLU, Bias::PerColumn>>(Shape{Layout::ColMajor, Transpose::No, Transpose::No, 8, 8, 4096});
  check<G<Activation::ReLU, Bias::PerRow>>(Shape{Layout::ColMajor, Transpose::Yes, Transpose::No, 96, 64, 2048});
}

TEST_CASE("every element type") {
  const Shape s{Layout::ColMajor, Transpose::No, Transpose::Yes, 33, 18, 27};
  check<G<Activation::ReLU, Bias::PerRow, Element<double>>>(s);
  check<G<Activation::GELU, Bias::PerColumn, Element<double>>>(s);
  check<G<Activation::ReLU, Bias::PerColumn, Element<half>>>(s);
  check<G<Activation::Clamp, Bias::PerRow, Element<bfloat16>>>(s);
  check<G<Activation::GELU, Bias::PerRow, Element<half, float>>>(s);
  check<G<Activation::ReLU, Bias::None, Element<bfloat16, float>>>(s);
}

// Packed operands (PackedA, PackedB; codegen/packed.hpp) in both block layouts, with split K.
TEST_CASE("calls with packed operands apply the epilogue") {
  using namespace layout;
  for (Transpose ta : transposes)
    for (Transpose tb : transposes) {
      const Shape s{Layout::ColMajor, ta, tb, 33, 65, 17}, deep{Layout::ColMajor, ta, tb, 40, 36, 300};
      check<G<Activation::ReLU, Bias::PerRow, Tile<32, 32, 8>, Vec<4>, PackedA<CBL<32>>, PackedB<RBL<32, 8>>>, true,
            true>(s);
      check<G<Activation::Clamp, Bias::PerColumn, Tile<32, 32, 8>, Vec<4>, Prefetch<true>, PackedA<RBL<32, 8>>>, true,
            false>(s);
      check<G<Activation::GELU, Bias::PerRow, Tile<32, 64, 8>, Vec<2>, Pipeline<3>, SplitK<3, Reduction::InKernel>,
              PackedB<CBL<64>>>, false, true>(deep);
      check<G<Activation::ReLU, Bias::PerColumn, Element<double>, Tile<32, 32, 8>, Vec<2>,
              SplitK<4, Reduction::SecondPass>, PackedA<CBL<32>>, PackedB<RBL<32, 8>>>, true, true>(deep);
    }
}

// The tensor-core kernels' own epilogue (store_c, DMMA's store), instructions emulated off NVIDIA GPUs;
// on one with tensor cores, the real kernels.
TEST_CASE("the tensor-core kernels apply the epilogue") {
  const Shape s{Layout::RowMajor, Transpose::Yes, Transpose::No, 37, 29, 23};
  constexpr bool emulate = true;
  using ReluRow = Epilogue<Activation::ReLU, Bias::PerRow>;
  using GeluColumn = Epilogue<Activation::GELU, Bias::PerColumn>;
  check<gt::TensorPath<half, half, emulate, ReluRow>>(s);
  check<gt::TensorPath<bfloat16, float, emulate, GeluColumn>>(s);
  check<gt::TensorPath<float, float, emulate, Epilogue<Activation::Clamp, Bias::PerRow>>>(s, -0.5f, 0.25f, 0x1p-10);
  check<gt::TensorPath<double, double, emulate, ReluRow>>(s);
  // TF32 on the Hopper kernel as C^T, stored transposed (a bias per row of C one per column of C^T).
  using ClampRow = Epilogue<Activation::Clamp, Bias::PerRow>;
  const Shape few_rows{Layout::ColMajor, Transpose::No, Transpose::Yes, 40, 600, 30};
  check<gt::TensorPath<float, float, emulate, ClampRow, true>>(few_rows, -0.5f, 0.25f, 0x1p-10);
  check<gt::TensorPath<float, float, emulate, Epilogue<Activation::ReLU, Bias::PerColumn>, true>>(few_rows, -0.25f,
                                                                                                  0.5f, 0x1p-10);
  // TF32 on the Hopper kernel with B read as stored, so loaded by TMA where aligned: the map's two
  // arguments come before the epilogue's.
  check<gt::TensorPath<float, float, emulate, ReluRow, true>>(Shape{Layout::ColMajor, Transpose::No, Transpose::No, 70, 90, 40},
                                                              -0.25f, 0.5f, 0x1p-10);
  // Deep enough that the tensor path splits K (the epilogue then comes with the parts' addition): the
  // 16-bit split only where the device has tensor cores; FP64's in few parts on a device of few units,
  // added in the kernel.
  check<gt::TensorPath<half, float, emulate, GeluColumn>>(Shape{Layout::ColMajor, Transpose::No, Transpose::No, 8, 8, 4096});
  check<gt::TensorPath<double, double, emulate, GeluColumn>>(Shape{Layout::ColMajor, Transpose::No, Transpose::Yes, 40, 30, 5000});
}

// Batched calls with an epilogue: one bias and one pair of bounds for every product.
TEST_CASE("batched calls apply the epilogue to every product") {
  auto& q = gt::target().queue;
  std::uniform_real_distribution<float> u(-1, 1);
  const std::size_t m = 19, n = 11, k = 13, count = 5;
  for (Layout layout : layouts) {
    std::vector<float> a(m * k * count), b(k * n * count), bias(std::max(m, n));
    for (float& x : a) x = u(rng());
    for (float& x : b) x = u(rng());
    for (float& x : bias) x = u(rng());
    cl::Buffer da = gt::upload(a), db = gt::upload(b), dbias = gt::upload(bias);
    const bool col = layout == Layout::ColMajor;
    const std::size_t lda = col ? m : k, ldb = col ? k : n, ldc = col ? m : n;
    const auto at = [&](const std::vector<float>& x, std::size_t base, std::size_t ld, std::size_t i, std::size_t j) {
      return double(x[base + (col ? i + j * ld : i * ld + j)]);
    };
    const auto check_products = [&](const std::vector<float>& c, Bias dir, Activation act,
                                    const std::vector<std::size_t>& order) {
      double worst = 0;
      for (std::size_t p = 0; p < count; ++p)
        for (std::size_t j = 0; j < n; ++j)
          for (std::size_t i = 0; i < m; ++i) {
            double s = 0;
            for (std::size_t l = 0; l < k; ++l) s += at(a, p * m * k, lda, i, l) * at(b, p * k * n, ldb, l, j);
            s += double(bias[dir == Bias::PerRow ? i : j]);
            s = activate(act, s, -0.5, 0.5);
            worst = std::max(worst, std::abs(s - at(c, order[p] * m * n, ldc, i, j)));
          }
      return worst;
    };
    cl::Buffer dc(gt::target().context, CL_MEM_READ_WRITE, m * n * count * sizeof(float));
    using Relu = Gemm<Epilogue<Activation::ReLU, Bias::PerRow>>;
    Relu().strided_batched(q, layout, Transpose::No, Transpose::No, m, n, k, 1.0f, da, 0, lda, m * k, db, 0, ldb, k * n,
                           0.0f, dc, 0, ldc, m * n, count, Relu::epilogue_args{&dbias, 0});
    std::vector<std::size_t> same(count), reversed(count);
    for (std::size_t p = 0; p < count; ++p) same[p] = p, reversed[p] = count - 1 - p;
    CHECK(check_products(gt::download<float>(q, dc, m * n * count), Bias::PerRow, Activation::ReLU, same) < 1e-4);
    using Clamp = Gemm<Epilogue<Activation::Clamp, Bias::PerColumn>>;
    const std::vector<float> ones(count, 1.0f), zeros(count, 0.0f);
    std::vector<std::size_t> ao(count), bo(count), co(count);
    for (std::size_t p = 0; p < count; ++p) ao[p] = p * m * k, bo[p] = p * k * n, co[p] = reversed[p] * m * n;
    Clamp().batched(q, layout, Transpose::No, Transpose::No, m, n, k, ones, da, ao, lda, db, bo, ldb, zeros, dc, co, ldc,
                    Clamp::epilogue_args{&dbias, 0, -0.5f, 0.5f});
    CHECK(check_products(gt::download<float>(q, dc, m * n * count), Bias::PerColumn, Activation::Clamp, reversed) <
          1e-4);
  }
}

TEST_CASE("calls with no product still apply the epilogue to beta * C") {
  Shape s{Layout::RowMajor, Transpose::No, Transpose::No, 21, 13, 0};
  check<G<Activation::ReLU, Bias::PerColumn>>(s);
  s.beta = 1;  // C := act(C + bias): not the no-op that beta = 1 is without an epilogue
  check<G<Activation::Clamp, Bias::PerRow>>(s);
  s.k = 9, s.alpha = 0;
  check<G<Activation::GELU, Bias::None>>(s);
  check<G<Activation::ReLU, Bias::PerRow, Element<half>>>(s);
}

TEST_CASE("bad epilogue arguments are errors before anything is enqueued") {
  auto& q = gt::target().queue;
  std::vector<float> host(64, 0.5f), small(10, 1.0f);
  cl::Buffer a = gt::upload(host), b = gt::upload(host), c = gt::upload(host), bias = gt::upload(small);
  const auto call = [&](auto gemm, EpilogueArgs<float> e) {
    return [&, gemm, e](const std::vector<cl::Event>& wait) {
      gemm(q, Layout::RowMajor, Transpose::No, Transpose::No, 6, 5, 4, 1.0f, a, 0, 4, b, 0, 5, 0.0f, c, 0, 5, e, wait);
    };
  };
  // Per row of a 6 x 5 C: 6 values from offset 5 need 11; the buffer holds 10.
  gt::expect_rejected(ErrorCode::BufferTooSmall, {"bias_offset + 6", "one per row"}, c, host,
                      call(G<Activation::ReLU, Bias::PerRow>(), {&bias, 5}), Argument::epilogue);
  gt::expect_rejected(ErrorCode::NullBuffer, {"bias buffer is null"}, c, host,
                      call(G<Activation::ReLU, Bias::PerColumn>(), {}), Argument::epilogue);
  gt::expect_rejected(ErrorCode::InvalidEpilogue, {"not ordered"}, c, host,
                      call(G<Activation::Clamp, Bias::None>(), {nullptr, 0, 1.0f, -1.0f}), Argument::epilogue);
  gt::expect_rejected(ErrorCode::InvalidEpilogue, {"has none"}, c, host,
                      call(G<Activation::Clamp, Bias::None>(), {&bias, 0, 0.0f, 1.0f}), Argument::epilogue);
  // Per column of the same C: 5 values from offset 5 fit exactly.
  CHECK_NOTHROW(call(G<Activation::ReLU, Bias::PerColumn>(), {&bias, 5})({}));
  q.finish();
}
