#pragma once
// Packed operands: gemmcl::Packed<T>, an operand copied once into a Gemm's block layout (PackedA<L>,
// PackedB<L>; codegen/packed.hpp) and then passed to that Gemm's calls in place of A's or B's buffer,
// as often as wanted. It knows what it holds (which operand, its shape, element type, block layout, the
// layout and transpose it was packed from), so a call it does not fit is an error, not a wrong result.

#include <algorithm>
#include <climits>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../codegen/source.hpp"
#include "../core/error.hpp"
#include "../core/opencl.hpp"
#include "../core/problem.hpp"
#include "../core/types.hpp"
#include "arguments.hpp"
#include "enqueue.hpp"
#include "launch.hpp"
#include "self_check.hpp"
#include "../policy/packed.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl {

namespace runtime::packing {
struct Maker;
}

// A packed A (op(A), m x k) or B (op(B), k x n) of element type T.
template <class T>
class Packed {
 public:
  char operand() const noexcept { return operand_; }  // 'A' or 'B'
  std::size_t rows() const noexcept { return rows_; }   // of op(A) or op(B) as the product uses it
  std::size_t cols() const noexcept { return cols_; }
  Layout layout() const noexcept { return layout_; }    // as the source was stored
  Transpose transpose() const noexcept { return transpose_; }
  // The block layout: kind 1 CBL, 2 RBL, 3 CBL of each work-item's columns of B; blocks of block_x rows
  // of op(A) (columns of op(B)) by block_k of K (for CBL, the tile's K its K is padded to).
  int block_kind() const noexcept { return kind_; }
  int block_x() const noexcept { return x_; }
  int block_k() const noexcept { return k_; }
  const cl::Buffer& buffer() const noexcept { return buffer_; }
  // The packing's command; calls that take this operand wait for it.
  const cl::Event& ready() const noexcept { return ready_; }

 private:
  friend struct runtime::packing::Maker;
  char operand_ = 'A';
  std::size_t rows_ = 0, cols_ = 0;
  Layout layout_ = Layout::ColMajor;
  Transpose transpose_ = Transpose::No;
  int kind_ = 0, x_ = 0, k_ = 0;
  cl::Buffer buffer_;
  cl::Event ready_;
};

