// 11: a fused epilogue, C := ReLU(A * B + bias), the bias one value per row of C.
//
// Epilogue<Activation, Bias> applies the bias and the activation to each element of C as the kernel
// stores it, so the product is never written to memory and read back by a second kernel. The bias is
// passed after c_ld as Gemm::epilogue_args{&buffer, offset} (Clamp's bounds go there too); a bias of
// the wrong length, or none where the Epilogue needs one, is a gemmcl::Error.

#include <gemmcl/gemm.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>
#include <vector>

#include "common.hpp"

int main(int argc, char** argv) try {
  using gemmcl::Activation, gemmcl::Bias, gemmcl::Layout, gemmcl::Transpose;
  example::Options options(argc, argv);
  example::Device dev = example::open_device(options);
  options.check();
  std::printf("device: %s\n", dev.name.c_str());

  constexpr std::size_t m = 150, n = 70, k = 90;
  const std::vector<float> a = example::random_matrix<float>(m * k, 1101);  // row-major m x k
  const std::vector<float> b = example::random_matrix<float>(k * n, 1102);  // row-major k x n
  const std::vector<float> bias = example::random_matrix<float>(m, 1103);
  cl::Buffer a_buf = example::device_copy(dev.context, a), b_buf = example::device_copy(dev.context, b);
  cl::Buffer bias_buf = example::device_copy(dev.context, bias);
  cl::Buffer c_buf(dev.context, CL_MEM_READ_WRITE, m * n * sizeof(float));  // beta = 0: never read

  using Dense = gemmcl::Gemm<gemmcl::Epilogue<Activation::ReLU, Bias::PerRow>>;
  Dense()(dev.queue, Layout::RowMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, a_buf, 0, k, b_buf, 0, n, 0.0f,
          c_buf, 0, n, Dense::epilogue_args{&bias_buf, 0});
  const std::vector<float> c = example::read_back<float>(dev.queue, c_buf, m * n);

  using example::Storage;
  const Storage cs{Layout::RowMajor, 0, n};
  std::vector<double> want = example::reference_gemm(Transpose::No, Transpose::No, m, n, k, 1.0, a,
                                                     Storage{Layout::RowMajor, 0, k}, b, Storage{Layout::RowMajor, 0, n},
                                                     0.0, std::vector<float>(m * n, 0.0f), cs);
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      double& x = want[cs.index(i, j)];
      x = std::max(0.0, x + double(bias[i]));
      zeros += c[cs.index(i, j)] == 0.0f ? 1 : 0;
    }
  const double error = example::relative_error(c, want, cs, m, n);
  const bool ok = error <= example::tolerance<float>(k);
  std::printf("ReLU(A * B + bias) on %zu x %zu: relative error %.2e %s; %zu of %zu elements clipped to 0\n", m, n,
              error, ok ? "ok" : "TOO LARGE", zeros, m * n);
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
