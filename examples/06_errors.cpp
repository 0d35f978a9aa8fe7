// 06: what a mistake looks like. gemmcl checks every argument before it enqueues anything and throws
// gemmcl::Error (a std::runtime_error) with a code from gemmcl::ErrorCode and a message that names the
// argument; C is left exactly as it was.

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

  const std::size_t m = 64, n = 48, k = 32;
  const std::vector<float> a = example::random_matrix<float>(m * k, 601);
  const std::vector<float> b = example::random_matrix<float>(k * n, 602);
  const std::vector<float> c = example::random_matrix<float>(m * n, 603);
  cl::Buffer a_buf = example::device_copy(dev.context, a);
  cl::Buffer b_buf = example::device_copy(dev.context, b);
  cl::Buffer c_buf = example::device_copy(dev.context, c);

  gemmcl::Gemm<> sgemm;
  using gemmcl::Layout, gemmcl::Transpose;
  int failures = 0;

  // Calls `call`, expects gemmcl::Error with `expected`, and checks that C did not change.
  const auto expect_error = [&](const char* what, gemmcl::ErrorCode expected, auto call) {
    std::printf("\n%s\n", what);
    bool thrown = false;
    try {
      call();
    } catch (const gemmcl::Error& e) {
      thrown = true;
      std::printf("  caught gemmcl::Error\n  code:    %s\n  message: %s\n",
                  std::string(gemmcl::to_string(e.code())).c_str(), e.what());
      if (e.code() != expected) {
        std::printf("  WRONG: expected %s\n", std::string(gemmcl::to_string(expected)).c_str());
        ++failures;
      }
    }
    if (!thrown) {
      std::printf("  WRONG: no exception\n");
      ++failures;
    }
    dev.queue.finish();
    const bool untouched = example::read_back<float>(dev.queue, c_buf, c.size()) == c;
    std::printf("  C untouched: %s\n", untouched ? "yes" : "NO");
    failures += untouched ? 0 : 1;
  };

  // A is m x k column-major, so its leading dimension must be at least m.
  expect_error("a_ld = m - 1 (too small for a column-major m x k A):", gemmcl::ErrorCode::InvalidLeadingDimension,
               [&] {
                 sgemm(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, a_buf, 0, m - 1,
                       b_buf, 0, k, 0.0f, c_buf, 0, m);
               });

  // An offset that pushes C past the end of its buffer.
  expect_error("c_offset = 1 with a buffer that holds exactly m x n elements:", gemmcl::ErrorCode::BufferTooSmall,
               [&] {
                 sgemm(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, a_buf, 0, m,
                       b_buf, 0, k, 0.0f, c_buf, 1, m);
               });

  std::printf("\n%s\n", failures == 0 ? "all errors reported as expected" : "SOME CHECKS FAILED");
  return failures == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
