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

struct Problem {
  std::size_t m = 0, n = 0, k = 0;
  bool trans_a = false, trans_b = false;
  Matrix a{}, b{}, c{};

  bool empty() const noexcept { return m == 0 || n == 0; }
};

// Whole-vector accesses need a matrix to start and stride on a multiple of the vector width.
inline bool vector_aligned(const Matrix& x, int vec) {
  return x.offset % std::size_t(vec) == 0 && x.ld % std::size_t(vec) == 0;
}

}  // namespace gemmcl::core
