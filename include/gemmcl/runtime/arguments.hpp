#pragma once
// BLAS argument rules: every check on the caller's matrices, done before anything is enqueued, and the
// mapping of any layout onto the column-major problem the kernels solve.

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>

#include "error.hpp"
#include "opencl.hpp"

namespace gemmcl {

enum class Layout { RowMajor, ColMajor };
enum class Transpose { No, Yes };

namespace runtime {

struct Matrix {
  const cl::Buffer* buffer;
  std::size_t offset;
  std::size_t ld;
};

// The problem as the kernel sees it: column-major, op() given by the two flags.
struct Problem {
  std::size_t m = 0, n = 0, k = 0;
  bool trans_a = false, trans_b = false;
  Matrix a{}, b{}, c{};

  bool empty() const noexcept { return m == 0 || n == 0; }
};

namespace detail {

// "row-major, transposed: stored k x m"
inline std::string describe_storage(Layout layout, bool trans, char r, char c) {
  std::string s = layout == Layout::ColMajor ? "column-major" : "row-major";
  s += trans ? std::string(", transposed: stored ") + c + " x " + r
             : std::string(", not transposed: stored ") + r + " x " + c;
  return s;
}

// Checks one matrix as the caller stored it. op(X) is rows x cols; `r`, `c` name those sizes.
inline void check_matrix(char name, Layout layout, Transpose trans, std::size_t rows, std::size_t cols,
                         char r, char c, const Matrix& x, std::size_t element_size) {
  const bool t = trans == Transpose::Yes;
  const std::size_t stored_rows = t ? cols : rows;
  const std::size_t stored_cols = t ? rows : cols;
  // The leading dimension strides over columns (column-major) or rows (row-major).
  const std::size_t lead = layout == Layout::ColMajor ? stored_rows : stored_cols;
  const std::size_t lines = layout == Layout::ColMajor ? stored_cols : stored_rows;
  const char lower = static_cast<char>(name - 'A' + 'a');
  const std::string ld_name = std::string(1, lower) + "_ld";
  const std::string how = describe_storage(layout, t, r, c);

  if (x.ld < lead) {
    throw Error(ErrorCode::InvalidLeadingDimension,
                ld_name + " = " + std::to_string(x.ld) + " is smaller than " + std::to_string(lead) +
                    ", the number of " + (layout == Layout::ColMajor ? "rows" : "columns") + " of " +
                    name + " as stored (" + how + ")");
  }
  if (x.ld > static_cast<std::size_t>(INT_MAX)) {
    throw Error(ErrorCode::InvalidSize, ld_name + " = " + std::to_string(x.ld) +
                                            " is larger than the kernels can index (" +
                                            std::to_string(INT_MAX) + ")");
  }
  if (lead == 0 || lines == 0) return;  // no elements: the buffer is never touched

  if (x.buffer == nullptr || (*x.buffer)() == nullptr) {
    throw Error(ErrorCode::NullBuffer, std::string("the buffer of ") + name + " is null, but " + name +
                                           " has " + std::to_string(lead) + " x " +
                                           std::to_string(lines) + " elements");
  }
  // One past the last element used: offset + (lines - 1) * ld + lead, without overflowing.
  const std::size_t max = SIZE_MAX / element_size;
  const std::size_t o = x.offset;
  bool overflow = o > max || lead > max - o;
  std::size_t end = overflow ? 0 : o + lead;
  if (!overflow && lines > 1) {
    overflow = x.ld != 0 && (lines - 1) > (max - end) / x.ld;
    if (!overflow) end += (lines - 1) * x.ld;
  }
  std::size_t bytes = 0;
  check(clGetMemObjectInfo((*x.buffer)(), CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr),
        std::string("clGetMemObjectInfo(CL_MEM_SIZE) of ") + name);
  if (overflow || end * element_size > bytes) {
    throw Error(ErrorCode::BufferTooSmall,
                std::string(1, name) + " reaches element " + lower + "_offset + (" +
                    std::to_string(lines) + " - 1) * " + ld_name + " + " + std::to_string(lead) +
                    (overflow ? std::string(", which overflows")
                              : " = " + std::to_string(end) + " (" + std::to_string(end * element_size) +
                                    " bytes)") +
                    ", but its buffer holds " + std::to_string(bytes) + " bytes (" + how + ")");
  }
}

}  // namespace detail

// Validates every argument in the caller's terms, then maps the call onto a column-major problem.
// Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T: swap A and B, and m and n.
inline Problem make_problem(Layout layout, Transpose ta, Transpose tb, std::size_t m, std::size_t n,
                            std::size_t k, const Matrix& a, const Matrix& b, const Matrix& c,
                            std::size_t element_size) {
  // Sizes become int in the kernels, with room for a tile past the end.
  constexpr std::size_t limit = static_cast<std::size_t>(INT_MAX) - 4096;
  if (m > limit || n > limit || k > limit) {
    throw Error(ErrorCode::InvalidSize, "m = " + std::to_string(m) + ", n = " + std::to_string(n) +
                                            ", k = " + std::to_string(k) +
                                            ": each must be at most " + std::to_string(limit));
  }
  Problem p;
  if (m == 0 || n == 0) return p;  // nothing to do, nothing to check
  detail::check_matrix('A', layout, ta, m, k, 'm', 'k', a, element_size);
  detail::check_matrix('B', layout, tb, k, n, 'k', 'n', b, element_size);
  detail::check_matrix('C', layout, Transpose::No, m, n, 'm', 'n', c, element_size);

  const bool trans_a = ta == Transpose::Yes, trans_b = tb == Transpose::Yes;
  if (layout == Layout::ColMajor) {
    p = Problem{m, n, k, trans_a, trans_b, a, b, c};
  } else {
    p = Problem{n, m, k, trans_b, trans_a, b, a, c};
  }
  return p;
}

}  // namespace runtime
}  // namespace gemmcl
