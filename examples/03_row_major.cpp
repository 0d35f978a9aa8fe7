// 03: row-major matrices, as C and C++ code usually stores them.
//
// With Layout::RowMajor the leading dimension is the length of a stored row: for a dense m x k matrix A
// that is k, not m. Nothing is copied or transposed on the host; gemmcl maps the call onto its
// column-major kernel (a row-major C = A B is the column-major C^T = B^T A^T).

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <vector>

#include "common.hpp"

int main(int argc, char** argv) try {
  example::Options options(argc, argv);
  example::Device dev = example::open_device(options);
  options.check();
  std::printf("device: %s\n", dev.name.c_str());

  const std::size_t m = 123, n = 77, k = 61;
  const float alpha = 1.0f, beta = 0.0f;  // beta = 0: C's old contents are never read
  // a[i * k + l] is A(i, l): rows of A are contiguous, and so on.
  const std::vector<float> a = example::random_matrix<float>(m * k, 301);
  const std::vector<float> b = example::random_matrix<float>(k * n, 302);
  const std::vector<float> c(m * n, 0.0f);
  cl::Buffer a_buf = example::device_copy(dev.context, a);
  cl::Buffer b_buf = example::device_copy(dev.context, b);
  cl::Buffer c_buf = example::device_copy(dev.context, c);

  gemmcl::Gemm<> sgemm;
  using gemmcl::Layout, gemmcl::Transpose;
  const std::size_t lda = k, ldb = n, ldc = n;  // the row lengths
  sgemm(dev.queue, Layout::RowMajor, Transpose::No, Transpose::No, m, n, k, alpha, a_buf, 0, lda, b_buf, 0, ldb,
        beta, c_buf, 0, ldc)
      .wait();
  const std::vector<float> result = example::read_back<float>(dev.queue, c_buf, c.size());

  const example::Storage a_at{Layout::RowMajor, 0, lda}, b_at{Layout::RowMajor, 0, ldb},
      c_at{Layout::RowMajor, 0, ldc};
  const std::vector<double> expected =
      example::reference_gemm(Transpose::No, Transpose::No, m, n, k, alpha, a, a_at, b, b_at, beta, c, c_at);
  const double error = example::relative_error(result, expected, c_at, m, n);
  const bool ok = error <= example::tolerance<float>(k);
  std::printf("row-major C[%zu][%zu] = A[%zu][%zu] * B[%zu][%zu]: C[1][2] = %.6f (CPU %.6f), relative error %.2e %s\n",
              m, n, m, k, k, n, double(result[1 * ldc + 2]), expected[1 * ldc + 2], error, ok ? "ok" : "TOO LARGE");
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
