#pragma once
// Batched calls of the storage types (half, bfloat16): each product's A and B (and its C where a beta
// reads it) widened into compact float copies, product after product, in one launch per operand; the
// float batch run on the copies; each product's C rounded back, and only its elements written. An A
// or B shared by every product (stride 0) is widened once.

#include <array>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "../codegen/source.hpp"
#include "../core/problem.hpp"
#include "../dispatch/dispatch.hpp"
#include "batched.hpp"
#include "self_check.hpp"
#include "widen.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime::batch {

namespace detail {

// The batch's copies of one matrix (rows x cols as stored): compact, `stride` elements apart (0: one
// copy for all products).
struct Copies {
  ScratchPool::Lease scratch;
  std::size_t stride = 0;
  bool active = false;
};

// Enqueues the batched widening (to = nullptr) or narrowing of one matrix: `which` 0, 1, 2 for A, B,
// C; `caller` the caller's matrix (its base offset); `caller_stride` its stride in a strided batch.
template <class Unused = void>
inline cl::Event convert(cl::CommandQueue& queue, const QueueTarget& target, const element::Info& e, bool widen,
                         const core::Problem& p, int which, const core::Matrix& caller, std::size_t caller_stride,
                         std::size_t rows, std::size_t cols, const Copies& copies, std::size_t products,
                         const std::vector<cl_event>& after) {
  const codegen::Source& source = widen ? codegen::widen_source(e) : codegen::narrow_source(e);
  auto program = runtime::detail::program(target, source, p.batch.arrays() ? "-DGEMMCL_BATCHED=2" : "-DGEMMCL_BATCHED=1");
  auto lease = program->lease();
  const cl_int r = cl_int(rows), c = cl_int(cols), caller_ld = cl_int(caller.ld), copy_ld = r, w = which;
  const cl_ulong offset = caller.offset, stride = caller_stride, copy_stride = copies.stride;
  const cl_mem mem = (*caller.buffer)(), copy = copies.scratch.buffer()();
  const cl_mem offsets = p.batch.arrays() ? (*p.batch.offsets)() : nullptr;
  const std::array<std::size_t, 2> l = runtime::detail::lines(rows, cols);
  const std::size_t global[3] = {l[0], l[1], products}, local[3] = {64, 4, 1};
  const auto args =
      widen ? std::vector<KernelArg>{arg(r), arg(c), arg(mem), arg(offset), arg(caller_ld), arg(copy), arg(stride),
                                     arg(offsets), arg(w), arg(copy_stride), arg(copy_ld)}
            : std::vector<KernelArg>{arg(r), arg(c), arg(copy), arg(copy_ld), arg(mem), arg(offset), arg(stride),
                                     arg(offsets), arg(w), arg(copy_stride), arg(caller_ld)};
  return enqueue(queue, lease.get(), 3, global, local, args.data(), args.size(), after);
}

}  // namespace detail

