// The 16-bit element types. First the host types: gemmcl::half and gemmcl::bfloat16 round every float
// as a reference built here does (the nearest of all 16-bit values, ties to the even one, found by
// search), and widen every bit pattern exactly. Then every 16-bit element policy through the device
// under test: all layouts and transposes, edges, offsets and leading dimensions, alpha and beta with a
// NaN-poisoned C, split K, and the BLAS corner cases, against the double-precision reference of the
// stored 16-bit inputs (support/common.hpp: the float bound plus one rounding of a 16-bit C). Last,
// the argument checks that depend on C's element size, and Math<MathMode::TF32>.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;

static_assert(std::is_same_v<Gemm<Element<half>>::scalar_type, float>);
static_assert(std::is_same_v<Gemm<Element<bfloat16>>::c_type, bfloat16>);
static_assert(std::is_same_v<Gemm<Element<half, float>>::c_type, float>);
static_assert(std::is_same_v<Gemm<Element<bfloat16, float>>::value_type, bfloat16>);
static_assert(sizeof(half) == 2 && sizeof(bfloat16) == 2 && std::is_trivially_copyable_v<half> &&
              std::is_trivially_copyable_v<bfloat16>);
// Conversions are constant expressions.
static_assert(half(1.0f).bits() == 0x3C00 && float(half::from_bits(0x7BFF)) == 65504.0f);
static_assert(bfloat16(1.0f).bits() == 0x3F80 && float(bfloat16::from_bits(0xC000)) == -2.0f);

namespace {

// ---- Host types ----------------------------------------------------------------------------------------

// The reference rounding: the positive finite values of a 16-bit type in order of their bits (which is
// their numeric order), searched for the two that bracket |f|.
template <class T>
struct Rounder {
  std::vector<double> values;  // bits 0 .. largest finite
  std::uint16_t infinity;

  Rounder() : infinity(std::is_same_v<T, half> ? 0x7C00 : 0x7F80) {
    for (std::uint32_t b = 0; b < infinity; ++b) values.push_back(gt::to_double(T::from_bits(std::uint16_t(b))));
  }
  std::uint16_t round(float f) const {
    const std::uint16_t sign = std::signbit(f) ? 0x8000 : 0;
    const double x = std::fabs(double(f));
    const std::size_t n = values.size();
    // Past the largest value by half its step or more: infinity, as IEEE rounding does.
    if (std::isinf(x) || x >= values[n - 1] + (values[n - 1] - values[n - 2]) / 2) return sign | infinity;
    if (x >= values[n - 1]) return std::uint16_t(sign | (n - 1));
    const std::size_t hi = std::size_t(std::upper_bound(values.begin(), values.end(), x) - values.begin());
    const std::size_t lo = hi - 1;
    const double below = x - values[lo], above = values[hi] - x;
    const std::size_t pick = below < above ? lo : above < below ? hi : (lo % 2 == 0 ? lo : hi);
    return std::uint16_t(sign | pick);
  }
};

template <class T>
void check_host_type() {
  const Rounder<T> ref;
  // Every bit pattern: widened exactly, and rounded back to itself (NaNs to a quiet NaN).
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const float f = float(T::from_bits(std::uint16_t(b)));
    const std::uint16_t back = T(f).bits();
    if (std::isnan(f)) {
      REQUIRE(std::isnan(float(T::from_bits(back))));
      continue;
    }
    REQUIRE_MESSAGE(back == b, "bits ", b);
    if ((b & 0x7FFF) < ref.infinity) REQUIRE(double(f) == (b & 0x8000 ? -1 : 1) * ref.values[b & 0x7FFF]);
  }
  // Floats between 16-bit values: exact midpoints (the ties), their float neighbours, and random
  // floats of every exponent.
  std::vector<float> probes;
  for (std::size_t i = 0; i + 1 < ref.values.size(); ++i) {
    const float mid = float((ref.values[i] + ref.values[i + 1]) / 2);  // exact: 16-bit values have few bits
    probes.insert(probes.end(), {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY), -mid});
  }
  std::mt19937 rng{static_cast<std::uint32_t>(gt::base_seed())};
  for (int i = 0; i < 200000; ++i) {
    const float f = std::bit_cast<float>(std::uint32_t(rng()));
    if (!std::isnan(f)) probes.push_back(f);
  }
  for (const float big : {65504.0f, 65519.99f, 65520.0f, 3.38953139e38f, 3.3961e38f, INFINITY}) {
    probes.push_back(big);
    probes.push_back(-big);
  }
  for (const float f : probes) REQUIRE_MESSAGE(T(f).bits() == ref.round(f), "float ", f);
}

}  // namespace

