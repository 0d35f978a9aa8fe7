#pragma once
// Oclgrind runs of the call features beyond a single product: batches (both forms), a fused epilogue
// (with and without split K), packed operands (CBL and RBL) and the GPUs' transposing copy. Every buffer ends at its last element
// (the bias at its m-th value), so a kernel that reads or writes past one is caught; results are
// checked against a double-precision reference.

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>
#include <vector>

#include "support/common.hpp"

namespace oclgrind_features {

using namespace gemmcl;

// Column-major, untransposed m x k times k x n, product i at offsets i * extent in each buffer (or in
// reverse order for C), and C := act(A B + bias) with ReLU when `relu`.
inline double max_error(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c,
                        std::size_t m, std::size_t n, std::size_t k, const std::vector<std::size_t>& ao,
                        const std::vector<std::size_t>& bo, const std::vector<std::size_t>& co,
                        const std::vector<float>& bias = {}) {
  double worst = 0;
  for (std::size_t p = 0; p < ao.size(); ++p)
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t i = 0; i < m; ++i) {
        double s = 0;
        for (std::size_t l = 0; l < k; ++l) s += double(a[ao[p] + i + l * m]) * double(b[bo[p] + l + j * k]);
        if (!bias.empty()) s = std::max(0.0, s + double(bias[i]));
        worst = std::max(worst, std::abs(s - double(c[co[p] + i + j * m])));
      }
  return worst;
}

inline std::vector<float> random_floats(std::size_t count, std::mt19937_64& rng) {
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> v(count);
  for (float& x : v) x = u(rng);
  return v;
}

template <class Device>
int run_batched(Device& d) {
  using G = Gemm<Tile<16, 16, 8>, Vec<2>>;
  std::mt19937_64 rng(gt::base_seed());
  const std::size_t m = 17, n = 6, k = 9, count = 3;
  const std::vector<float> a = random_floats(m * k * count, rng), b = random_floats(k * n * count, rng);
  int failures = 0;
  for (bool arrays : {false, true}) {
    cl::Buffer da = gt::upload(a, d.context), db = gt::upload(b, d.context);
    cl::Buffer dc(d.context, CL_MEM_READ_WRITE, m * n * count * sizeof(float));
    std::vector<std::size_t> ao, bo, co;
    for (std::size_t i = 0; i < count; ++i) {
      ao.push_back(i * m * k);
      bo.push_back(i * k * n);
      co.push_back((arrays ? count - 1 - i : i) * m * n);
    }
    if (arrays) {
      const std::vector<float> ones(count, 1.0f), zeros(count, 0.0f);
      G().batched(d.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, ones, da, ao, m, db, bo, k, zeros,
                  dc, co, m);
    } else {
      G().strided_batched(d.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, da, 0, m, m * k, db,
                          0, k, k * n, 0.0f, dc, 0, m, m * n, count);
    }
    const double e = max_error(a, b, gt::download<float>(d.queue, dc, m * n * count), m, n, k, ao, bo, co);
    std::cout << (arrays ? "offset-array" : "strided") << " batch: max error " << e << "\n";
    failures += e < 1e-4 ? 0 : 1;
  }
  return failures;
}

template <class Device>
int run_epilogue(Device& d) {
  std::mt19937_64 rng(gt::base_seed());
  const std::size_t m = 17, n = 13, k = 40;
  const std::vector<float> a = random_floats(m * k, rng), b = random_floats(k * n, rng), bias = random_floats(m, rng);
  int failures = 0;
  const auto once = [&](auto gemm, const char* what) {
    cl::Buffer da = gt::upload(a, d.context), db = gt::upload(b, d.context), dbias = gt::upload(bias, d.context);
    cl::Buffer dc(d.context, CL_MEM_READ_WRITE, m * n * sizeof(float));
    gemm(d.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, da, 0, m, db, 0, k, 0.0f, dc, 0, m,
         {&dbias, 0});
    const double e = max_error(a, b, gt::download<float>(d.queue, dc, m * n), m, n, k, {0}, {0}, {0}, bias);
    std::cout << what << ": max error " << e << "\n";
    failures += e < 1e-4 ? 0 : 1;
  };
  once(Gemm<Tile<16, 16, 8>, Vec<2>, Epilogue<Activation::ReLU, Bias::PerRow>>(), "bias + ReLU");
  once(Gemm<Tile<16, 16, 8>, Vec<2>, SplitK<3, Reduction::SecondPass>, Epilogue<Activation::ReLU, Bias::PerRow>>(),
       "bias + ReLU, K split");
  return failures;
}

