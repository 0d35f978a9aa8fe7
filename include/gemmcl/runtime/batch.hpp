#pragma once
// Batched calls: the checks of a batch of products of one shape, in the caller's terms, before anything
// is enqueued. The first product is checked as a single call is (arguments.hpp); then every product's
// matrices must lie inside their buffers, no two products' C may share an element (they would race),
// and no product's C may overlap any product's A or B. Strides of 0 for A or B broadcast one matrix to
// every product; C's stride may be smaller than its extent where the products' elements interleave
// without touching (the columns of one wide matrix, say): the C check is exact, the one against A and B
// (as for a single call) compares the byte ranges the matrices span.

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "arguments.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime::batch {

// The offset-array form's five arrays have one entry per product.
inline void check_lengths(std::size_t alphas, std::size_t betas, std::size_t a, std::size_t b, std::size_t c) {
  if (betas == alphas && a == alphas && b == alphas && c == alphas) return;
  throw Error(ErrorCode::InvalidSize,
              "the batch's arrays differ in length (alphas " + std::to_string(alphas) + ", betas " +
                  std::to_string(betas) + ", a_offsets " + std::to_string(a) + ", b_offsets " + std::to_string(b) +
                  ", c_offsets " + std::to_string(c) + "): each needs one entry per product",
              Argument::batch_count);
}

// A matrix's offsets in the batch: offset + i * stride, or the i-th of a list.
struct Offsets {
  std::size_t first = 0, stride = 0;
  const std::size_t* list = nullptr;
  std::size_t at(std::size_t i) const { return list != nullptr ? list[i] : first + i * stride; }
};

inline std::size_t extent(const detail::Stored& s, std::size_t ld) {
  return s.lead == 0 || s.lines == 0 ? 0 : (s.lines - 1) * ld + s.lead;
}

inline void check_count(std::size_t count) {
  if (count > static_cast<std::size_t>(INT_MAX))
    throw Error(ErrorCode::InvalidSize,
                count > static_cast<std::size_t>(PTRDIFF_MAX)
                    ? "batch_count = " + std::to_string(static_cast<std::ptrdiff_t>(count)) + " is negative"
                    : "batch_count = " + std::to_string(count) + " is more than the kernels can index (" +
                          std::to_string(INT_MAX) + ")",
                Argument::batch_count);
}

// Every product's matrix inside its buffer. The largest offset decides (offsets and strides are
// unsigned, so offset + i * stride grows with i).
template <class Unused = void>
inline void check_extents(const detail::Stored& s, const core::Matrix& x, const Offsets& o, std::size_t count,
                          std::size_t element_size, Argument stride_argument) {
  const std::size_t ext = extent(s, x.ld);
  if (ext == 0 || count == 0) return;
  std::size_t last = 0, which = 0;
  bool overflow = false;
  if (o.list != nullptr) {
    for (std::size_t i = 0; i < count; ++i)
      if (o.list[i] >= last) last = o.list[i], which = i;
  } else {
    which = count - 1;
    overflow = o.stride != 0 && which > (SIZE_MAX - o.first) / o.stride;
    last = overflow ? 0 : o.first + which * o.stride;
  }
  overflow = overflow || last > SIZE_MAX / element_size - ext;
  std::size_t bytes = 0;
  core::check(clGetMemObjectInfo((*x.buffer)(), CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr),
              "clGetMemObjectInfo(CL_MEM_SIZE)");
  if (overflow || (last + ext) * element_size > bytes) {
    const char lower = static_cast<char>(s.name - 'A' + 'a');
    throw Error(ErrorCode::BufferTooSmall,
                std::string("product ") + std::to_string(which) + " of the batch reaches " + s.name + "'s element " +
                    (overflow ? std::string("past SIZE_MAX") : std::to_string(last + ext)) + " (" +
                    (o.list != nullptr ? std::string(1, lower) + "_offsets[" + std::to_string(which) + "]"
                                       : std::string(1, lower) + "_offset + " + std::to_string(which) + " * " + lower +
                                             "_stride") +
                    " + its extent " + std::to_string(ext) + "), but the buffer holds " + std::to_string(bytes) +
                    " bytes",
                o.list != nullptr ? s.buffer : stride_argument);
  }
}

