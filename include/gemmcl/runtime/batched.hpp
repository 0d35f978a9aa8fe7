#pragma once
// Batched calls after their checks (batch.hpp): the batch as the kernels see it (core::Batch: strides,
// or the products' offsets and scalars in device buffers), and the calls with nothing to multiply.

#include <cstddef>
#include <cstring>
#include <utility>
#include <vector>

#include "../core/problem.hpp"
#include "batch.hpp"
#include "enqueue.hpp"
#include "launch.hpp"
#include "scratch.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime::batch {

// The scratch buffers an array-batched call reads its offsets and scalars from (scratch.hpp), and the
// command that fills them, which the product waits for.
struct Arrays {
  ScratchPool::Lease offsets, scalars;
  std::vector<cl::Event> filled;
};

// Copies host data into a scratch buffer without waiting: the host copy lives until the write is done.
inline cl::Event upload(cl::CommandQueue& queue, const ScratchPool::Lease& to, std::vector<unsigned char>&& bytes) {
  auto* host = new std::vector<unsigned char>(std::move(bytes));
  cl_event done = nullptr;
  const cl_int status =
      clEnqueueWriteBuffer(queue(), to.buffer()(), CL_FALSE, 0, host->size(), host->data(), 0, nullptr, &done);
  if (status != CL_SUCCESS) delete host;
  core::check(status, "clEnqueueWriteBuffer(batch arrays)");
  const auto release = [](cl_event, cl_int, void* data) { delete static_cast<std::vector<unsigned char>*>(data); };
  core::check(clSetEventCallback(done, CL_COMPLETE, release, host), "clSetEventCallback(batch arrays)");
  return cl::Event(done);
}

// The batch of a column-major problem p whose A, B and C offsets (already swapped for row-major calls)
// are ao, bo, co. With arrays, enqueues the copies of the offsets and scalars (after every check).
template <class T>
core::Batch describe(cl::CommandQueue& queue, const QueueTarget& target, const Offsets& ao, const Offsets& bo,
                     const Offsets& co, std::size_t count, const T* alphas, const T* betas, bool arrays,
                     Arrays& keep) {
  core::Batch b;
  b.count = count;
  b.a_align = common_divisor(ao, count);
  b.b_align = common_divisor(bo, count);
  b.c_align = common_divisor(co, count);
  if (!arrays) {
    b.a_stride = ao.stride;
    b.b_stride = bo.stride;
    b.c_stride = co.stride;
    return b;
  }
  // Offsets past each matrix's base offset (ao.first: the smallest), which the kernel adds already.
  std::vector<unsigned char> offsets(3 * count * sizeof(cl_ulong)), scalars(2 * count * sizeof(T));
  for (std::size_t i = 0; i < count; ++i) {
    const cl_ulong o[3] = {ao.at(i) - ao.first, bo.at(i) - bo.first, co.at(i) - co.first};
    const T x[2] = {alphas[i], betas[i]};
    std::memcpy(offsets.data() + 3 * i * sizeof(cl_ulong), o, sizeof o);
    std::memcpy(scalars.data() + 2 * i * sizeof(T), x, sizeof x);
  }
  auto& pool = ScratchPool::instance();
  keep.offsets = pool.acquire(queue, target.context, target.in_order, offsets.size(), "batch offsets");
  keep.scalars = pool.acquire(queue, target.context, target.in_order, scalars.size(), "batch scalars");
  keep.filled.push_back(upload(queue, keep.offsets, std::move(offsets)));
  keep.filled.push_back(upload(queue, keep.scalars, std::move(scalars)));
  b.offsets = &keep.offsets.buffer();
  b.scalars = &keep.scalars.buffer();
  return b;
}

// Product i of the batch as a single problem.
inline core::Problem product(const core::Problem& p, const Offsets& ao, const Offsets& bo, const Offsets& co,
                             std::size_t i) {
  core::Problem q = p;
  q.batch = core::Batch{};
  q.a.offset = ao.at(i);
  q.b.offset = bo.at(i);
  q.c.offset = co.at(i);
  return q;
}

// No product to compute (k = 0, or alpha = 0 for the whole batch): C_i := beta_i * C_i (and the
// epilogue) product by product; a marker after all of them completes the call.
template <class T>
cl::Event scale_each(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                     const dispatch::Plan& plan, const Offsets& ao, const Offsets& bo, const Offsets& co,
                     std::size_t count, const T* alphas, const T* betas, bool arrays, const Events& wait) {
  std::vector<cl::Event> events;
  for (std::size_t i = 0; i < count; ++i) {
    const std::vector<cl::Event> e = run<T>(queue, target, product(p, ao, bo, co, i), *plan.kernel, plan.rules,
                                            T(0), arrays ? betas[i] : betas[0], wait, 1, 1);
    events.push_back(e.back());
  }
  (void)alphas;
  return marker(queue, Events(events));
}

}  // namespace gemmcl::runtime::batch
GEMMCL_COLD_END
