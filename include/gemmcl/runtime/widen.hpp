#pragma once
// The generic path of the storage types (half, bfloat16): A and B are widened into float copies, a
// 16-bit C too when beta reads it, the float kernels of the plan multiply the copies, and the result
// is rounded back into C (nearest, ties to even). Every device runs it; the conversions are two passes
// over the operands, small beside the product for all but the smallest calls.

#include <cstddef>
#include <vector>

#include "../codegen/source.hpp"
#include "../core/problem.hpp"
#include "../dispatch/dispatch.hpp"
#include "launch.hpp"
#include "scratch.hpp"
#include "self_check.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

namespace detail {

// A compact float copy of one stored matrix (rows x cols as stored, column-major).
struct Widened {
  ScratchPool::Lease scratch;
  core::Matrix copy{};
};

inline Widened widen(cl::CommandQueue& queue, const QueueTarget& target, const element::Info& e,
                     const core::Matrix& from, std::size_t rows, std::size_t cols, const char* what,
                     const std::vector<cl_event>& after, std::vector<cl::Event>& events) {
  Widened w;
  const std::size_t compute_bytes = std::size_t(e.compute->bytes);
  w.scratch = ScratchPool::instance().acquire(queue, target.context, target.in_order, rows * cols * compute_bytes,
                                              what);
  w.copy = core::Matrix{&w.scratch.buffer(), 0, rows};
  const cl_int r = static_cast<cl_int>(rows), c = static_cast<cl_int>(cols);
  const cl_int src_ld = static_cast<cl_int>(from.ld), dst_ld = r;
  const cl_ulong src_offset = from.offset;
  const cl_mem src = (*from.buffer)(), dst = w.scratch.buffer()();
  auto program = detail::program(target, codegen::widen_source(e), "");
  auto lease = program->lease();
  events.push_back(enqueue(queue, lease.get(), 2, lines(rows, cols).data(), line,
                           {arg(r), arg(c), arg(src), arg(src_offset), arg(src_ld), arg(dst), arg(dst_ld)}, after));
  w.scratch.used_by(events.back());
  return w;
}

// to := from (rows x cols, compute type) rounded to the storage type of e; only to's elements change.
inline cl::Event narrow(cl::CommandQueue& queue, const QueueTarget& target, const element::Info& e,
                        const core::Matrix& from, const core::Matrix& to, std::size_t rows, std::size_t cols,
                        const std::vector<cl_event>& after) {
  const cl_int r = static_cast<cl_int>(rows), c = static_cast<cl_int>(cols);
  const cl_int src_ld = static_cast<cl_int>(from.ld), dst_ld = static_cast<cl_int>(to.ld);
  const cl_ulong dst_offset = to.offset;
  const cl_mem src = (*from.buffer)(), dst = (*to.buffer)();
  auto program = detail::program(target, codegen::narrow_source(e), "");
  auto lease = program->lease();
  return enqueue(queue, lease.get(), 2, lines(rows, cols).data(), line,
                 {arg(r), arg(c), arg(src), arg(src_ld), arg(dst), arg(dst_offset), arg(dst_ld)}, after);
}

}  // namespace detail

// Runs `plan` (float kernels) for a problem whose A and B hold storage-type elements `ab`; C holds `ab`
// too when c_narrow, else the compute type.
inline std::vector<cl::Event> run_widened(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                                          const dispatch::Plan& plan, const element::Info& ab, bool c_narrow,
                                          float alpha, float beta, const Events& wait) {
  const bool product = p.k > 0 && alpha != 0.0f;
  if (!product && beta == 1.0f && !p.epilogue.active()) return {marker(queue, wait)};
  std::vector<cl::Event> events;
  // The conversions wait for the caller's events; on an out-of-order queue each later command waits
  // for the commands before it.
  const std::vector<cl_event> first = wait.handles();
  const auto after_all = [&] {
    std::vector<cl_event> w = first;
    if (!target.in_order)
      for (const cl::Event& e : events) w.push_back(e());
    return w;
  };
  core::Problem q = p;
  detail::Widened a, b, c;
  if (product) {
    a = detail::widen(queue, target, ab, p.a, p.trans_a ? p.k : p.m, p.trans_a ? p.m : p.k, "widened A", first, events);
    b = detail::widen(queue, target, ab, p.b, p.trans_b ? p.n : p.k, p.trans_b ? p.k : p.n, "widened B", first, events);
    q.a = a.copy;
    q.b = b.copy;
  }
  if (c_narrow) {
    if (beta != 0.0f) {
      c = detail::widen(queue, target, ab, p.c, p.m, p.n, "widened C", first, events);
    } else {  // C is not read: an uninitialised copy will do
      c.scratch = ScratchPool::instance().acquire(queue, target.context, target.in_order,
                                                  p.m * p.n * std::size_t(ab.compute->bytes), "widened C");
      c.copy = core::Matrix{&c.scratch.buffer(), 0, p.m};
    }
    q.c = c.copy;
  }
  const std::vector<cl::Event> ev = retained(events.empty() ? first : after_all());
  const std::vector<cl::Event> product_events = run_checked<float>(queue, target, q, plan, alpha, beta, Events(ev));
  events.insert(events.end(), product_events.begin(), product_events.end());
  for (detail::Widened* w : {&a, &b, &c})
    if (w->copy.buffer != nullptr) w->scratch.used_by(events.back());
  if (c_narrow) {
    const std::vector<cl_event> after = target.in_order ? std::vector<cl_event>{}
                                                        : std::vector<cl_event>{events.back()()};
    events.push_back(detail::narrow(queue, target, ab, c.copy, p.c, p.m, p.n, after));
    c.scratch.used_by(events.back());
  }
  return events;
}

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