// Whether two copies of a matrix (lead x lines, leading dimension ld, lead <= ld) d elements apart share
// an element: (c1 - c2) * ld + (r1 - r2) = d has a solution with rows below lead and columns below lines.
inline bool shares_element(std::size_t d, std::size_t lead, std::size_t lines, std::size_t ld) {
  if (d == 0) return true;
  const std::size_t dc = d / ld, rem = d % ld;
  return (dc < lines && rem < lead) || (dc + 1 < lines && ld - rem < lead);
}

[[noreturn]] inline void reject_c_overlap(std::size_t i, std::size_t j) {
  throw Error(ErrorCode::Aliasing,
              "the batch's products " + std::to_string(i) + " and " + std::to_string(j) +
                  " write the same elements of C; each product needs a C of its own",
              Argument::c_stride);
}

// No two products' C share an element.
template <class Unused = void>
inline void check_c_disjoint(const detail::Stored& s, const core::Matrix& c, const Offsets& o, std::size_t count) {
  const std::size_t ext = extent(s, c.ld);
  if (ext == 0 || count < 2) return;
  if (o.list == nullptr) {
    for (std::size_t t = 1; t < count && t * o.stride < ext; ++t)  // products t apart
      if (shares_element(t * o.stride, s.lead, s.lines, c.ld)) reject_c_overlap(0, t);
    return;
  }
  // Offsets in ascending order (as callers mostly give them) need no sort, nor a copy.
  bool ascending = true;
  for (std::size_t i = 1; i < count && ascending; ++i) ascending = o.list[i - 1] <= o.list[i];
  if (ascending) {
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t j = i + 1; j < count && o.list[j] - o.list[i] < ext; ++j)
        if (shares_element(o.list[j] - o.list[i], s.lead, s.lines, c.ld)) reject_c_overlap(i, j);
    return;
  }
  // (Index depends on Unused, so that programs without array batches compile no sort.)
  using Index = std::conditional_t<std::is_void_v<Unused>, std::size_t, Unused>;
  std::vector<std::pair<std::size_t, Index>> sorted(count);
  for (std::size_t i = 0; i < count; ++i) sorted[i] = {o.list[i], i};
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t j = i + 1; j < count && sorted[j].first - sorted[i].first < ext; ++j)
      if (shares_element(sorted[j].first - sorted[i].first, s.lead, s.lines, c.ld))
        reject_c_overlap(std::min(sorted[i].second, sorted[j].second), std::max(sorted[i].second, sorted[j].second));
}

// The byte ranges the products' copies of a matrix span in its root buffer, sorted and merged.
template <class Unused = void>
inline std::vector<std::conditional_t<std::is_void_v<Unused>, detail::Span, Unused>> spans(
    const detail::Stored& s, const core::Matrix& x, const Offsets& o, std::size_t count, std::size_t element_size) {
  using Span = std::conditional_t<std::is_void_v<Unused>, detail::Span, Unused>;  // no sort compiled unless used
  std::vector<Span> out;
  const detail::Span first = detail::span_of(s, x, element_size);
  if (first.root == nullptr) return out;
  bool ascending = true;  // then the spans come sorted
  for (std::size_t i = 1; o.list != nullptr && i < count; ++i) ascending = ascending && o.list[i - 1] <= o.list[i];
  const std::size_t base = x.offset;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t shift = (o.at(i) - base) * element_size;  // x.offset is the smallest offset
    out.push_back({first.root, first.begin + shift, first.end + shift});
    if (o.list == nullptr && o.stride == 0) break;
  }
  if (!ascending)
    std::sort(out.begin(), out.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  std::vector<Span> merged;
  for (const Span& r : out)
    if (!merged.empty() && r.begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, r.end);
    else
      merged.push_back(r);
  return merged;
}

