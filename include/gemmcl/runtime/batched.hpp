#pragma once
// Batched calls after their checks (batch.hpp): the batch as the kernels see it (core::Batch: strides,
// or the products' offsets and scalars in device buffers), and the calls with nothing to multiply.

#include <cstddef>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

#include "../core/problem.hpp"
#include "batch.hpp"
#include "enqueue.hpp"
#include "launch.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime::batch {

// The device copies of an array-batched call's offsets and scalars. Callers mostly pass the same
// arrays call after call, so the last few copies are kept per context and reused when the bytes match:
// a comparison instead of an allocation and a copy. A copy is never written again once made, so a call
// still running on it is unaffected by later ones.
struct Arrays {
  cl::Buffer offsets, scalars;
};

// (A template, so that only programs with array batches compile it.)
template <class Unused = void>
class ArrayCopiesOf {
 public:
  static ArrayCopiesOf& instance() {
    static ArrayCopiesOf* const copies = new ArrayCopiesOf;  // never destroyed: used until exit
    return *copies;
  }
  cl::Buffer get(cl_context context, std::vector<unsigned char>&& bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const Entry& e : entries_)
      if (e.context == context && e.bytes == bytes) return e.buffer;
    cl::Context ctx(context, true);
    Entry e{context, std::move(bytes), {}};
    e.buffer = cl::Buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, e.bytes.size(), e.bytes.data());
    if (entries_.size() == kKept) entries_.erase(entries_.begin());
    entries_.push_back(std::move(e));
    return entries_.back().buffer;
  }

 private:
  static constexpr std::size_t kKept = 8;
  struct Entry {
    cl_context context;
    std::vector<unsigned char> bytes;
    cl::Buffer buffer;
  };
  std::mutex mutex_;
  std::vector<Entry> entries_;
};
using ArrayCopies = ArrayCopiesOf<>;

// The batch of a column-major problem p whose A, B and C offsets (already swapped for row-major calls)
// are ao, bo, co. With arrays, the device copies of the offsets and scalars (made after every check).
template <class T>
core::Batch describe(cl_context context, const Offsets& ao, const Offsets& bo, const Offsets& co, std::size_t count,
                     const T* alphas, const T* betas, bool arrays, Arrays& keep) {
  core::Batch b;
  b.count = count;
  b.a_align = alignment_bits(ao, count);
  b.b_align = alignment_bits(bo, count);
  b.c_align = alignment_bits(co, count);
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
  keep.offsets = ArrayCopies::instance().get(context, std::move(offsets));
  keep.scalars = ArrayCopies::instance().get(context, std::move(scalars));
  b.offsets = &keep.offsets;
  b.scalars = &keep.scalars;
  return b;
}

// Product i of the batch as a single problem.
template <class Unused = void>
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