TEST_CASE("half rounds to nearest even and widens exactly") { check_host_type<half>(); }
TEST_CASE("bfloat16 rounds to nearest even and widens exactly") { check_host_type<bfloat16>(); }

// ---- Products ------------------------------------------------------------------------------------------

using Half = Gemm<Element<half>>;
using Bf16 = Gemm<Element<bfloat16>>;
using HalfFloat = Gemm<Element<half, float>>;
using Bf16Float = Gemm<Element<bfloat16, float>>;
// A fixed configuration with K always split in three.
using HalfSplit = Gemm<Element<half>, Tile<32, 32, 8>, Vec<4>, SplitK<3>>;
using Bf16FloatSplit = Gemm<Element<bfloat16, float>, Tile<32, 32, 8>, Vec<4>, SplitK<3, Reduction::SecondPass>>;

TYPE_TO_STRING_AS("Gemm<Element<half>>", Half);
TYPE_TO_STRING_AS("Gemm<Element<bfloat16>>", Bf16);
TYPE_TO_STRING_AS("Gemm<Element<half to float>>", HalfFloat);
TYPE_TO_STRING_AS("Gemm<Element<bfloat16 to float>>", Bf16Float);
TYPE_TO_STRING_AS("half Tile<32x32x8> Vec<4> SplitK<3>", HalfSplit);
TYPE_TO_STRING_AS("bfloat16 to float Tile<32x32x8> Vec<4> SplitK<3 SecondPass>", Bf16FloatSplit);

namespace {

struct Shape {
  std::size_t m, n, k;
};

template <class G>
gt::Verdict run(const G& gemm, const gt::Case<typename G::value_type, typename G::c_type>& cs, std::mt19937_64& rng) {
  return gt::run_case(gemm, gt::target().queue, cs, rng);
}

}  // namespace

