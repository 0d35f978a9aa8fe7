#pragma once
// The copies a product reads instead of the caller's operands: a misaligned operand packed into an
// aligned copy, and an operand copied transposed (on CPUs where the packing rule says it pays; for the
// tensor cores where their kernels need the other storage order). On GPUs transposes run the
// transposing kernel (codegen/transpose.hpp), one or two copies a launch; elsewhere the packing kernel
// (codegen/pack.hpp). Also the element-wise kernels' program lookup and work-group shape.

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../codegen/source.hpp"
#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "../core/types.hpp"
#include "../dispatch/pack.hpp"
#include "enqueue.hpp"
#include "program_cache.hpp"
#include "scratch.hpp"
#include "../util/cold.hpp"

namespace gemmcl::runtime::detail {

inline std::shared_ptr<Program> program(const QueueTarget& target, const codegen::Source& s,
                                        const std::string& options) {
  const ProgramSource source{s.text, s.hash, {s.kernel}, s.describe};
  return ProgramCache::instance().get_or_build(target.context, target.device, source, options);
}

// The element-wise kernels (reduce, pack) run in work-groups of 64 x 4: 64 along the contiguous
// extent. Letting the driver choose gave NVIDIA's odd shapes work-groups of a few work-items.
inline constexpr std::size_t line[2] = {64, 4};
inline std::array<std::size_t, 2> lines(std::size_t rows, std::size_t cols) {
  return {(rows + 63) / 64 * 64, (cols + 3) / 4 * 4};
}

// A copy of A or B that the product reads instead of the caller's operand.
struct PackedCopy {
  bool active = false;
  bool transpose = false;          // the copy is the transpose of what the caller stored
  core::Matrix from{};             // the caller's operand
  std::size_t rows = 0, cols = 0;  // as the caller stored it
  std::string_view options = {};    // the packing program's build options (GEMMCL_PACK_TF32: rounded)
  ScratchPool::Lease scratch;
};

// Whether to copy an operand (rows x cols as stored, entering `uses` products) before the product.
inline bool should_copy(Packing rule, const core::DeviceInfo& device, int vec, const core::Matrix& in, bool trans,
                        std::size_t rows, std::size_t cols, std::size_t uses, std::size_t k, std::size_t eb) {
  if (trans && dispatch::should_transpose(rule, device, rows, cols, uses, eb)) return true;
  return vec > 1 && !core::vector_aligned(in, vec) && dispatch::should_pack(rule, device, rows, cols, uses, k, eb);
}

GEMMCL_COLD_BEGIN
// The copy's scratch buffer, the copy transposed where `transpose` (rows x cols: the operand as stored);
// `in` and `trans` then describe the copy as the product reads it.
inline void prepare_copy(PackedCopy& pk, cl::CommandQueue& queue, const QueueTarget& target, core::Matrix& in,
                         bool& trans, std::size_t rows, std::size_t cols, bool transpose, std::size_t eb,
                         const char* what) {
  pk.active = true;
  pk.transpose = transpose;
  pk.from = in;
  pk.rows = rows;
  pk.cols = cols;
  const std::size_t ld = dispatch::packed_ld(transpose ? cols : rows);
  pk.scratch = ScratchPool::instance().acquire(queue, target.context, target.in_order,
                                               ld * (transpose ? rows : cols) * eb, what);
  in = core::Matrix{&pk.scratch.buffer(), 0, ld};
  if (transpose) trans = !trans;
}
// The same, transposing a transposed operand where the packing rule says it pays.
inline void prepare_copy(PackedCopy& pk, cl::CommandQueue& queue, const QueueTarget& target, core::Matrix& in,
                         bool& trans, std::size_t rows, std::size_t cols, Packing rule,
                         const core::DeviceInfo& device, std::size_t uses, std::size_t eb, const char* what) {
  prepare_copy(pk, queue, target, in, trans, rows, cols,
               trans && dispatch::should_transpose(rule, device, rows, cols, uses, eb), eb, what);
}

// The transposing kernel (codegen/transpose.hpp) for one copy, or for two in one launch (`second`; the
// same element type and build options), after the caller's events. Without `with_event` (a later command
// of the call ends it, on an in-order queue), no event: the caller records the copies' use by that one.
inline cl::Event enqueue_transposes(PackedCopy& first, PackedCopy* second, cl::CommandQueue& queue,
                                    const QueueTarget& target, const element::Info& element, const Events& wait,
                                    bool with_event = true) {
  using codegen::transpose_rows, codegen::transpose_lanes;
  const std::size_t run = std::size_t(codegen::transpose_cols(element.bytes));
  std::size_t global[3] = {0, 0, second != nullptr ? 2u : 1u};
  const std::size_t local[3] = {transpose_rows, transpose_lanes, 1};
  KernelArg args[14];
  std::size_t count = 0;
  // Each copy's arguments; one copy passes its own twice (the launch reads only the first).
  std::array<cl_int, 8> ints{};
  std::array<cl_ulong, 2> offsets{};
  std::array<cl_mem, 4> mems{};
  for (int c = 0; c < 2; ++c) {
    const PackedCopy& pk = c == 1 && second != nullptr ? *second : first;
    global[0] = std::max(global[0], (pk.rows + transpose_rows - 1) / transpose_rows * transpose_rows);
    global[1] = std::max(global[1], (pk.cols + run - 1) / run * transpose_lanes);
    ints[4 * c] = static_cast<cl_int>(pk.rows);
    ints[4 * c + 1] = static_cast<cl_int>(pk.cols);
    ints[4 * c + 2] = static_cast<cl_int>(pk.from.ld);
    ints[4 * c + 3] = static_cast<cl_int>(dispatch::packed_ld(pk.cols));
    offsets[c] = pk.from.offset;
    mems[2 * c] = (*pk.from.buffer)();
    mems[2 * c + 1] = pk.scratch.buffer()();
    for (const KernelArg x : {arg(ints[4 * c]), arg(ints[4 * c + 1]), arg(mems[2 * c]), arg(offsets[c]),
                              arg(ints[4 * c + 2]), arg(mems[2 * c + 1]), arg(ints[4 * c + 3])})
      args[count++] = x;
  }
  auto transposing = program(target, codegen::transpose_source(element), std::string(first.options));
  auto lease = transposing->lease();
  const cl::Event done = enqueue(queue, lease.get(), 3, global, local, args, count, wait.handles(), with_event);
  if (!with_event) return done;
  first.scratch.used_by(done);
  if (second != nullptr) second->scratch.used_by(done);
  return done;
}

// The packing kernel for one copy, after the caller's events; on GPUs a transpose runs the transposing
// kernel instead.
inline cl::Event enqueue_copy(PackedCopy& pk, cl::CommandQueue& queue, const QueueTarget& target,
                              const element::Info& element, const Events& wait, bool with_event = true) {
  if (pk.transpose && !core::device_info(target.device).is_cpu())
    return enqueue_transposes(pk, nullptr, queue, target, element, wait, with_event);
  const cl_int rows = static_cast<cl_int>(pk.rows), cols = static_cast<cl_int>(pk.cols);
  const cl_int src_ld = static_cast<cl_int>(pk.from.ld);
  const cl_int dst_ld = static_cast<cl_int>(dispatch::packed_ld(pk.transpose ? pk.cols : pk.rows));
  const cl_int transpose = pk.transpose ? 1 : 0;
  const cl_ulong src_offset = pk.from.offset;
  const cl_mem src = (*pk.from.buffer)(), dst = pk.scratch.buffer()();
  constexpr std::size_t per_item = codegen::pack_columns;
  auto packing = program(target, codegen::pack_source(element), std::string(pk.options));
  auto lease = packing->lease();
  const cl::Event done = enqueue(
      queue, lease.get(), 2,
      lines((pk.rows + per_item - 1) / per_item, (pk.cols + per_item - 1) / per_item).data(), line,
      {arg(rows), arg(cols), arg(src), arg(src_offset), arg(src_ld), arg(dst), arg(dst_ld), arg(transpose)},
      wait.handles(), with_event);
  if (with_event) pk.scratch.used_by(done);
  return done;
}

// A's and B's copies, those that are active, after the caller's events (with `one_launch`, both
// transposed on a GPU: one launch), their events appended to `events`. A call that returns only its
// last event (target.last_event_only, an in-order queue) makes none for them: a later command ends it,
// and the caller records the copies' use by that one.
inline void enqueue_copies(PackedCopy& a, PackedCopy& b, cl::CommandQueue& queue, const QueueTarget& target,
                           const element::Info& element, const Events& wait, std::vector<cl::Event>& events,
                           bool one_launch = false) {
  const bool with_event = !target.last_event_only;
  const auto keep = [&](cl::Event done) {
    if (with_event) events.push_back(std::move(done));
  };
  if (one_launch && a.active && b.active && a.transpose && b.transpose && !core::device_info(target.device).is_cpu())
    return keep(enqueue_transposes(a, &b, queue, target, element, wait, with_event));
  for (PackedCopy* pk : {&a, &b})
    if (pk->active) keep(enqueue_copy(*pk, queue, target, element, wait, with_event));
}

GEMMCL_COLD_END

}  // namespace gemmcl::runtime::detail
