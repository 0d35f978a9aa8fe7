// 12: pack B once, multiply by it many times.
//
// PackedB<layout::CBL<N>> gives a Gemm the block layout of the generator paper's CBL: B in panels of
// the tile's N columns over the whole of K, so that each work-group reads its part of B as one
// contiguous run, zero-padded to whole tiles (its loads need no edge checks). pack_b copies B (any
// layout, transpose, offset and leading dimension) into it once; the calls then take the packed B in
// place of (b, b_offset, b_ld). The packed operand remembers its shape and layout, so passing it to a
// call it does not fit is a gemmcl::Error.

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

  using Dense = gemmcl::Gemm<gemmcl::Tile<32, 64, 16>, gemmcl::Vec<4>, gemmcl::PackedB<gemmcl::layout::CBL<64>>>;
  constexpr std::size_t m = 100, n = 90, k = 70, products = 5;
  // B (k x n) stored row-major, so op(B) = B with b_ld = n.
  const std::vector<float> b = example::random_matrix<float>(k * n, 1201);
  cl::Buffer b_buf = example::device_copy(dev.context, b);
  const Dense gemm;
  const Dense::packed_type packed_b = gemm.pack_b(dev.queue, Layout::RowMajor, Transpose::No, k, n, b_buf, 0, n);

  using example::Storage;
  bool ok = true;
  for (std::size_t i = 0; i < products; ++i) {
    const std::vector<float> a = example::random_matrix<float>(m * k, 1210 + std::uint32_t(i));
    cl::Buffer a_buf = example::device_copy(dev.context, a);
    cl::Buffer c_buf(dev.context, CL_MEM_READ_WRITE, m * n * sizeof(float));  // beta = 0: never read
    // C := A * B, column-major C and A, the packed B in place of B's buffer.
    gemm(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, a_buf, 0, m, packed_b, 0.0f,
         c_buf, 0, m);
    const std::vector<float> c = example::read_back<float>(dev.queue, c_buf, m * n);
    // The reference reads B as stored (row-major) and A column-major.
    std::vector<double> want(m * n, 0.0);
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t l = 0; l < k; ++l)
        for (std::size_t r = 0; r < m; ++r) want[r + j * m] += double(a[r + l * m]) * double(b[l * n + j]);
    const double error = example::relative_error(c, want, Storage{Layout::ColMajor, 0, m}, m, n);
    const bool good = error <= example::tolerance<float>(k);
    ok = ok && good;
    std::printf("product %zu with the packed B: relative error %.2e %s\n", i, error, good ? "ok" : "TOO LARGE");
  }
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