template <class Device>
int run_packed(Device& d) {
  using G = Gemm<Tile<16, 16, 8>, Vec<4>, PackedA<layout::RBL<16, 8>>, PackedB<layout::CBL<16>>>;
  std::mt19937_64 rng(gt::base_seed());
  // m of 33: RBL rows of 48 rounded to 96, so the K steps lie apart and the last ends the buffer.
  const std::size_t m = 33, n = 13, k = 19;
  const std::vector<float> a = random_floats(m * k, rng), b = random_floats(k * n, rng);
  cl::Buffer da = gt::upload(a, d.context), db = gt::upload(b, d.context);
  cl::Buffer dc(d.context, CL_MEM_READ_WRITE, m * n * sizeof(float));
  const G g;
  const auto pa = g.pack_a(d.queue, Layout::ColMajor, Transpose::No, m, k, da, 0, m);
  const auto pb = g.pack_b(d.queue, Layout::ColMajor, Transpose::No, k, n, db, 0, k);
  g(d.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, pa, pb, 0.0f, dc, 0, m);
  const double e = max_error(a, b, gt::download<float>(d.queue, dc, m * n), m, n, k, {0}, {0}, {0});
  std::cout << "packed A (RBL) and B (CBL): max error " << e << "\n";
  return e < 1e-4 ? 0 : 1;
}

// The transposing copy through local memory (codegen/transpose.hpp) that GPUs run: two blocks at an
// offset with padded leading dimensions in one launch, each cut by its work-groups' edges both ways, the
// second smaller in one direction and larger in the other.
template <class Device>
int run_transpose(Device& d) {
  std::mt19937_64 rng(gt::base_seed());
  const runtime::QueueTarget target = runtime::queue_target(d.queue);
  struct Block {
    std::size_t rows, cols, ld, offset;
    std::vector<float> host;
    cl::Buffer buffer;
    core::Matrix in;
    runtime::detail::PackedCopy copy;
  };
  Block blocks[2] = {{37, 150, 40, 3, {}, {}, {}, {}}, {130, 20, 131, 0, {}, {}, {}, {}}};
  for (Block& b : blocks) {
    b.host = random_floats(b.offset + b.ld * (b.cols - 1) + b.rows, rng);
    b.buffer = gt::upload(b.host, d.context);
    b.in = core::Matrix{&b.buffer, b.offset, b.ld};
    bool trans = false;
    runtime::detail::prepare_copy(b.copy, d.queue, target, b.in, trans, b.rows, b.cols, true, sizeof(float), "copy");
  }
  runtime::detail::enqueue_transposes(blocks[0].copy, &blocks[1].copy, d.queue, target, element::info_of<float>,
                                      Events{});
  std::size_t wrong = 0;
  for (const Block& b : blocks) {
    const std::vector<float> t = gt::download<float>(d.queue, *b.in.buffer, b.in.ld * b.rows);
    for (std::size_t i = 0; i < b.rows; ++i)
      for (std::size_t j = 0; j < b.cols; ++j) wrong += t[i * b.in.ld + j] == b.host[b.offset + j * b.ld + i] ? 0 : 1;
  }
  std::cout << "transposing copies: " << wrong << " elements wrong\n";
  return wrong == 0 ? 0 : 1;
}

}  // namespace oclgrind_features
