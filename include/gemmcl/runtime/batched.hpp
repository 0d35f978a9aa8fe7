#pragma once
// Batched calls after their checks (batch.hpp): the batch as the kernels see it (core::Batch: strides,
// or the products' offsets and scalars in device buffers), and the calls with nothing to multiply.

#include <cstddef>
#include <vector>

#include "../core/problem.hpp"
#include "batch.hpp"
#include "enqueue.hpp"
#include "launch.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime::batch {

// The device buffers an array-batched call reads its offsets and scalars from; they live until the
// call's commands have run (OpenCL keeps a buffer that enqueued commands use).
struct Arrays {
  cl::Buffer offsets, scalars;
};

// The batch of a column-major problem p whose A, B and C offsets (already swapped for row-major calls)
// are ao, bo, co.
template <class T>
core::Batch describe(cl_context context, const Offsets& ao, const Offsets& bo, const Offsets& co, std::size_t count,
                     const T* alphas, const T* betas, bool arrays, Arrays& keep) {
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
  std::vector<cl_ulong> offsets(3 * count);
  std::vector<T> scalars(2 * count);
  for (std::size_t i = 0; i < count; ++i) {
    offsets[3 * i] = ao.at(i) - ao.first;
    offsets[3 * i + 1] = bo.at(i) - bo.first;
    offsets[3 * i + 2] = co.at(i) - co.first;
    scalars[2 * i] = alphas[i];
    scalars[2 * i + 1] = betas[i];
  }
  cl::Context ctx(context, true);
  keep.offsets = cl::Buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, offsets.size() * sizeof(cl_ulong),
                            offsets.data());
  keep.scalars = cl::Buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, scalars.size() * sizeof(T), scalars.data());
  b.offsets = &keep.offsets;
  b.scalars = &keep.scalars;
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
