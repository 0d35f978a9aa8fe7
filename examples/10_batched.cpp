// 10: many small products in one call, the two batched forms.
//
// strided_batched: product i reads A, B and C at their offsets plus i times a stride (a stride of 0
// shares one matrix among all products: here every product uses the same B). batched: each product
// names its own offsets, alpha and beta (CLBlast's GemmBatched). Either way the whole batch is one
// launch, product i in work-groups (., ., i), which is what makes small products fast: one call per
// product would leave most of a GPU idle.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <vector>

#include "common.hpp"

int main(int argc, char** argv) try {
  using gemmcl::Layout, gemmcl::Transpose;
  example::Options options(argc, argv);
  example::Device dev = example::open_device(options);
  options.check();
  std::printf("device: %s\n", dev.name.c_str());

  constexpr std::size_t m = 24, n = 20, k = 16, count = 100;
  const std::vector<float> a = example::random_matrix<float>(m * k * count, 1001);
  const std::vector<float> b = example::random_matrix<float>(k * n, 1002);  // one B for all products
  const std::vector<float> c0 = example::random_matrix<float>(m * n * count, 1003);
  cl::Buffer a_buf = example::device_copy(dev.context, a), b_buf = example::device_copy(dev.context, b);
  cl::Buffer c_buf = example::device_copy(dev.context, c0);

  // Product i: C_i := 1 * A_i * B + 0.5 * C_i, all column-major and packed one after another.
  const gemmcl::Gemm<> gemm;
  gemm.strided_batched(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, a_buf, 0, m, m * k,
                       b_buf, 0, k, 0, 0.5f, c_buf, 0, m, m * n, count);
  const std::vector<float> strided = example::read_back<float>(dev.queue, c_buf, c0.size());

  // The same products in reverse order of memory, each with its own alpha and beta.
  std::vector<float> alphas(count), betas(count);
  std::vector<std::size_t> a_offsets(count), b_offsets(count, 0), c_offsets(count);
  for (std::size_t i = 0; i < count; ++i) {
    alphas[i] = 1.0f + 0.01f * float(i);
    betas[i] = i % 2 == 0 ? 0.0f : -1.0f;
    a_offsets[i] = (count - 1 - i) * m * k;
    c_offsets[i] = (count - 1 - i) * m * n;
  }
  cl::Buffer d_buf = example::device_copy(dev.context, c0);
  gemm.batched(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, alphas, a_buf, a_offsets, m, b_buf,
               b_offsets, k, betas, d_buf, c_offsets, m);
  const std::vector<float> arrays = example::read_back<float>(dev.queue, d_buf, c0.size());

  // Each product against the double-precision reference.
  using example::Storage;
  double worst_strided = 0, worst_arrays = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const Storage ci{Layout::ColMajor, i * m * n, m};
    const std::vector<double> want = example::reference_gemm(Transpose::No, Transpose::No, m, n, k, 1.0, a,
                                                             Storage{Layout::ColMajor, i * m * k, m}, b,
                                                             Storage{Layout::ColMajor, 0, k}, 0.5, c0, ci);
    worst_strided = std::max(worst_strided, example::relative_error(strided, want, ci, m, n));
    const std::size_t j = count - 1 - i;  // the product of the second call stored where product i is
    const std::vector<double> want2 = example::reference_gemm(
        Transpose::No, Transpose::No, m, n, k, alphas[j], a, Storage{Layout::ColMajor, i * m * k, m}, b,
        Storage{Layout::ColMajor, 0, k}, betas[j], c0, ci);
    worst_arrays = std::max(worst_arrays, example::relative_error(arrays, want2, ci, m, n));
  }
  const double tol = example::tolerance<float>(k);
  std::printf("strided batched, %zu products of %zu x %zu x %zu: worst relative error %.2e %s\n", count, m, n, k,
              worst_strided, worst_strided <= tol ? "ok" : "TOO LARGE");
  std::printf("offset-array batched, alphas and betas per product:  worst relative error %.2e %s\n", worst_arrays,
              worst_arrays <= tol ? "ok" : "TOO LARGE");
  return worst_strided <= tol && worst_arrays <= tol ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
