#pragma once
// A validated call as the kernels see it: column-major, op() given by two flags (runtime/arguments.hpp
// builds it from the caller's arguments).

#include <cstddef>

#include "opencl.hpp"

namespace gemmcl::core {

struct Matrix {
  const cl::Buffer* buffer;
  std::size_t offset;
  std::size_t ld;
};

// A fused epilogue in the kernels' terms (runtime/epilogue.hpp makes it from the caller's): C :=
// act(alpha * op(A) * op(B) + beta * C + bias), the bias one value per row of the column-major C
// (rows) or per column. activation and bias are the values of GEMMCL_ACTIVATION and GEMMCL_BIAS
// (codegen/activation.hpp); lo and hi bound Clamp.
struct Epilogue {
  int activation = 0;  // 0: none, 1: ReLU, 2: GELU (tanh form), 3: clamp(lo, hi)
  int bias = 0;        // 0: none, 1: per row of C, 2: per column
  const cl::Buffer* bias_buffer = nullptr;
  std::size_t bias_offset = 0;
  double lo = 0, hi = 0;

  bool active() const noexcept { return activation != 0 || bias != 0; }
};

// A batch of products of one shape (runtime/batch.hpp checks it). Strided: product i reads A, B and C
// at their offsets plus i times their strides. With offsets (a buffer the runtime fills), product i
// reads A, B and C at offsets[3i], [3i + 1], [3i + 2] and its alpha and beta at scalars[2i], [2i + 1].
struct Batch {
  std::size_t count = 1;
  std::size_t a_stride = 0, b_stride = 0, c_stride = 0;
  const cl::Buffer* offsets = nullptr;
  const cl::Buffer* scalars = nullptr;
  // Every product's offset of A, B and C OR-ed together: a multiple of a vector width (a power of two)
  // exactly when every offset is.
  std::size_t a_align = 0, b_align = 0, c_align = 0;

  bool batched() const noexcept { return count != 1 || offsets != nullptr; }
  bool arrays() const noexcept { return offsets != nullptr; }
};

struct Problem {
  std::size_t m = 0, n = 0, k = 0;
  bool trans_a = false, trans_b = false;
  Matrix a{}, b{}, c{};
  Epilogue epilogue{};
  Batch batch{};
  // Packed operands (runtime/packed.hpp): 0 none, 1 CBL, 2 RBL. A packed A is then read untransposed
  // with a.ld the tile's M, a packed B transposed with b.ld the tile's N.
  int packed_a = 0, packed_b = 0;

  bool empty() const noexcept { return m == 0 || n == 0; }
};

// Whole-vector accesses need a matrix to start and stride on a multiple of the vector width (in a
// batch, every product's matrix: `align` is the batch's common divisor of their offsets).
inline bool vector_aligned(const Matrix& x, int vec, std::size_t align = 0) {
  return x.offset % std::size_t(vec) == 0 && x.ld % std::size_t(vec) == 0 && align % std::size_t(vec) == 0;
}

}  // namespace gemmcl::core
