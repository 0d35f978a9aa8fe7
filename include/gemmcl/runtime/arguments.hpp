#pragma once
// BLAS argument rules: every check on the caller's matrices, done before anything is enqueued, and the
// mapping of any layout onto the column-major problem the kernels solve.

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>

#include "../core/error.hpp"
#include "../core/opencl.hpp"
#include "../core/problem.hpp"
#include "../core/types.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl {
namespace runtime {

using core::Matrix;
using core::Problem;

namespace detail {

// One matrix as the caller stored it, for the checks and their messages. op(X) is rows x cols; `r`
// and `c` name those sizes; lead x lines is the stored matrix along and across its leading dimension.
struct Stored {
  char name, r, c;
  Layout layout;
  bool trans;
  std::size_t lead, lines;
};

// "row-major, transposed: stored k x m"
inline std::string describe_storage(const Stored& s) {
  std::string d = s.layout == Layout::ColMajor ? "column-major" : "row-major";
  d += s.trans ? std::string(", transposed: stored ") + s.c + " x " + s.r
               : std::string(", not transposed: stored ") + s.r + " x " + s.c;
  return d;
}

// The errors of check_matrix, with messages in the caller's terms (built only when thrown).
[[noreturn]] inline void reject(ErrorCode code, const Stored& s, const Matrix& x, std::size_t end = 0,
                                std::size_t element_size = 0, std::size_t bytes = 0, bool overflow = false) {
  const char lower = static_cast<char>(s.name - 'A' + 'a');
  const std::string ld_name = std::string(1, lower) + "_ld";
  const std::string how = describe_storage(s);
  switch (code) {
    case ErrorCode::InvalidLeadingDimension:
      throw Error(code, ld_name + " = " + std::to_string(x.ld) + " is smaller than " + std::to_string(s.lead) +
                            ", the number of " + (s.layout == Layout::ColMajor ? "rows" : "columns") + " of " +
                            s.name + " as stored (" + how + ")");
    case ErrorCode::InvalidSize:
      throw Error(code, ld_name + " = " + std::to_string(x.ld) + " is larger than the kernels can index (" +
                            std::to_string(INT_MAX) + ")");
    case ErrorCode::NullBuffer:
      throw Error(code, std::string("the buffer of ") + s.name + " is null, but " + s.name + " has " +
                            std::to_string(s.lead) + " x " + std::to_string(s.lines) + " elements");
    default:
      throw Error(code, std::string(1, s.name) + " reaches element " + lower + "_offset + (" +
                            std::to_string(s.lines) + " - 1) * " + ld_name + " + " + std::to_string(s.lead) +
                            (overflow ? std::string(", which overflows")
                                      : " = " + std::to_string(end) + " (" +
                                            std::to_string(end * element_size) + " bytes)") +
                            ", but its buffer holds " + std::to_string(bytes) + " bytes (" + how + ")");
  }
}

// Checks one matrix as the caller stored it. op(X) is rows x cols; `r`, `c` name those sizes.
inline void check_matrix(char name, Layout layout, Transpose trans, std::size_t rows, std::size_t cols,
                         char r, char c, const Matrix& x, std::size_t element_size) {
  const bool t = trans == Transpose::Yes;
  // The leading dimension strides over columns (column-major) or rows (row-major).
  const Stored s{name, r, c, layout, t, layout == Layout::ColMajor ? (t ? cols : rows) : (t ? rows : cols),
                 layout == Layout::ColMajor ? (t ? rows : cols) : (t ? cols : rows)};
  if (x.ld < s.lead) reject(ErrorCode::InvalidLeadingDimension, s, x);
  if (x.ld > static_cast<std::size_t>(INT_MAX)) reject(ErrorCode::InvalidSize, s, x);
  if (s.lead == 0 || s.lines == 0) return;  // no elements: the buffer is never touched
  if (x.buffer == nullptr || (*x.buffer)() == nullptr) reject(ErrorCode::NullBuffer, s, x);

  // One past the last element used: offset + (lines - 1) * ld + lead, without overflowing.
  const std::size_t max = SIZE_MAX / element_size;
  const std::size_t o = x.offset;
  bool overflow = o > max || s.lead > max - o;
  std::size_t end = overflow ? 0 : o + s.lead;
  if (!overflow && s.lines > 1) {
    overflow = x.ld != 0 && (s.lines - 1) > (max - end) / x.ld;
    if (!overflow) end += (s.lines - 1) * x.ld;
  }
  std::size_t bytes = 0;
  core::check(clGetMemObjectInfo((*x.buffer)(), CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr),
              name == 'A'   ? "clGetMemObjectInfo(CL_MEM_SIZE) of A"
              : name == 'B' ? "clGetMemObjectInfo(CL_MEM_SIZE) of B"
                            : "clGetMemObjectInfo(CL_MEM_SIZE) of C");
  if (overflow || end * element_size > bytes)
    reject(ErrorCode::BufferTooSmall, s, x, end, element_size, bytes, overflow);
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
GEMMCL_COLD_END