// No product's C overlaps any product's A or B (same buffer, intersecting byte ranges).
template <class Unused = void>
inline void check_c_apart(const std::vector<detail::Span>& c, const std::vector<detail::Span>& x, char name) {
  if (c.empty() || x.empty() || c.front().root != x.front().root) return;
  std::size_t j = 0;
  for (const detail::Span& r : c) {
    while (j < x.size() && x[j].end <= r.begin) ++j;
    if (j < x.size() && x[j].begin < r.end)
      throw Error(ErrorCode::Aliasing,
                  std::string("a product's C overlaps a product's ") + name +
                      " in the same memory; the batch would read what it has overwritten",
                  Argument::c);
  }
}

// Everything about a batch beyond its first product, which make_problem has checked.
template <class Unused = void>
inline void check(Layout layout, Transpose ta, Transpose tb, std::size_t m, std::size_t n, std::size_t k,
                  const core::Matrix& a, const Offsets& ao, const core::Matrix& b, const Offsets& bo,
                  const core::Matrix& c, const Offsets& co, std::size_t count, std::size_t element_size,
                  std::size_t c_element_size) {
  if (m == 0 || n == 0 || count == 0) return;
  const detail::Stored sa = detail::stored('A', layout, ta, m, k, 'm', 'k');
  const detail::Stored sb = detail::stored('B', layout, tb, k, n, 'k', 'n');
  const detail::Stored sc = detail::stored('C', layout, Transpose::No, m, n, 'm', 'n');
  check_extents(sa, a, ao, count, element_size, Argument::a_stride);
  check_extents(sb, b, bo, count, element_size, Argument::b_stride);
  check_extents(sc, c, co, count, c_element_size, Argument::c_stride);
  check_c_disjoint(sc, c, co, count);
  // C against A and B only where they share a buffer (every product's matrices are in the first's).
  const cl_mem c_root = detail::span_of(sc, c, c_element_size).root;
  const bool with_a = c_root != nullptr && detail::span_of(sa, a, element_size).root == c_root;
  const bool with_b = c_root != nullptr && detail::span_of(sb, b, element_size).root == c_root;
  if (!with_a && !with_b) return;
  const std::vector<detail::Span> cs = spans(sc, c, co, count, c_element_size);
  if (with_a) check_c_apart(cs, spans(sa, a, ao, count, element_size), 'A');
  if (with_b) check_c_apart(cs, spans(sb, b, bo, count, element_size), 'B');
}

// The products' offsets of one matrix OR-ed together (core::Batch's alignment): divisible by a vector
// width, a power of two, exactly when every offset is. Cheaper than their common divisor by far.
inline std::size_t alignment_bits(const Offsets& o, std::size_t count) {
  if (o.list == nullptr) return o.first | (count > 1 ? o.stride : 0);
  std::size_t bits = 0;
  for (std::size_t i = 0; i < count; ++i) bits |= o.list[i];
  return bits;
}

// Offsets that step by one stride, and one alpha and beta for all: the strided form's batch, whose
// call needs no arrays on the device. The stride, if so.
template <class T>
bool strided_in_disguise(const std::size_t* a, const std::size_t* b, const std::size_t* c, const T* alphas,
                         const T* betas, std::size_t count, Offsets& ao, Offsets& bo, Offsets& co) {
  if (count < 2) return false;
  const auto step = [&](const std::size_t* x, Offsets& o) {
    if (x[1] < x[0]) return false;
    const std::size_t d = x[1] - x[0];
    for (std::size_t i = 1; i < count; ++i)
      if (x[i] != x[0] + i * d) return false;
    o = Offsets{x[0], d, nullptr};
    return true;
  };
  for (std::size_t i = 1; i < count; ++i)
    if (!(alphas[i] == alphas[0]) || !(betas[i] == betas[0])) return false;
  Offsets a2, b2, c2;
  if (!step(a, a2) || !step(b, b2) || !step(c, c2)) return false;
  ao = a2, bo = b2, co = c2;
  return true;
}

}  // namespace gemmcl::runtime::batch
GEMMCL_COLD_END