TEST_CASE_TEMPLATE("16-bit sweep", G, Half, Bf16, HalfFloat, Bf16Float, HalfSplit, Bf16FloatSplit) {
  using T = typename G::value_type;
  using CT = typename G::c_type;
  const G gemm;
  std::mt19937_64 rng(gt::base_seed() ^ std::hash<std::string>{}(doctest::toString<G>().c_str()));
  INFO("on ", gt::target().name);
  const auto check = [&](const gt::Case<T, CT>& cs) {
    INFO(cs.describe());
    const gt::Verdict v = run(gemm, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
  };
  struct Scaling {
    float alpha, beta;
    bool nan_c;
  };
  const Scaling scalings[] = {{1, 0, true}, {-1.5f, 0.5f, false}, {0.75f, 1, false}, {2, -1, false}, {-0.5f, 0, true}};

  SUBCASE("shapes x layouts x transposes") {
    const Shape shapes[] = {{1, 1, 1}, {37, 29, 45}, {33, 65, 17}, {131, 67, 61}, {64, 64, 64}};
    std::size_t run = 0;
    for (const auto& combo : gt::all_combinations) {
      for (const Shape& s : shapes) {
        const Scaling& sc = scalings[run % 5];
        gt::Case<T, CT> cs = gt::case_of<T, CT>(combo, s.m, s.n, s.k, sc.alpha, sc.beta);
        cs.nan_c = sc.nan_c;
        if (run % 3 == 0)
          gt::aligned(cs, run);
        else
          gt::unaligned(cs, run);
        check(cs);
        ++run;
      }
    }
  }

  SUBCASE("deep: split K") {
    for (std::size_t c = 0; c < 8; c += 3) {
      gt::Case<T, CT> cs = gt::case_of<T, CT>(gt::all_combinations[c], 20 + c, 31, 700 + c, 1.0f, c % 2 ? 0.5f : 0.0f);
      gt::unaligned(cs, c);
      check(cs);
    }
  }

  SUBCASE("BLAS corner cases") {
    for (const auto& combo : {gt::all_combinations[0], gt::all_combinations[7]}) {
      const auto make = [&](std::size_t m, std::size_t n, std::size_t k, float alpha, float beta) {
        gt::Case<T, CT> cs = gt::case_of<T, CT>(combo, m, n, k, alpha, beta);
        cs.a_off = 2;
        cs.b_off = 1;
        cs.c_off = 3;
        cs.c_pad = 2;
        return cs;
      };
      check(make(0, 5, 4, 1, 0.5f));  // nothing may change
      auto k0 = make(9, 5, 0, 1, 0.5f);  // C := beta * C, A and B never touched
      k0.null_ab = true;
      check(k0);
      auto k0b0 = make(9, 5, 0, 2, 0);  // C := 0 whatever it held
      k0b0.nan_c = true;
      check(k0b0);
      auto a0 = make(9, 5, 7, 0, -2);  // A and B not read: their NaNs must not reach C
      a0.nan_ab = true;
      check(a0);
      check(make(9, 5, 7, 0, 1));  // C stays as it is
    }
  }
}

// Calls without an event (Gemm::enqueue) on the 16-bit paths: tensor cores where the device has them,
// else widened copies; K split by a second pass too. Every layout and transpose pair, misaligned too.
TEST_CASE_TEMPLATE("16-bit calls without an event", G, Half, HalfFloat, Bf16FloatSplit) {
  using T = typename G::value_type;
  using CT = typename G::c_type;
  const gt::WithoutEvent<G> gemm;
  std::mt19937_64 rng(gt::base_seed() ^ std::hash<std::string>{}(doctest::toString<G>().c_str()));
  std::size_t run = 0;
  for (const auto& combo : gt::all_combinations)
    for (const Shape& s : {Shape{37, 29, 45}, Shape{20, 31, 700}}) {
      gt::Case<T, CT> cs = gt::case_of<T, CT>(combo, s.m, s.n, s.k, 1.25f, run % 2 ? 0.5f : 0.0f);
      cs.nan_c = run % 2 == 0;
      if (run % 3 == 0)
        gt::aligned(cs, run);
      else
        gt::unaligned(cs, run);
      INFO(cs.describe());
      const gt::Verdict v = gt::run_case(gemm, gt::target().queue, cs, rng);
      CHECK_MESSAGE(v.ok, v.detail);
      ++run;
    }
}

// C's element size decides how much of C's buffer a call needs; A's and B's are 16-bit.
TEST_CASE("16-bit arguments are checked in their own element sizes") {
  auto& t = gt::target();
  const std::size_t m = 6, n = 5, k = 4;
  cl::Buffer ab(t.context, CL_MEM_READ_WRITE, m * k * 2);
  cl::Buffer bb(t.context, CL_MEM_READ_WRITE, k * n * 2);
  std::vector<std::uint16_t> c_host(m * n, 0x7E5D);
  cl::Buffer cb(t.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, m * n * 2, c_host.data());
  // Element<half, float>: C holds floats, so m * n * 2 bytes are too few, and C is left as it was.
  try {
    Gemm<Element<half, float>>()(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, ab, 0, m, bb,
                                 0, k, 0.0f, cb, 0, m);
    FAIL("a float C in a buffer of m * n halves was accepted");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::BufferTooSmall);
    CHECK(e.argument() == Argument::c);
  }
  CHECK(gt::download<std::uint16_t>(t.queue, cb, m * n) == c_host);
  // A too small by one element for its 16-bit elements.
  cl::Buffer small(t.context, CL_MEM_READ_WRITE, m * k * 2 - 2);
  CHECK_THROWS_AS(Gemm<Element<bfloat16>>()(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f,
                                             small, 0, m, bb, 0, k, 0.0f, cb, 0, m),
                  Error);
  CHECK(gt::download<std::uint16_t>(t.queue, cb, m * n) == c_host);
}

// Math<MathMode::TF32> permits TF32 products (10 fraction bits per input) where tensor cores have
// them; elsewhere products stay float. Either way each product is within 2^-10 of exact, relatively.
TEST_CASE("Math<TF32> is within the TF32 bound") {
  auto& t = gt::target();
  std::mt19937_64 rng(gt::base_seed() ^ 0x7f32);
  std::uniform_real_distribution<float> u(-1, 1);
  const std::size_t m = 70, n = 45, k = 300;
  std::vector<float> a(m * k), b(k * n), c(m * n, gt::poison<float>());
  for (float& x : a) x = u(rng);
  for (float& x : b) x = u(rng);
  cl::Buffer ab = gt::upload(a), bb = gt::upload(b), cb = gt::upload(c);
  Gemm<Math<MathMode::TF32>>()(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, ab, 0, m, bb,
                               0, k, 0.0f, cb, 0, m)
      .wait();
  const std::vector<float> got = gt::download<float>(t.queue, cb, m * n);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      double sum = 0, mag = 0;
      for (std::size_t p = 0; p < k; ++p) {
        sum += double(a[i + p * m]) * b[p + j * k];
        mag += std::fabs(double(a[i + p * m]) * b[p + j * k]);
      }
      REQUIRE(std::fabs(got[i + j * m] - sum) <= (0x1p-10 + gt::tolerance<float>(k)) * mag);
    }
}