namespace runtime::packing {

// The block layout a Gemm reads an operand in.
struct Blocks {
  int kind, x, k;  // k: the tile's K
  int x_pad;       // X is padded to a multiple of this: the tile's M or N, a multiple of x
};

struct Maker {
  // Packs the stored matrix x (op(X) is rows x cols) of operand 'A' or 'B'; checks as a call does.
  template <class T>
  static Packed<T> pack(cl::CommandQueue& queue, char which, Layout layout, Transpose t, std::size_t rows,
                        std::size_t cols, const core::Matrix& x, const element::Info& element, Blocks blocks,
                        const Events& wait) {
    const QueueTarget target = queue_target(queue);
    constexpr std::size_t limit = static_cast<std::size_t>(INT_MAX) - 4096;
    const bool a = which == 'A';
    if (rows > limit || cols > limit)
      throw Error(ErrorCode::InvalidSize,
                  std::string(a ? "m = " : "k = ") + std::to_string(rows) + ", " + (a ? "k = " : "n = ") +
                      std::to_string(cols) + ": each must be at most " + std::to_string(limit),
                  a ? (rows > limit ? Argument::m : Argument::k) : (rows > limit ? Argument::k : Argument::n));
    const detail::Stored s = a ? detail::stored('A', layout, t, rows, cols, 'm', 'k')
                               : detail::stored('B', layout, t, rows, cols, 'k', 'n');
    detail::check_ld(s, x);
    detail::check_matrix(s, x, sizeof(T));

    Packed<T> p;
    p.operand_ = which;
    p.rows_ = rows;
    p.cols_ = cols;
    p.layout_ = layout;
    p.transpose_ = t;
    p.kind_ = blocks.kind;
    p.x_ = blocks.x;
    p.k_ = blocks.k;
    // op(X) as (x, kk): A's rows and K, B's columns and K; element (x, kk) at offset + x * sx + kk * sk.
    const std::size_t xs = a ? rows : cols, ks = a ? cols : rows;
    const bool x_along_lead = (layout == Layout::ColMajor) == (a != (t == Transpose::Yes));
    const cl_long sx = x_along_lead ? 1 : cl_long(x.ld), sk = x_along_lead ? cl_long(x.ld) : 1;
    const std::size_t xp = (xs + blocks.x_pad - 1) / blocks.x_pad * blocks.x_pad;
    const std::size_t kp = (ks + blocks.k - 1) / blocks.k * blocks.k;
    cl::Context context(target.context, true);
    // RBL: K steps rbl_row(xp) elements per K apart; the buffer ends at the last step's last block.
    const std::size_t cells = blocks.kind == 2 && kp > 0
                                  ? (kp - std::size_t(blocks.k)) * codegen::rbl_row(xp) + std::size_t(blocks.k) * xp
                                  : xp * kp;
    p.buffer_ = cl::Buffer(context, CL_MEM_READ_WRITE, std::max<std::size_t>(cells, 1) * sizeof(T));
    if (xp == 0 || kp == 0) {
      p.ready_ = marker(queue, wait);
      return p;
    }
    const cl_int xs_ = cl_int(xs), ks_ = cl_int(ks), tx = blocks.x, tk = blocks.k;
    const cl_long rbl_row = blocks.kind == 2 ? cl_long(codegen::rbl_row(xp)) : 0;
    const cl_int x_pad = blocks.x_pad;
    const cl_ulong offset = x.offset;
    const cl_mem src = (*x.buffer)(), dst = p.buffer_();
    auto program = detail::program(target, codegen::pack_blocks_source(element), "");
    auto lease = program->lease();
    p.ready_ = enqueue(queue, lease.get(), 2, detail::lines(xp, kp).data(), detail::line,
                       {arg(xs_), arg(ks_), arg(src), arg(offset), arg(sx), arg(sk), arg(dst), arg(tx), arg(tk),
                        arg(x_pad), arg(rbl_row)},
                       wait.handles());
    return p;
  }
};

inline std::string describe(int kind, int x, int k) {
  return kind != 2 ? "CBL<" + std::to_string(x) + ">" : "RBL<" + std::to_string(x) + ", " + std::to_string(k) + ">";
}

// Whether a packed operand fits a call: the operand, the Gemm's block layout, the shape, the call's
// layout (column-major) and its transpose, the queue's context. Its Problem matrix on success.
template <class T>
core::Matrix check(const Packed<T>& x, char which, Blocks blocks, std::size_t rows, std::size_t cols, Layout layout,
                   Transpose t, cl_context context) {
  const Argument arg = which == 'A' ? Argument::a : Argument::b;
  const std::string name(1, which);
  if (x.operand() != which)
    throw Error(ErrorCode::PackedMismatch,
                "a packed " + std::string(1, x.operand()) + " was passed as " + name + "; pack it with pack_" +
                    static_cast<char>(which - 'A' + 'a'),
                arg);
  if (x.block_kind() != blocks.kind || x.block_x() != blocks.x || x.block_k() != blocks.k)
    throw Error(ErrorCode::PackedMismatch,
                "packed " + name + " is laid out as " + describe(x.block_kind(), x.block_x(), x.block_k()) +
                    " (tile K " + std::to_string(x.block_k()) + "), but this Gemm reads " +
                    describe(blocks.kind, blocks.x, blocks.k) + " (tile K " + std::to_string(blocks.k) +
                    "): pack it with this Gemm type",
                arg);
  if (x.rows() != rows || x.cols() != cols)
    throw Error(ErrorCode::PackedMismatch,
                "packed " + name + " is " + std::to_string(x.rows()) + " x " + std::to_string(x.cols()) +
                    ", but the call needs op(" + name + ") " + std::to_string(rows) + " x " + std::to_string(cols),
                arg);
  if (layout != Layout::ColMajor)
    throw Error(ErrorCode::LayoutMismatch,
                "calls with packed operands are column-major (a row-major C = A B is the column-major C^T = "
                "B^T A^T: pack those instead)",
                Argument::layout);
  if (t != x.transpose())
    throw Error(ErrorCode::LayoutMismatch,
                std::string(which == 'A' ? "a_transpose" : "b_transpose") + " differs from the transpose " + name +
                    " was packed with",
                which == 'A' ? Argument::a_transpose : Argument::b_transpose);
  cl_context own = nullptr;
  core::check(clGetMemObjectInfo(x.buffer()(), CL_MEM_CONTEXT, sizeof own, &own, nullptr),
              "clGetMemObjectInfo(CL_MEM_CONTEXT)");
  if (own != context)
    throw Error(ErrorCode::PackedMismatch, "packed " + name + " belongs to another OpenCL context than the queue",
                arg);
  // For the call's checks: the packed buffer as a dense op(X), which it holds at least.
  const std::size_t lead = which == 'A' ? (t == Transpose::Yes ? cols : rows) : (t == Transpose::Yes ? cols : rows);
  return core::Matrix{&x.buffer(), 0, std::max<std::size_t>(lead, 1)};
}

// The block layout Gemm type Resolved reads its packed A (IsA) or B in.
template <class Resolved, bool IsA>
constexpr Blocks blocks_of() {
  using P = std::conditional_t<IsA, typename Resolved::packed_a, typename Resolved::packed_b>;
  constexpr policy::Config c = Resolved::config;
  if constexpr (requires { typename P::block_layout; }) {
    using L = typename P::block_layout;
    constexpr int tile_x = IsA ? c.tile_m : c.tile_n;
    return {policy::packed_rules<Resolved, L, IsA>::per_work_item ? 3 : L::kind, L::x, c.tile_k, tile_x};
  } else {
    return {0, 0, 0, 0};
  }
}

// A checked call with packed operands: Resolved's own kernel (whose tile the blocks fit; no generic
// fallback, whose tile would not) on the blocks, after the packings.
template <class Resolved, class T, class S>
cl::Event run(cl::CommandQueue& queue, const QueueTarget& target, core::Problem p, const Packed<T>* pa,
              const Packed<T>* pb, S alpha, S beta, const Events& wait) {
  if (p.empty()) return marker(queue, wait);
  std::vector<cl::Event> after = retained(wait.handles());
  if (pa != nullptr) {
    p.a = {&pa->buffer(), 0, std::size_t(pa->block_x())};  // the panel width: the row stride
    p.trans_a = false;
    p.packed_a = pa->block_kind();
    after.push_back(pa->ready());
  }
  if (pb != nullptr) {
    p.b = {&pb->buffer(), 0, std::size_t(pb->block_x())};
    p.trans_b = true;
    p.packed_b = pb->block_kind();
    after.push_back(pb->ready());
  }
  const dispatch::Plan plan{&codegen::kernel_of<typename Resolved::vendor, Resolved>, Resolved::rules, 1,
                            Resolved::rules.split_k};
  return std::move(run_checked<S>(queue, target, p, plan, alpha, beta, Events(after)).back());
}

}  // namespace runtime::packing
}  // namespace gemmcl
GEMMCL_COLD_END