// Runs the float plan on widened copies of a checked, described batch p of products with k > 0; co: the
// products' offsets of C (arrays).
template <class Unused = void>
inline cl::Event run_widened(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                             const dispatch::Plan& plan, const element::Info& e, bool c_narrow, const float* alphas,
                             const float* betas, bool arrays, const Offsets& co, const Events& wait) {
  const std::size_t count = p.batch.count;
  std::vector<cl::Event> events;
  const std::vector<cl_event> first = wait.handles();
  const auto after_all = [&] {
    std::vector<cl_event> w = first;
    if (!target.in_order)
      for (const cl::Event& x : events) w.push_back(x());
    return w;
  };
  const bool reads_c = [&] {
    for (std::size_t i = 0; i < (arrays ? count : 1); ++i)
      if (betas[i] != 0.0f) return true;
    return false;
  }();
  const std::size_t rows_a = p.trans_a ? p.k : p.m, cols_a = p.trans_a ? p.m : p.k;
  const std::size_t rows_b = p.trans_b ? p.n : p.k, cols_b = p.trans_b ? p.k : p.n;
  const std::size_t fb = std::size_t(e.compute->bytes);
  auto& pool = ScratchPool::instance();
  // A strided A or B of stride 0 is one matrix for every product: widened once.
  const auto copies_of = [&](std::size_t rows, std::size_t cols, bool shared, const char* what) {
    detail::Copies x;
    x.active = true;
    x.stride = shared ? 0 : rows * cols;
    x.scratch = pool.acquire(queue, target.context, target.in_order, (shared ? 1 : count) * rows * cols * fb, what);
    return x;
  };
  const bool a_shared = !arrays && p.batch.a_stride == 0, b_shared = !arrays && p.batch.b_stride == 0;
  detail::Copies a = copies_of(rows_a, cols_a, a_shared, "widened batch of A");
  detail::Copies b = copies_of(rows_b, cols_b, b_shared, "widened batch of B");
  detail::Copies c;
  events.push_back(detail::convert(queue, target, e, true, p, 0, p.a, p.batch.a_stride, rows_a, cols_a, a,
                                   a_shared ? 1 : count, first));
  events.push_back(detail::convert(queue, target, e, true, p, 1, p.b, p.batch.b_stride, rows_b, cols_b, b,
                                   b_shared ? 1 : count, first));
  if (c_narrow) {
    c = copies_of(p.m, p.n, false, "widened batch of C");
    if (reads_c)
      events.push_back(
          detail::convert(queue, target, e, true, p, 2, p.c, p.batch.c_stride, p.m, p.n, c, count, first));
  }
  // The float batch on the copies (C's own, or the caller's float C).
  core::Problem q = p;
  q.a = {&a.scratch.buffer(), 0, rows_a};
  q.b = {&b.scratch.buffer(), 0, rows_b};
  if (c_narrow) q.c = {&c.scratch.buffer(), 0, p.m};
  Arrays keep;
  const std::size_t c_stride = c_narrow ? c.stride : p.batch.c_stride;
  if (arrays) {
    // Each product's copies, and its C where it is the caller's, past the base offsets.
    std::vector<unsigned char> offsets(3 * count * sizeof(cl_ulong));
    for (std::size_t i = 0; i < count; ++i) {
      const cl_ulong o[3] = {i * a.stride, i * b.stride, c_narrow ? i * c.stride : co.at(i) - co.first};
      std::memcpy(offsets.data() + 3 * i * sizeof(cl_ulong), o, sizeof o);
    }
    keep.offsets = ArrayCopies::instance().get(target.context, std::move(offsets));
    q.batch.offsets = &keep.offsets;
  } else {
    q.batch.a_stride = a.stride;
    q.batch.b_stride = b.stride;
    q.batch.c_stride = c_stride;
  }
  q.batch.a_align = alignment_bits(Offsets{0, a.stride}, count);
  q.batch.b_align = alignment_bits(Offsets{0, b.stride}, count);
  q.batch.c_align = c_narrow ? alignment_bits(Offsets{0, c.stride}, count) : p.batch.c_align;
  const std::vector<cl::Event> ev = retained(after_all());
  const float alpha = arrays ? 1.0f : alphas[0], beta = arrays ? 0.0f : betas[0];
  events.push_back(run_checked<float>(queue, target, q, plan, alpha, beta, Events(ev)).back());
  for (detail::Copies* x : {&a, &b, &c})
    if (x->active) x->scratch.used_by(events.back());
  if (c_narrow) {
    const std::vector<cl_event> after = target.in_order ? std::vector<cl_event>{} : std::vector<cl_event>{events.back()()};
    events.push_back(detail::convert(queue, target, e, false, p, 2, p.c, p.batch.c_stride, p.m, p.n, c, count, after));
    c.scratch.used_by(events.back());
  }
  return events.back();
}

// No product to compute, in a batch of a storage type: C_i := beta_i * C_i (and the epilogue) product by
// product through the single calls' widened path; a marker after all of them completes the call.
template <class Unused = void>
inline cl::Event scale_each_widened(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                                    const dispatch::Plan& plan, const element::Info& e, bool c_narrow,
                                    const Offsets& co, std::size_t count, const float* betas, bool arrays,
                                    const Events& wait) {
  std::vector<cl::Event> events;
  for (std::size_t i = 0; i < count; ++i) {
    core::Problem q = p;
    q.batch = core::Batch{};
    q.k = 0;
    q.c.offset = co.at(i);
    events.push_back(runtime::run_widened(queue, target, q, plan, e, c_narrow, 0.0f, arrays ? betas[i] : betas[0], wait)
                         .back());
  }
  return marker(queue, Events(events));
}

}  // namespace gemmcl::runtime::batch
GEMMCL_COLD_END
