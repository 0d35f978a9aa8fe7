// 04: working on blocks inside bigger matrices, with offsets and leading dimensions.
//
// A block starting at row r, column c of a column-major parent with leading dimension ld begins at
// element offset r + c * ld, and keeps the parent's ld. Here the product of a block of A and a block of
// B is accumulated into a block of C; everything of C outside that block must stay exactly as it was.

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

  // The parents (rows x columns, column-major, ld = rows), and where each block starts in them.
  const std::size_t a_rows = 64, a_cols = 48, b_rows = 50, b_cols = 40, c_rows = 70, c_cols = 60;
  const std::size_t m = 37, n = 29, k = 23;  // C block m x n  +=  A block m x k  *  B block k x n
  const std::size_t a_offset = 5 + 7 * a_rows;   // A block at row 5, column 7
  const std::size_t b_offset = 3 + 2 * b_rows;   // B block at row 3, column 2
  const std::size_t c_offset = 11 + 13 * c_rows; // C block at row 11, column 13

  const std::vector<float> a = example::random_matrix<float>(a_rows * a_cols, 401);
  const std::vector<float> b = example::random_matrix<float>(b_rows * b_cols, 402);
  const std::vector<float> c = example::random_matrix<float>(c_rows * c_cols, 403);
  cl::Buffer a_buf = example::device_copy(dev.context, a);
  cl::Buffer b_buf = example::device_copy(dev.context, b);
  cl::Buffer c_buf = example::device_copy(dev.context, c);

  gemmcl::Gemm<> sgemm;
  using gemmcl::Layout, gemmcl::Transpose;
  const float alpha = 2.0f, beta = 1.0f;
  sgemm(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, alpha, a_buf, a_offset, a_rows, b_buf,
        b_offset, b_rows, beta, c_buf, c_offset, c_rows)
      .wait();
  const std::vector<float> result = example::read_back<float>(dev.queue, c_buf, c.size());

  // The block, against the CPU.
  const example::Storage a_at{Layout::ColMajor, a_offset, a_rows}, b_at{Layout::ColMajor, b_offset, b_rows},
      c_at{Layout::ColMajor, c_offset, c_rows};
  const std::vector<double> expected =
      example::reference_gemm(Transpose::No, Transpose::No, m, n, k, alpha, a, a_at, b, b_at, beta, c, c_at);
  const double error = example::relative_error(result, expected, c_at, m, n);
  const bool block_ok = error <= example::tolerance<float>(k);

  // The rest of C, bit for bit.
  std::size_t changed = 0;
  for (std::size_t col = 0; col < c_cols; ++col) {
    for (std::size_t row = 0; row < c_rows; ++row) {
      const bool inside = row >= 11 && row < 11 + m && col >= 13 && col < 13 + n;
      const std::size_t at = row + col * c_rows;
      if (!inside && result[at] != c[at]) ++changed;
    }
  }

  std::printf("C[11:%zu, 13:%zu] += 2 * A[5:%zu, 7:%zu] * B[3:%zu, 2:%zu] inside %zux%zu, %zux%zu, %zux%zu parents\n",
              11 + m, 13 + n, 5 + m, 7 + k, 3 + k, 2 + n, c_rows, c_cols, a_rows, a_cols, b_rows, b_cols);
  std::printf("block: relative error %.2e %s\n", error, block_ok ? "ok" : "TOO LARGE");
  std::printf("outside the block: %zu of %zu elements changed %s\n", changed, c_rows * c_cols - m * n,
              changed == 0 ? "(ok: untouched)" : "(WRONG)");
  return block_ok && changed == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
