// 01: an SGEMM whose kernel you choose, by naming policies.
//
// Policies can be given in any order and each is optional; the ones left out are derived from the
// ones given. The resolved configuration is a compile-time constant, shown here before the run.
// Computes C := alpha * A * B^T + beta * C on sizes that are not multiples of the tile.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <type_traits>
#include <vector>

#include "common.hpp"

// 64 x 32 tiles of C, K in steps of 16, each work-item a 4 x 4 register tile of float4 vectors, with
// double-buffered local memory. Order does not matter: Vec before Tile is fine.
using Sgemm = gemmcl::Gemm<gemmcl::Vec<4>, gemmcl::Tile<64, 32, 16>, gemmcl::WorkPerThread<4, 4>,
                           gemmcl::LocalMemory<gemmcl::Operands::Both>, gemmcl::Prefetch<true>>;

static_assert(std::is_same_v<Sgemm::value_type, float>, "Element<float> is the default");
static_assert(Sgemm::config.threads() == (64 / 4) * (32 / 4), "a work-item per 4 x 4 block of C");

int main(int argc, char** argv) try {
  example::Options options(argc, argv);
  example::Device dev = example::open_device(options);
  options.check();

  constexpr gemmcl::policy::Config cfg = Sgemm::config;
  std::printf("device: %s\n", dev.name.c_str());
  std::printf("configuration: tile %d x %d x %d, Vec<%d>, %d x %d per work-item, %d work-items, "
              "%zu bytes of local memory, prefetch %s\n",
              cfg.tile_m, cfg.tile_n, cfg.tile_k, cfg.vec, cfg.wpt_m, cfg.wpt_n, cfg.threads(),
              cfg.local_bytes(), cfg.prefetch ? "on" : "off");

  // op(A) = A is m x k; op(B) = B^T, so B is stored n x k. Column-major, dense.
  const std::size_t m = 300, n = 200, k = 100;
  const float alpha = 0.75f, beta = -1.5f;
  const std::vector<float> a = example::random_matrix<float>(m * k, 101);
  const std::vector<float> b = example::random_matrix<float>(n * k, 102);
  const std::vector<float> c = example::random_matrix<float>(m * n, 103);
  cl::Buffer a_buf = example::device_copy(dev.context, a);
  cl::Buffer b_buf = example::device_copy(dev.context, b);
  cl::Buffer c_buf = example::device_copy(dev.context, c);

  Sgemm sgemm;
  using gemmcl::Layout, gemmcl::Transpose;
  cl::Event done = sgemm(dev.queue, Layout::ColMajor, Transpose::No, Transpose::Yes, m, n, k, alpha, a_buf, 0,
                         m, b_buf, 0, n, beta, c_buf, 0, m);
  done.wait();
  const std::vector<float> result = example::read_back<float>(dev.queue, c_buf, c.size());

  const example::Storage a_at{Layout::ColMajor, 0, m}, b_at{Layout::ColMajor, 0, n}, c_at{Layout::ColMajor, 0, m};
  const std::vector<double> expected =
      example::reference_gemm(Transpose::No, Transpose::Yes, m, n, k, alpha, a, a_at, b, b_at, beta, c, c_at);
  const double error = example::relative_error(result, expected, c_at, m, n);
  const bool ok = error <= example::tolerance<float>(k);
  std::printf("C := %g * A * B^T + %g * C, m = %zu, n = %zu, k = %zu: relative error %.2e (%s)\n",
              double(alpha), double(beta), m, n, k, error, ok ? "ok" : "TOO LARGE");
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
