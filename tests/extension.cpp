// gemmcl grows by new files: a target (vendor path) and an element type are each one specialization,
// and neither needs an edit anywhere in the library. Both are defined here, in this test file alone,
// and run through the public Gemm<...> on the test device against a double-precision reference:
//   - "renamed": the generic target under another name and tag;
//   - Real32: a host type of its own (a float in a struct), stored as OpenCL float;
//   - Missing: an element type needing an extension no device has, refused with a clear error.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "support/common.hpp"

// ---- A test-only target ------------------------------------------------------------------------------
namespace testing {
struct Renamed {
  using policy_kind = gemmcl::kind::vendor;
};
}  // namespace testing

template <>
struct gemmcl::target::Target<testing::Renamed> {
  static constexpr std::string_view name = "renamed (a test-only target)";
  static bool matches(const core::DeviceInfo&) { return true; }
  static void build_options(std::string& options, const core::DeviceInfo&) { options += " -DGEMMCL_RENAMED=1"; }
  static constexpr bool device_fence = false;
  static constexpr bool kernel_limit_binds = true;
  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config& c) {
    t.line({"// renamed: a build option proves that the target's options reach the build."});
    t.line({"#if !GEMMCL_RENAMED"});
    t.line({"#error the target's build options did not reach the build"});
    t.line({"#endif"});
    Target<vendor::Generic>::helpers(t, c);
  }
  template <class Sink>
  static constexpr void attributes(util::text<Sink>& t, const policy::Config&) {
    t.line({"__attribute__((vec_type_hint(float)))  // renamed: a kernel attribute of its own"});
  }
};

// ---- A test-only element type ------------------------------------------------------------------------
namespace testing {
struct Real32 {
  float value;
};
struct Missing {
  float value;
};
}  // namespace testing

template <>
struct gemmcl::element_traits<testing::Real32> {
  using scalar = float;
  static constexpr element::Info info{"float", 4, "float", "", ErrorCode::ElementUnsupported,
                                      "Element<testing::Real32>"};
};
template <>
struct gemmcl::element_traits<testing::Missing> {
  using scalar = float;
  static constexpr element::Info info{"float", 4, "float", "cl_gemmcl_no_device_has_this",
                                      ErrorCode::ElementUnsupported, "Element<testing::Missing>"};
};

using namespace gemmcl;

namespace {

// C := alpha * A * B + beta * C, column-major, no transposes, through Gemm type G whose element is a
// 4-byte struct or float; compared with a double-precision reference, norm-wise.
template <class G>
void check_product(std::size_t m, std::size_t n, std::size_t k, float alpha, float beta) {
  using E = typename G::value_type;
  static_assert(sizeof(E) == sizeof(float));
  auto& target = gt::target();
  std::mt19937_64 rng(gt::base_seed() + m * 131 + n * 17 + k);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<E> a(m * k), b(k * n), c(m * n);
  for (auto* v : {&a, &b, &c})
    for (E& x : *v) x = E{dist(rng)};
  const auto value = [](const E& x) { return static_cast<double>(std::bit_cast<float>(x)); };
  std::vector<double> expect(m * n);
  double norm = 0;
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < m; ++i) {
      double s = 0, s_abs = 0;
      for (std::size_t p = 0; p < k; ++p) {
        s += value(a[p * m + i]) * value(b[j * k + p]);
        s_abs += std::abs(value(a[p * m + i]) * value(b[j * k + p]));
      }
      expect[j * m + i] = alpha * s + beta * value(c[j * m + i]);
      norm = std::max(norm, std::abs(alpha) * s_abs + std::abs(beta * value(c[j * m + i])));
    }
  const auto bytes = [](const std::vector<E>& v) { return v.size() * sizeof(E); };
  cl::Buffer da(target.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes(a), a.data());
  cl::Buffer db(target.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes(b), b.data());
  cl::Buffer dc(target.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes(c), c.data());
  G()(target.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, alpha, da, 0, m, db, 0, k, beta, dc,
      0, m)
      .wait();
  target.queue.enqueueReadBuffer(dc, CL_TRUE, 0, bytes(c), c.data());
  double worst = 0;
  for (std::size_t i = 0; i < m * n; ++i) worst = std::max(worst, std::abs(value(c[i]) - expect[i]));
  INFO(m << " x " << n << " x " << k << ": worst error " << worst << " against a bound of "
         << 4 * double(k + 2) * 6e-8 * norm);
  CHECK(worst <= 4 * double(k + 2) * 6e-8 * norm);
}

}  // namespace

TEST_CASE("a target defined outside the library") {
  using G = Gemm<Tile<32, 32, 8>, Vec<2>, Prefetch<true>, testing::Renamed>;
  static_assert(std::string_view(G::source).find("// renamed: a build option") != std::string_view::npos);
  static_assert(std::string_view(G::source).find("vendor           renamed (a test-only target)") !=
                std::string_view::npos);
  static_assert(std::string_view(G::source).find(
                    "reqd_work_group_size(THREADS_M, THREADS_N, 1)))\n__attribute__((vec_type_hint(float)))") !=
                std::string_view::npos);
  check_product<G>(70, 45, 33, 1.5f, 0.0f);
  check_product<G>(32, 64, 8, -1.0f, 0.5f);
}

TEST_CASE("an element type defined outside the library") {
  static_assert(std::is_same_v<Gemm<Element<testing::Real32>>::value_type, testing::Real32>);
  static_assert(std::is_same_v<Gemm<Element<testing::Real32>>::scalar_type, float>);
  // A fixed configuration, and Gemm<>, which has no table for this type and runs its portable one.
  check_product<Gemm<Element<testing::Real32>, Tile<32, 64, 16>, Vec<4>>>(77, 66, 55, 0.75f, -0.25f);
  check_product<Gemm<Element<testing::Real32>>>(100, 3, 40, 1.0f, 1.0f);
  // It shares the float kernel's program text: the same builders, the same words.
  CHECK(std::string(Gemm<Element<testing::Real32>, Tile<32, 64, 16>, Vec<4>>::source) ==
        std::string(Gemm<Tile<32, 64, 16>, Vec<4>>::source));
}

TEST_CASE("an element type the device lacks is refused before anything runs") {
  auto& target = gt::target();
  cl::Buffer a(target.context, CL_MEM_READ_WRITE, 64 * sizeof(float));
  cl::Buffer b(target.context, CL_MEM_READ_WRITE, 64 * sizeof(float));
  cl::Buffer c(target.context, CL_MEM_READ_WRITE, 64 * sizeof(float));
  try {
    Gemm<Element<testing::Missing>>()(target.queue, Layout::ColMajor, Transpose::No, Transpose::No, 8, 8, 8, 1.0f,
                                      a, 0, 8, b, 0, 8, 0.0f, c, 0, 8);
    FAIL("no error for an element type whose extension the device lacks");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::ElementUnsupported);
    CHECK(std::string(e.what()).find("cl_gemmcl_no_device_has_this") != std::string::npos);
    CHECK(std::string(e.what()).find("Element<testing::Missing>") != std::string::npos);
  }
}
