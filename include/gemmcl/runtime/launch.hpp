#pragma once
// The launcher: carries out a dispatch::Plan for a validated, column-major problem. It packs misaligned
// or (on CPUs) transposed operands when the rules say so, splits K as planned, builds the programs it
// uses (once per device, in the program cache) and enqueues them. Returns the events of every command
// it enqueued, in order (the last one completes the call).

#include <algorithm>
#include <array>
#include <initializer_list>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "../codegen/source.hpp"
#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "../core/types.hpp"
#include "../dispatch/dispatch.hpp"
#include "../dispatch/pack.hpp"
#include "../dispatch/split.hpp"
#include "checks.hpp"
#include "operand_copies.hpp"
#include "enqueue.hpp"
#include "epilogue.hpp"
#include "images.hpp"
#include "program_cache.hpp"
#include "scratch.hpp"
#include "../util/cold.hpp"

namespace gemmcl::runtime {

namespace detail {

GEMMCL_COLD_BEGIN
// The reduce program (codegen/reduce.hpp) over C, with the call's epilogue: `first` are its arguments up
// to c_offset, then the epilogue's, then c_ld.
inline cl::Event enqueue_reduce_program(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                                        const element::Info& element, std::initializer_list<KernelArg> first,
                                        KernelArg c_ld, const std::vector<cl_event>& after) {
  auto reduce = program(target, codegen::reduce_source(element), epilogue_options(p.epilogue));
  auto lease = reduce->lease();
  KernelArg args[16];
  std::size_t count = 0;
  for (const KernelArg& x : first) args[count++] = x;
  const bool doubles = element.bytes == 8;
  const EpilogueValues<float> ef(p.epilogue);
  const EpilogueValues<double> ed(p.epilogue);
  if (p.epilogue.active()) doubles ? ed.append(args, count) : ef.append(args, count);
  args[count++] = c_ld;
  return enqueue(queue, lease.get(), 2, lines(p.m, p.n).data(), line, args, count, after);
}

// C := beta * C (zero when beta = 0, without reading C), for calls with no product (k = 0 or alpha =
// 0): the reduce kernel with no parts to add. A main kernel with an empty K loop would do the same,
// but its barrier loop would run zero times, which PoCL 3.1 mishandles (it applied beta twice to one
// work-item's elements).
template <class T>
cl::Event scale_c(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                  const element::Info& element, T beta, const Events& wait) {
  const cl_int m = static_cast<cl_int>(p.m), n = static_cast<cl_int>(p.n), none = 0;
  const cl_int c_ld = static_cast<cl_int>(p.c.ld);
  const cl_ulong c_offset = p.c.offset;
  const T zero = T(0);  // alpha times an empty sum: 0, even for an infinite or NaN alpha
  const cl_mem w = nullptr, dst = (*p.c.buffer)();
  return enqueue_reduce_program(queue, target, p, element,
                                {arg(m), arg(n), arg(none), arg(zero), arg(beta), arg(w), arg(m), arg(dst), arg(c_offset)},
                                arg(c_ld), wait.handles());
}

// The second pass of split K: C := alpha * (sum of the parts in the workspace) + beta * C.
template <class T>
cl::Event enqueue_reduce(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                         const element::Info& element, int splits, std::size_t ldw,
                         const ScratchPool::Lease& workspace, T alpha, T beta, const cl::Event& product) {
  const cl_int m = static_cast<cl_int>(p.m), n = static_cast<cl_int>(p.n);
  const cl_int w_ld = static_cast<cl_int>(ldw), c_ld = static_cast<cl_int>(p.c.ld);
  const cl_ulong c_offset = p.c.offset;
  const cl_mem w = workspace.buffer()(), dst = (*p.c.buffer)();
  return enqueue_reduce_program(
      queue, target, p, element,
      {arg(m), arg(n), arg(splits), arg(alpha), arg(beta), arg(w), arg(w_ld), arg(dst), arg(c_offset)}, arg(c_ld),
      target.in_order ? std::vector<cl_event>{} : std::vector<cl_event>{product()});
}
GEMMCL_COLD_END

}  // namespace detail

GEMMCL_COLD_BEGIN
// Runs one kernel. resident: its work-groups that share a compute unit (K is split more readily when
// the tiles of C fill few of those places); split_k: the split rule, as SplitK<S>'s S.
template <class T>
std::vector<cl::Event> run(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                           const codegen::Kernel& kernel, const policy::Rules& rules, T alpha, T beta,
                           const Events& wait, int resident, int split_k) {
  const policy::Config& C = kernel.config;
  const codegen::Source& text = kernel.text();
  const core::DeviceInfo& device = core::device_info(target.device);

  Requirements req;
  req.local[0] = static_cast<std::size_t>(C.threads_m());
  req.local[1] = static_cast<std::size_t>(C.threads_n() * C.slices);
  req.local_bytes = C.local_bytes();
  req.element = &C.element;
  req.target = kernel.target;
  req.describe = text.describe;
  check_device(device, req);

  // k = 0 or alpha = 0: C := beta * C, and A and B are not read. With beta = 1 that is nothing.
  const bool no_product = p.k == 0 || alpha == T(0);
  if (no_product && beta == T(1) && !p.epilogue.active()) return {marker(queue, wait)};
  if (no_product) return {detail::scale_c(queue, target, p, C.element, beta, wait)};
  const std::size_t k = p.k;

  // A misaligned A or B may be packed into an aligned copy first, and on CPUs a transposed one into its
  // untransposed order (dispatch/pack.hpp); the product then reads the copy.
  detail::PackedCopy pack_a, pack_b;
  core::Matrix a_in = p.a, b_in = p.b;
  bool trans_a = p.trans_a, trans_b = p.trans_b;  // as the product reads A and B
  const std::size_t eb = std::size_t(C.element.bytes);
  // As stored: A is rows_a x cols_a and enters n products, B rows_b x cols_b and enters m.
  const std::size_t rows_a = p.trans_a ? k : p.m, cols_a = p.trans_a ? p.m : k;
  const std::size_t rows_b = p.trans_b ? p.n : k, cols_b = p.trans_b ? k : p.n;
  const bool batched = p.batch.batched();  // batches read their operands where they are
  if (batched && (C.image_a || C.image_b))
    throw Error(ErrorCode::ImagesUnsupported,
                "Images<> reads one matrix per image; a batched call needs a configuration that reads buffers",
                Argument::none);
  if (!batched && p.packed_a == 0 &&
      detail::should_copy(rules.pack, device, C.vec, a_in, trans_a, rows_a, cols_a, p.n, k, eb))
    detail::prepare_copy(pack_a, queue, target, a_in, trans_a, rows_a, cols_a, rules.pack, device, p.n, eb,
                         "packed A");
  if (!batched && p.packed_b == 0 &&
      detail::should_copy(rules.pack, device, C.vec, b_in, trans_b, rows_b, cols_b, p.m, k, eb))
    detail::prepare_copy(pack_b, queue, target, b_in, trans_b, rows_b, cols_b, rules.pack, device, p.m, eb,
                         "packed B");
  // Images<O>: the operands the product reads as images, checked and made before anything is enqueued.
  ImageOperand image_a, image_b;
  if (C.image_a) {
    const std::size_t rows = trans_a ? k : p.m, cols = trans_a ? p.m : k;
    check_image(device, "A", rows, cols);
    image_a = make_image(queue, target, device, a_in, rows, cols, eb, "image copy of A");
  }
  if (C.image_b) {
    const std::size_t rows = trans_b ? p.n : k, cols = trans_b ? k : p.n;
    check_image(device, "B", rows, cols);
    image_b = make_image(queue, target, device, b_in, rows, cols, eb, "image copy of B");
  }

  const std::size_t tiles = dispatch::tiles_of(p, C);
  const dispatch::SplitPlan plan =
      batched ? dispatch::SplitPlan{1, int(k)}
              : dispatch::plan_split(tiles, p.m, p.n, k, C.tile_k, split_k, device, eb, resident);
  const bool split = plan.splits > 1;

  // With a split, the product writes partial products into a workspace of `splits` m x n slices, whose
  // leading dimension is a multiple of the vector width so that they are written and read as whole
  // vectors. The parts are added by the last work-group of each tile (tickets: one counter per tile)
  // or by the reduce kernel (dispatch/split.hpp says which).
  ScratchPool::Lease workspace, tickets;
  cl::Event tickets_filled;
  const bool in_kernel = split && dispatch::reduce_in_kernel(plan, rules.reduction, kernel.target->device_fence);
  const std::size_t ldw = (p.m + C.vec - 1) / C.vec * C.vec;
  auto& pool = ScratchPool::instance();
  if (split)
    workspace = pool.acquire(queue, target.context, target.in_order, plan.splits * ldw * p.n * eb,
                             "split-K workspace");
  if (in_kernel)
    tickets = pool.tickets(queue, target.context, target.in_order, tiles, &tickets_filled);
  const core::Matrix out = split ? core::Matrix{&workspace.buffer(), 0, ldw} : p.c;

  const bool aligned = C.vec > 1 && core::vector_aligned(a_in, C.vec, p.batch.a_align) &&
                       core::vector_aligned(b_in, C.vec, p.batch.b_align);
  const bool aligned_c = C.vec > 1 && core::vector_aligned(out, C.vec, p.batch.c_align);
  // The epilogue is applied by whichever pass writes C: this kernel unless a second pass adds the parts.
  const bool fused = p.epilogue.active() && (!split || in_kernel);
  std::string options = "-DGEMMCL_TRANS_A=" + std::to_string(int(trans_a)) +
                        " -DGEMMCL_TRANS_B=" + std::to_string(int(trans_b)) +
                        " -DGEMMCL_ALIGNED=" + std::to_string(int(aligned));
  if (in_kernel) options += " -DGEMMCL_SPLIT_IN_KERNEL=1";
  if (fused) options += epilogue_options(p.epilogue);
  if (batched) options += p.batch.arrays() ? " -DGEMMCL_BATCHED=2" : " -DGEMMCL_BATCHED=1";
  if (p.packed_a != 0) options += " -DGEMMCL_PACKED_A=" + std::to_string(p.packed_a);
  if (p.packed_b != 0) options += " -DGEMMCL_PACKED_B=" + std::to_string(p.packed_b);
  kernel.target->build_options(options, device);
  auto product = detail::program(target, text, options);
  check_kernel(*product, req, device);

  std::vector<cl::Event> events;
  if (tickets_filled() != nullptr) events.push_back(tickets_filled);
  // A call that returns only its last event (on an in-order queue) makes none for the copies and, K
  // split, for the product (target.last_event_only).
  detail::enqueue_copies(pack_a, pack_b, queue, target, C.element, wait, events);
  for (ImageOperand* im : {&image_a, &image_b}) {
    if (!im->copy) continue;
    std::vector<cl_event> after = wait.handles();
    for (const cl::Event& e : events) after.push_back(e());
    events.push_back(enqueue_image_copy(*im, queue, eb, after));
  }

  const cl_int m = static_cast<cl_int>(p.m), n = static_cast<cl_int>(p.n);
  const cl_int k_total = static_cast<cl_int>(k), k_chunk = plan.k_chunk;
  const cl_int lda = static_cast<cl_int>(a_in.ld), ldb = static_cast<cl_int>(b_in.ld),
               ldc = static_cast<cl_int>(out.ld);
  // An operand read as an image starts at the image's origin.
  const cl_ulong a_off = C.image_a ? 0 : a_in.offset, b_off = C.image_b ? 0 : b_in.offset, c_off = out.offset;
  const cl_ulong c_split = split ? cl_ulong(ldw) * p.n : 0;
  const cl_int c_whole = aligned_c ? 1 : 0;  // an argument, not a build option: one program fewer
  const T first_alpha = split ? T(1) : alpha, first_beta = split ? T(0) : beta;
  const cl_mem a = C.image_a ? image_a.image() : (*a_in.buffer)(), b = C.image_b ? image_b.image() : (*b_in.buffer)(),
               c = (*out.buffer)();
  // In-kernel reduction: the tickets, and the user's C as the destination of the last work-groups.
  const cl_mem ticket_mem = in_kernel ? tickets.buffer()() : nullptr;
  const cl_mem d = (*p.c.buffer)();
  const cl_ulong d_off = p.c.offset;
  const cl_int ldd = static_cast<cl_int>(p.c.ld);

  // The kernel's arguments, in the order of its signature (codegen/prologue.hpp): the in-kernel
  // reduction's only in programs built for it. k_chunk and c_split stay in every program: with them
  // gone (constants, or derived in the kernel), NVIDIA's compiler scheduled the K loop differently and
  // large products ran slightly slower on an H100 (bench/results/h100.md).
  KernelArg args[32];
  std::size_t count = 0;
  for (const KernelArg x : {arg(m), arg(n), arg(k_total)}) args[count++] = x;
  args[count++] = arg(k_chunk);
  for (const KernelArg x : {arg(first_alpha), arg(first_beta), arg(a), arg(a_off), arg(lda), arg(b), arg(b_off),
                            arg(ldb), arg(c), arg(c_off), arg(ldc)})
    args[count++] = x;
  args[count++] = arg(c_split);
  if (in_kernel)
    for (const KernelArg x : {arg(ticket_mem), arg(d), arg(d_off), arg(ldd), arg(alpha), arg(beta)})
      args[count++] = x;
  const EpilogueValues<T> epilogue(p.epilogue);
  if (fused) epilogue.append(args, count);
  const cl_ulong strides[3] = {p.batch.a_stride, p.batch.b_stride, p.batch.c_stride};
  const cl_mem batch_offsets = p.batch.arrays() ? (*p.batch.offsets)() : nullptr,
               batch_scalars = p.batch.arrays() ? (*p.batch.scalars)() : nullptr;
  if (batched && p.batch.arrays())
    for (const KernelArg x : {arg(batch_offsets), arg(batch_scalars)}) args[count++] = x;
  else if (batched)
    for (const cl_ulong& x : strides) args[count++] = arg(x);
  args[count++] = arg(c_whole);

  const std::size_t global[3] = {(p.m + C.tile_m - 1) / C.tile_m * req.local[0],
                                 (p.n + C.tile_n - 1) / C.tile_n * req.local[1],
                                 batched ? p.batch.count : static_cast<std::size_t>(plan.splits)};
  const std::size_t local[3] = {req.local[0], req.local[1], 1};
  bool ends_with_event = true;  // false: a call without an event (enqueue) on an in-order queue
  {
    // The product waits for the user's events, or for the packing that already waited for them. An
    // in-order queue orders a call's own commands by itself; only out-of-order queues need events.
    // A new ticket buffer's zero fill waits for nothing and comes first.
    std::vector<cl_event> after = wait.handles();
    if (pack_a.active || pack_b.active || image_a.copy || image_b.copy) after.clear();
    if (!target.in_order)
      for (const cl::Event& e : events) after.push_back(e());
    auto lease = product->lease();
    // No event where the caller asked for none (enqueue); the sum pass, where one follows, makes its own.
    const bool second_pass = split && !in_kernel,
               product_event = !target.no_event && !(second_pass && target.last_event_only);
    cl::Event done = enqueue(queue, lease.get(), 3, global, local, args, count, after, product_event);
    if (product_event) events.push_back(done);
    ends_with_event = product_event || second_pass;
    if (second_pass)
      events.push_back(detail::enqueue_reduce(queue, target, p, C.element, plan.splits, ldw, workspace, alpha, beta,
                                              done));
  }
  // The scratch each command used stays leased until the call's last command has ended (without an
  // event, an enqueue on an in-order queue: for that queue alone).
  const cl::Event* end = ends_with_event ? &events.back() : nullptr;
  for (detail::PackedCopy* pk : {&pack_a, &pack_b})
    if (pk->active) pk->scratch.used_until(end);
  for (ImageOperand* im : {&image_a, &image_b})
    if (im->copy) im->scratch.used_until(end);  // the product reads the copy through the image
  if (split) workspace.used_until(end);
  if (in_kernel) tickets.used_until(end);
  return events;
}

// Columns [from, from + cols) of a column-major problem's C, and the columns of op(B) they take.
inline core::Problem columns(const core::Problem& p, std::size_t from, std::size_t cols) {
  core::Problem q = p;
  q.n = cols;
  q.c.offset += from * p.c.ld;
  q.b.offset += p.trans_b ? from : from * p.b.ld;
  if (p.epilogue.bias == 2) q.epilogue.bias_offset += from;  // one bias value per column
  return q;
}

// Runs a plan. With a last-wave split (dispatch.hpp), C's first main_cols columns run with K whole and
// the others with K split, as two calls of one kernel. They write disjoint columns of C; on an
// out-of-order queue the second waits for the first, so that the last event still completes the call.
template <class T>
std::vector<cl::Event> run(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                           const dispatch::Plan& plan, T alpha, T beta, const Events& wait) {
  if (plan.last_parts <= 1)
    return run<T>(queue, target, p, *plan.kernel, plan.rules, alpha, beta, wait, plan.resident, plan.split_k);
  std::vector<cl::Event> events = run<T>(queue, with_events(target), columns(p, 0, plan.main_cols), *plan.kernel,
                                         plan.rules, alpha, beta, wait, plan.resident, 1);
  const Events after{events.back()};
  std::vector<cl::Event> rest =
      run<T>(queue, target, columns(p, plan.main_cols, p.n - plan.main_cols), *plan.kernel, plan.rules, alpha,
             beta, target.in_order ? wait : after, plan.resident, plan.last_parts);
  events.insert(events.end(), rest.begin(), rest.end());
  return events;
}

GEMMCL_COLD_END

}  // namespace gemmcl::runtime
