// 02: double precision. Element<double> switches A, B, C, alpha and beta to double.
//
// Devices without fp64 exist (many integrated and some mobile GPUs): there gemmcl throws
// gemmcl::Error with ErrorCode::DoubleUnsupported before enqueueing anything, and this example reports
// that it skipped and exits with 0. Any other outcome is checked against the CPU as usual.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <vector>

#include "common.hpp"

using Dgemm = gemmcl::Gemm<gemmcl::Tile<64, 64, 16>, gemmcl::Vec<2>, gemmcl::Element<double>>;

int main(int argc, char** argv) try {
  example::Options options(argc, argv);
  example::Device dev = example::open_device(options);
  options.check();
  std::printf("device: %s\n", dev.name.c_str());

  const std::size_t m = 150, n = 130, k = 170;
  const double alpha = 1.25, beta = 0.5;
  const std::vector<double> a = example::random_matrix<double>(m * k, 201);
  const std::vector<double> b = example::random_matrix<double>(k * n, 202);
  const std::vector<double> c = example::random_matrix<double>(m * n, 203);
  cl::Buffer a_buf = example::device_copy(dev.context, a);
  cl::Buffer b_buf = example::device_copy(dev.context, b);
  cl::Buffer c_buf = example::device_copy(dev.context, c);

  Dgemm dgemm;
  using gemmcl::Layout, gemmcl::Transpose;
  try {
    dgemm(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, alpha, a_buf, 0, m, b_buf, 0, k,
          beta, c_buf, 0, m)
        .wait();
  } catch (const gemmcl::Error& e) {
    if (e.code() != gemmcl::ErrorCode::DoubleUnsupported) throw;
    std::printf("SKIPPED: %s has no double-precision support (fp64), so there is nothing to check.\n"
                "gemmcl said: %s\n",
                dev.name.c_str(), e.what());
    return 0;
  }
  const std::vector<double> result = example::read_back<double>(dev.queue, c_buf, c.size());

  const example::Storage a_at{Layout::ColMajor, 0, m}, b_at{Layout::ColMajor, 0, k}, c_at{Layout::ColMajor, 0, m};
  const std::vector<double> expected =
      example::reference_gemm(Transpose::No, Transpose::No, m, n, k, alpha, a, a_at, b, b_at, beta, c, c_at);
  const double error = example::relative_error(result, expected, c_at, m, n);
  const bool ok = error <= example::tolerance<double>(k);
  std::printf("DGEMM m = %zu, n = %zu, k = %zu: relative error %.2e (bound %.1e) %s\n", m, n, k, error,
              example::tolerance<double>(k), ok ? "ok" : "TOO LARGE");
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
