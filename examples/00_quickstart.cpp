// gemmcl quickstart: one SGEMM on the default device, timed and checked against the CPU.
//
//   quickstart                    1024 x 1024 x 1024 on the first GPU (else the first OpenCL device)
//   quickstart -n 2048            a square problem of another size
//   quickstart -M 1000 -N 500 -K 300
//   GEMMCL_DEVICE=pthread quickstart   or   quickstart -p 0 -d 1   to pick another device
//
// Exit status: 0 when the result matches the CPU reference, 1 when it does not, 2 on any error.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <vector>

#include "common.hpp"

int main(int argc, char** argv) try {
  example::Options options(argc, argv);
  if (options.flag("-h") || options.flag("--help")) {
    std::cout << "usage: " << options.program() << " [-n N | -M M -N N -K K] [-i runs] [-p P -d D]\n"
              << "  -n N      square problem N x N x N (default 1024)\n"
              << "  -M -N -K  the sizes one by one\n"
              << "  -i runs   timed runs after one warm-up (default 5); the median is reported\n"
              << example::device_help;
    return 0;
  }
  const std::size_t size = options.size("-n", 1024);
  const std::size_t m = options.size("-M", size), n = options.size("-N", size), k = options.size("-K", size);
  const int runs = static_cast<int>(options.size("-i", 5));
  example::Device dev = example::open_device(options);
  options.check();

  // Column-major matrices, stored densely: A is m x k, B is k x n, C is m x n.
  std::vector<float> a = example::random_matrix<float>(m * k, 1);
  std::vector<float> b = example::random_matrix<float>(k * n, 2);
  std::vector<float> c = example::random_matrix<float>(m * n, 3);
  cl::Buffer a_buf = example::device_copy(dev.context, a);
  cl::Buffer b_buf = example::device_copy(dev.context, b);
  cl::Buffer c_buf = example::device_copy(dev.context, c);
  const float alpha = 1.0f, beta = 0.5f;

  // The default configuration: gemmcl picks the kernel. Gemm<...> with policies picks it yourself.
  gemmcl::Gemm<> sgemm;
  using gemmcl::Layout, gemmcl::Transpose;

  // Checked run: a fresh copy of C, so that beta * C uses the values the reference sees.
  sgemm(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, alpha, a_buf, 0, m, b_buf, 0,
        k, beta, c_buf, 0, m)
      .wait();
  const std::vector<float> result = example::read_back<float>(dev.queue, c_buf, c.size());

  // Timed runs (they keep accumulating into C, which does not matter for the time).
  const double ms = example::median_ms(dev.queue, runs, [&] {
    return sgemm(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, alpha, a_buf, 0, m,
                 b_buf, 0, k, beta, c_buf, 0, m);
  });

  const example::Storage a_at{Layout::ColMajor, 0, m}, b_at{Layout::ColMajor, 0, k}, c_at{Layout::ColMajor, 0, m};
  const std::vector<double> expected =
      example::reference_gemm(Transpose::No, Transpose::No, m, n, k, alpha, a, a_at, b, b_at, beta, c, c_at);
  const double error = example::relative_error(result, expected, c_at, m, n);
  const double bound = example::tolerance<float>(k);

  std::printf("device     %s\n", dev.name.c_str());
  std::printf("shape      M = %zu, N = %zu, K = %zu (column-major, C := %g * A * B + %g * C)\n", m, n, k,
              double(alpha), double(beta));
  std::printf("time       %.3f ms (median of %d runs after a warm-up, OpenCL events)\n", ms, runs);
  std::printf("GFLOPS     %.1f\n", example::gflops(m, n, k, ms));
  std::printf("error      %.2e relative to a double-precision CPU reference (bound %.1e): %s\n", error, bound,
              error <= bound ? "ok" : "TOO LARGE");
  return error <= bound ? 0 : 1;
} catch (const gemmcl::Error& e) {
  std::cerr << "gemmcl error (" << gemmcl::to_string(e.code()) << "): " << e.what() << "\n";
  return 2;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
