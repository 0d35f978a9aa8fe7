#pragma once
// BLAS argument rules: every check on the caller's matrices, done before anything is enqueued, and the
// mapping of any layout onto the column-major problem the kernels solve. As reference BLAS, every
// leading dimension is at least max(1, the stored rows) (row-major: columns), even for an empty
// matrix or an empty call; beyond BLAS, C may not overlap A or B. Each error names its argument.

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
  Argument buffer, ld;  // the matrix's arguments, for the error
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
      throw Error(code,
                  ld_name + " = " + std::to_string(x.ld) + " is smaller than " +
                      (s.lead > 1 ? std::to_string(s.lead) + ", the number of " +
                                        (s.layout == Layout::ColMajor ? "rows" : "columns") + " of " + s.name +
                                        " as stored (" + how + ")"
                                  : std::string("1 (BLAS requires at least 1, even for an empty matrix)")),
                  s.ld);
    case ErrorCode::InvalidSize:
      throw Error(code, ld_name + " = " + std::to_string(x.ld) + " is larger than the kernels can index (" +
                            std::to_string(INT_MAX) + ")",
                  s.ld);
    case ErrorCode::NullBuffer:
      throw Error(code, std::string("the buffer of ") + s.name + " is null, but " + s.name + " has " +
                            std::to_string(s.lead) + " x " + std::to_string(s.lines) + " elements",
                  s.buffer);
    default:
      throw Error(code, std::string(1, s.name) + " reaches element " + lower + "_offset + (" +
                            std::to_string(s.lines) + " - 1) * " + ld_name + " + " + std::to_string(s.lead) +
                            (overflow ? std::string(", which overflows")
                                      : " = " + std::to_string(end) + " (" +
                                            std::to_string(end * element_size) + " bytes)") +
                            ", but its buffer holds " + std::to_string(bytes) + " bytes (" + how + ")",
                  s.buffer);
  }
}

// One matrix as the caller stored it. op(X) is rows x cols; `r`, `c` name those sizes.
inline Stored stored(char name, Layout layout, Transpose trans, std::size_t rows, std::size_t cols, char r,
                     char c) {
  const bool t = trans == Transpose::Yes;
  const Argument buffer = name == 'A' ? Argument::a : name == 'B' ? Argument::b : Argument::c;
  const Argument ld = name == 'A' ? Argument::a_ld : name == 'B' ? Argument::b_ld : Argument::c_ld;
  // The leading dimension strides over columns (column-major) or rows (row-major).
  return Stored{name, r, c, buffer, ld, layout, t,
                layout == Layout::ColMajor ? (t ? cols : rows) : (t ? rows : cols),
                layout == Layout::ColMajor ? (t ? rows : cols) : (t ? cols : rows)};
}

// The leading dimension, as BLAS checks it: at least max(1, lead), whatever the sizes.
inline void check_ld(const Stored& s, const Matrix& x) {
  if (x.ld < s.lead || x.ld == 0) reject(ErrorCode::InvalidLeadingDimension, s, x);
  if (x.ld > static_cast<std::size_t>(INT_MAX)) reject(ErrorCode::InvalidSize, s, x);
}

// Checks one matrix's buffer and extent (its leading dimension is checked already).
inline void check_matrix(const Stored& s, const Matrix& x, std::size_t element_size) {
  const char name = s.name;
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

// Where a matrix lies: the buffer at the root of any sub-buffers, and its bytes there.
struct Span {
  cl_mem root = nullptr;
  std::size_t begin = 0, end = 0;  // bytes
};
inline Span span_of(const Stored& s, const Matrix& x, std::size_t element_size) {
  if (s.lead == 0 || s.lines == 0) return {};
  Span span{(*x.buffer)(), x.offset * element_size, (x.offset + (s.lines - 1) * x.ld + s.lead) * element_size};
  cl_mem parent = nullptr;
  std::size_t origin = 0;
  if (clGetMemObjectInfo(span.root, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr) == CL_SUCCESS &&
      parent != nullptr &&
      clGetMemObjectInfo(span.root, CL_MEM_OFFSET, sizeof origin, &origin, nullptr) == CL_SUCCESS) {
    span = {parent, span.begin + origin, span.end + origin};  // sub-buffers are one level deep
  }
  return span;
}

// C is written while A and B are read: they may not share memory with it.
inline void check_aliasing(const Span& c, const Span& x, char name) {
  if (c.root == nullptr || x.root != c.root || c.end <= x.begin || x.end <= c.begin) return;
  throw Error(ErrorCode::Aliasing,
              std::string("C overlaps ") + name + " in the same memory (bytes " + std::to_string(c.begin) + " to " +
                  std::to_string(c.end) + " of the buffer against " + std::to_string(x.begin) + " to " +
                  std::to_string(x.end) + "); the product would read what it has overwritten",
              Argument::c);
}

}  // namespace detail

// Validates every argument in the caller's terms, then maps the call onto a column-major problem.
// Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T: swap A and B, and m and n.
inline Problem make_problem(Layout layout, Transpose ta, Transpose tb, std::size_t m, std::size_t n,
                            std::size_t k, const Matrix& a, const Matrix& b, const Matrix& c,
                            std::size_t element_size, std::size_t c_element_size = 0) {
  if (c_element_size == 0) c_element_size = element_size;
  // Sizes become int in the kernels, with room for a tile past the end.
  constexpr std::size_t limit = static_cast<std::size_t>(INT_MAX) - 4096;
  if (m > limit || n > limit || k > limit) {
    throw Error(ErrorCode::InvalidSize,
                "m = " + std::to_string(m) + ", n = " + std::to_string(n) + ", k = " + std::to_string(k) +
                    ": each must be at most " + std::to_string(limit),
                m > limit ? Argument::m : n > limit ? Argument::n : Argument::k);
  }
  const detail::Stored sa = detail::stored('A', layout, ta, m, k, 'm', 'k');
  const detail::Stored sb = detail::stored('B', layout, tb, k, n, 'k', 'n');
  const detail::Stored sc = detail::stored('C', layout, Transpose::No, m, n, 'm', 'n');
  detail::check_ld(sa, a);
  detail::check_ld(sb, b);
  detail::check_ld(sc, c);
  Problem p;
  if (m == 0 || n == 0) return p;  // nothing to do, and no matrix is touched
  detail::check_matrix(sa, a, element_size);
  detail::check_matrix(sb, b, element_size);
  detail::check_matrix(sc, c, c_element_size);
  const detail::Span c_span = detail::span_of(sc, c, c_element_size);
  detail::check_aliasing(c_span, detail::span_of(sa, a, element_size), 'A');
  detail::check_aliasing(c_span, detail::span_of(sb, b, element_size), 'B');

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
