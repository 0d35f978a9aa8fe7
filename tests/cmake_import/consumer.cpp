// A program that knows gemmcl only through its public header, as any user's would. Built three ways by
// the consumer tests (find_package after install, add_subdirectory, plain -I include -lOpenCL); it runs
// small SGEMMs on the default OpenCL device, checks them against a CPU reference and exits non-zero on
// any mismatch.

#include <gemmcl/gemm.hpp>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <random>
#include <string_view>
#include <vector>

namespace {

using Sgemm = gemmcl::Gemm<gemmcl::Tile<32, 32, 8>, gemmcl::Vec<2>>;
static_assert(!std::string_view(Sgemm::source).empty(), "the kernel text is a constant expression");
static_assert(std::string_view(Sgemm::source) != std::string_view(gemmcl::Gemm<>::source),
              "different policies give different kernels");

// Element (row, col) of a matrix stored with the given layout.
std::size_t at(gemmcl::Layout layout, std::size_t offset, std::size_t ld, std::size_t row,
               std::size_t col) {
  return offset + (layout == gemmcl::Layout::ColMajor ? row + col * ld : row * ld + col);
}

struct Shape {
  gemmcl::Layout layout;
  bool ta, tb;
  std::size_t m = 37, n = 29, k = 45;  // no tile multiple
  std::size_t a_off = 3, b_off = 5, c_off = 7;

  // Stored extents: the leading dimension strides over columns (column-major) or rows (row-major).
  bool col() const { return layout == gemmcl::Layout::ColMajor; }
  std::size_t a_rows() const { return ta ? k : m; }
  std::size_t a_cols() const { return ta ? m : k; }
  std::size_t b_rows() const { return tb ? n : k; }
  std::size_t b_cols() const { return tb ? k : n; }
  std::size_t lda() const { return (col() ? a_rows() : a_cols()) + 2; }
  std::size_t ldb() const { return (col() ? b_rows() : b_cols()) + 1; }
  std::size_t ldc() const { return (col() ? m : n) + 3; }
  std::size_t a_size() const { return a_off + lda() * (col() ? a_cols() : a_rows()); }
  std::size_t b_size() const { return b_off + ldb() * (col() ? b_cols() : b_rows()); }
  std::size_t c_size() const { return c_off + ldc() * (col() ? n : m); }
};

// C := alpha * op(A) * op(B) + beta * C, in double.
void reference(const Shape& s, float alpha, const std::vector<float>& a, const std::vector<float>& b,
               float beta, std::vector<double>& c) {
  for (std::size_t i = 0; i < s.m; ++i) {
    for (std::size_t j = 0; j < s.n; ++j) {
      double sum = 0;
      for (std::size_t p = 0; p < s.k; ++p) {
        const double x = s.ta ? a[at(s.layout, s.a_off, s.lda(), p, i)]
                              : a[at(s.layout, s.a_off, s.lda(), i, p)];
        const double y = s.tb ? b[at(s.layout, s.b_off, s.ldb(), j, p)]
                              : b[at(s.layout, s.b_off, s.ldb(), p, j)];
        sum += x * y;
      }
      double& out = c[at(s.layout, s.c_off, s.ldc(), i, j)];
      out = alpha * sum + beta * out;
    }
  }
}

template <class G>
int check(const char* name, const G& gemm, cl::Context& context, cl::CommandQueue& queue,
          const Shape& s) {
  const float alpha = 1.5f, beta = -0.5f;
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  auto fill = [&](std::size_t size) {
    std::vector<float> v(size);
    for (float& x : v) x = dist(rng);
    return v;
  };
  std::vector<float> a = fill(s.a_size()), b = fill(s.b_size()), c = fill(s.c_size());
  std::vector<double> want(c.begin(), c.end());
  reference(s, alpha, a, b, beta, want);

  cl::Buffer da(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a.size() * sizeof(float), a.data());
  cl::Buffer db(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b.size() * sizeof(float), b.data());
  cl::Buffer dc(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, c.size() * sizeof(float), c.data());
  const auto t = [](bool yes) { return yes ? gemmcl::Transpose::Yes : gemmcl::Transpose::No; };
  gemm(queue, s.layout, t(s.ta), t(s.tb), s.m, s.n, s.k, alpha, da, s.a_off, s.lda(), db, s.b_off,
       s.ldb(), beta, dc, s.c_off, s.ldc())
      .wait();
  queue.enqueueReadBuffer(dc, CL_TRUE, 0, c.size() * sizeof(float), c.data());

  // Every element: inside C within a bound scaled by k, outside C (offset, ld padding) unchanged.
  int bad = 0;
  for (std::size_t idx = 0; idx < c.size(); ++idx) {
    const double err = std::fabs(double(c[idx]) - want[idx]);
    if (!(err <= 1e-5 * double(s.k) * (1.0 + std::fabs(want[idx])))) {
      if (bad++ < 5) std::printf("  %s: c[%zu] = %g, expected %g\n", name, idx, double(c[idx]), want[idx]);
    }
  }
  std::printf("%s, %s, %s x %s: %s\n", name, s.col() ? "column-major" : "row-major", s.ta ? "T" : "N",
              s.tb ? "T" : "N", bad == 0 ? "ok" : "MISMATCH");
  return bad == 0 ? 0 : 1;
}

}  // namespace

int main() {
  try {
    cl::Device device = cl::Device::getDefault();
    cl::Context context(device);
    cl::CommandQueue queue(context, device);
    std::printf("device: %s\n", device.getInfo<CL_DEVICE_NAME>().c_str());

    int failures = 0;
    // Row-major op(A) op(B) runs as column-major op(B)^T op(A)^T: here the first call's transposes.
    failures += check("Sgemm", Sgemm{}, context, queue, {gemmcl::Layout::ColMajor, false, true});
    failures += check("Sgemm", Sgemm{}, context, queue, {gemmcl::Layout::RowMajor, true, false});

    // A second object of the same type shares the cached program.
    const std::size_t builds = gemmcl::runtime::ProgramCache::instance().builds();
    std::printf("programs built so far: %zu\n", builds);
    const Sgemm copy = Sgemm{};
    failures += check("another Sgemm", copy, context, queue, {gemmcl::Layout::ColMajor, false, true});
    if (gemmcl::runtime::ProgramCache::instance().builds() != builds) {
      std::printf("a second Gemm object of the same type rebuilt its program\n");
      ++failures;
    }

    // Bad input throws gemmcl::Error before anything is enqueued.
    bool threw = false;
    try {
      cl::Buffer small(context, CL_MEM_READ_WRITE, 16 * sizeof(float));
      Sgemm{}(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No, 4, 4, 4,
              1.0f, small, 0, 3, small, 0, 4, 0.0f, small, 0, 4);
    } catch (const gemmcl::Error& e) {
      threw = e.code() == gemmcl::ErrorCode::InvalidLeadingDimension;
      std::printf("lda < m: %s\n", e.what());
    }
    if (!threw) {
      std::printf("lda < m did not throw gemmcl::Error(InvalidLeadingDimension)\n");
      ++failures;
    }

    std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
    return failures == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
    return 1;
  }
}
