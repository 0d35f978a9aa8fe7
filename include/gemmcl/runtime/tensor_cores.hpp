#pragma once
// The tensor-core path of the 16-bit element types, of float under Math<MathMode::TF32> and of double:
// which
// devices run it (gemmcl::tensor_cores says why one does not), which calls take it, and its launch.
// Gemm<Element<half>>, the other 16-bit Gemm<> types, Gemm<Math<MathMode::TF32>> and
// Gemm<Element<double>> take it on NVIDIA
// devices of compute capability 8.0 and up; every other call takes the generic path (widen.hpp, or the
// float kernels). GEMMCL_TENSOR_CORES=0 turns the path off. The kernel reads A and B in
// 16-byte copies, so an operand that does not start and stride on multiples of 16 bytes is first
// packed into an aligned copy (the packing kernel; on 16-bit words for the 16-bit types).
//
// On compute capability 9.0 the 16-bit types run on Hopper's warpgroup MMA (codegen/tensor/wgmma.hpp,
// through the PTX step of ptx_patch.hpp; GEMMCL_WGMMA=0 keeps mma.sync), and so does TF32 where its
// operands are read as the kernel needs them or copying them so pays (tf32_copies_pay), or pays for
// C's transpose, which it then computes and stores transposed (tf32_as_transpose); elsewhere on
// mma.sync. Element<double> runs on the FP64 tensor cores (DMMA, codegen/tensor/dmma.hpp) from 9.0 on.
// Which kernel and split a shape gets is tensor_choice.hpp's.
// Deep products with few tiles of C split K, and so do 16-bit products into float with a misaligned
// operand, for exactness (exact_splits): the parts go to a float workspace and the split-K reduction adds
// them into C (reading and rounding a 16-bit C itself); FP64's few parts are added by the kernel itself
// (sums_in_kernel).

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../codegen/source.hpp"
#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "../target/nvidia.hpp"
#include "device_address.hpp"
#include "launch.hpp"
#include "ptx_patch.hpp"
#include "scratch.hpp"
#include "tensor_choice.hpp"
#include "tensor_map.hpp"
#include "widen.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl {

// Whether a device runs gemmcl's tensor-core kernels, and if not, why.
struct TensorCoreSupport {
  bool available = false;
  int compute_capability = 0;  // NVIDIA's (major * 10 + minor); 0 where the device does not say
  std::string reason;          // empty when available
};

namespace runtime::tensor {

inline bool enabled_by_environment() {
  static const bool on = switched_on("GEMMCL_TENSOR_CORES");
  return on;
}

inline TensorCoreSupport support(const core::DeviceInfo& d) {
  TensorCoreSupport s;
  if (d.vendor.find("NVIDIA") == std::string::npos) {
    s.reason = "not an NVIDIA device (" + d.vendor + "): gemmcl's tensor-core kernels are NVIDIA PTX";
    return s;
  }
  s.compute_capability = target::nvidia::compute_capability(d);
  if (s.compute_capability == 0) {
    s.reason = "the device does not report its compute capability (cl_nv_device_attribute_query)";
  } else if (s.compute_capability < 80) {
    s.reason = "compute capability " + std::to_string(s.compute_capability / 10) + "." +
               std::to_string(s.compute_capability % 10) + ": mma.sync with 16-bit inputs and cp.async need 8.0";
  } else if (!enabled_by_environment()) {
    s.reason = "turned off by GEMMCL_TENSOR_CORES=0";
  } else {
    s.available = true;
  }
  return s;
}

// Whether a call with products of element type e takes the path (FP64: DMMA's shape needs 9.0).
inline bool takes(const core::DeviceInfo& d, const element::Info& e) {
  const TensorCoreSupport s = support(d);
  return s.available && (e.bytes != 8 || s.compute_capability >= 90);
}

// The packing kernel's element for 16-bit words, whatever they hold.
inline constexpr element::Info words16{"ushort", 2, "ushort", "", ErrorCode::ElementUnsupported, "16-bit words"};

// A call's kernels, split and program depend on its shape, transposes, alignment, types and epilogue,
// not on its buffers; choosing them and looking the program up cost about as much host time as the
// enqueue itself, and calls repeat. So each thread keeps its last few plans (a program that
// ProgramCache::clear() dropped is looked up again).
struct PlanKey {
  cl_context context;
  cl_device_id device;
  const element::Info* element;
  std::size_t m, n, k;
  bool trans_a, trans_b, aligned_a, aligned_b, c_narrow, emulate, hopper;
  int activation, bias;
  bool operator==(const PlanKey&) const = default;
};
struct Plan {
  bool transposed = false;  // run as C^T = op(B)^T op(A)^T (tf32_as_transpose)
  Kernel first;   // as the caller stores A and B: decides the split and the copies
  Kernel kernel;  // as the kernel reads them, after any copies
  int splits = 1;
  std::size_t chunk = 0;
  std::weak_ptr<Program> program;
};
// The thread's plan for key, and whether it was there; a new one (empty) replaces the oldest.
inline std::pair<Plan*, bool> remembered_plan(const PlanKey& key) {
  thread_local std::pair<PlanKey, Plan> plans[8];
  thread_local std::size_t count = 0, next = 0;
  for (std::size_t i = 0; i < count; ++i)
    if (plans[i].first == key) return {&plans[i].second, true};
  auto& slot = plans[next];
  next = (next + 1) % std::size(plans);
  count = std::min(count + 1, std::size(plans));
  slot = {key, Plan{}};
  return {&slot.second, false};
}

// The product; T is the type of alpha and beta (float, or double for FP64). `emulate` builds the kernel
// with its instructions emulated (tests on other devices); with `hopper` that kernel is the wgmma one.
template <class T>
std::vector<cl::Event> run(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& call,
                           const element::Info& e, bool c_narrow, T alpha, T beta, const Events& wait,
                           bool emulate = false, bool hopper = false) {
  const core::DeviceInfo& device = core::device_info(target.device);
  const int chunk_elements = 16 / e.bytes;
  const PlanKey key{target.context, target.device, &e, call.m, call.n, call.k, call.trans_a, call.trans_b,
                    core::vector_aligned(call.a, chunk_elements), core::vector_aligned(call.b, chunk_elements),
                    c_narrow, emulate, hopper, call.epilogue.activation, call.epilogue.bias};
  const auto [plan, known] = remembered_plan(key);
  if (!known)
    plan->transposed = on_wgmma(device, emulate, hopper) &&
                       tf32_as_transpose(e, device, call.trans_a, call.trans_b, key.aligned_a, key.aligned_b, call.m,
                                         call.n, call.k);
  // p: the product as the kernel computes it, C or C^T (then stored transposed).
  const core::Problem p = plan->transposed ? transposed(call) : call;
  const bool aligned_a = plan->transposed ? key.aligned_b : key.aligned_a;
  const bool aligned_b = plan->transposed ? key.aligned_a : key.aligned_b;
  // TF32 would read A from registers (on the wgmma kernel): that decides its tile too.
  const bool a_fragments = e.bytes == 4 && tf32_a_from_registers(p.trans_a, aligned_a, p.m, p.n, p.trans_b);
  if (!known) {
    plan->first = kernel_for(e, device, emulate, p.trans_b, p.m, p.n, p.k, hopper, a_fragments, p.trans_a);
    const int forced = splits_by_environment();
    const int splits = forced > 0 ? forced
                                  : std::max(splits_for(p, device, plan->first, e.bytes),
                                             exact_splits(e, c_narrow, aligned_a && aligned_b, p.k));
    constexpr std::size_t split_step = 64;  // a multiple of every kernel's K step
    plan->chunk = ((p.k + splits - 1) / splits + split_step - 1) / split_step * split_step;
    plan->splits = static_cast<int>((p.k + plan->chunk - 1) / plan->chunk);
  }
  const int splits = plan->splits;
  const std::size_t chunk = plan->chunk;
  const bool split = splits > 1;
  const bool in_kernel = sums_in_kernel(e, splits);  // else a sum pass adds the parts
  Kernel kernel = plan->first;

  std::vector<cl::Event> events;
  std::vector<cl_event> first = wait.handles();
  // Misaligned A or B: an aligned copy first, which the product reads instead.
  detail::PackedCopy pack_a, pack_b;
  core::Problem q = p;
  const std::size_t rows_a = p.trans_a ? p.k : p.m, cols_a = p.trans_a ? p.m : p.k;
  const std::size_t rows_b = p.trans_b ? p.n : p.k, cols_b = p.trans_b ? p.k : p.n;
  const std::size_t eb = std::size_t(e.bytes);
  const bool rounded = kernel.k_major && tf32_rounds_in_copies(p.m, p.n);
  const bool a_registers = kernel.k_major && a_fragments;  // tf32_reads_a_from_registers, computed once
  // Operands TMA loads (and rounds) are copied only to transpose or align them, never to round them.
  bool b_tma = tf32_by_tma(kernel), a_tma = b_tma && !a_registers;
  bool rounded_ahead = false;
  if (kernel.k_major) {
    // A not transposed (unless read from registers) or B transposed: a transposed copy, which the
    // kernel reads K-major; copied too where the copies round (A not where read from registers).
    const bool flip_a = !p.trans_a && !a_registers, flip_b = p.trans_b;
    if (flip_a || !aligned_a || (!a_tma && rounded && !a_registers))
      detail::prepare_copy(pack_a, queue, target, q.a, q.trans_a, rows_a, cols_a, flip_a, eb, "packed A");
    if (flip_b || !aligned_b || (!b_tma && rounded))
      detail::prepare_copy(pack_b, queue, target, q.b, q.trans_b, rows_b, cols_b, flip_b, eb, "packed B");
    // A copy rounds on its way, and so does TMA; the kernel then skips its rounding pass where every
    // operand it reads through a descriptor came so (A from registers is rounded there).
    pack_a.options = pack_b.options = "-DGEMMCL_PACK_TF32";
    rounded_ahead = (b_tma || pack_b.active) && (a_registers || a_tma || pack_a.active);
  } else {
    if (!aligned_a)
      detail::prepare_copy(pack_a, queue, target, q.a, q.trans_a, rows_a, cols_a, Packing::Always, device, p.n, eb,
                           "packed A");
    if (!aligned_b)
      detail::prepare_copy(pack_b, queue, target, q.b, q.trans_b, rows_b, cols_b, Packing::Always, device, p.m, eb,
                           "packed B");
    // 16-bit on wgmma: the operands read K-major by TMA (aligned now: copied where they were not), in
    // large products (emulated, in any: the tests' small products reach the path).
    const bool hopper16 = on_wgmma(device, emulate, hopper);
    const bool large = emulate || wgmma16_tma_pays(tile_count(p.m, p.n, kernel.tile_m, kernel.tile_n),
                                                   std::max<std::size_t>(device.compute_units, 1), chunk);
    a_tma = wgmma16_by_tma(e, hopper16, q.trans_a, large);
    b_tma = wgmma16_by_tma(e, hopper16, !q.trans_b, large);
  }
  // DMMA's TMA variants load both operands so, either layout (boxes of 16 doubles of K: dmma_variants.hpp).
  if (kernel.tma) a_tma = b_tma = true;
  // The copies (both transposed, on a GPU: in one launch); 16-bit operands as 16-bit words.
  detail::enqueue_copies(pack_a, pack_b, queue, target, e.bytes == 2 ? words16 : e, wait, events, true);
  if (pack_a.active || pack_b.active) {
    first.clear();
    if (!target.in_order)
      for (const cl::Event& x : events) first.push_back(x());
  }
  // The parts of a split K go to a workspace laid out as C (as the caller's C, where stored transposed);
  // summed in the kernel, with one ticket per tile of C (zeros, put back by the kernel).
  ScratchPool::Lease workspace, tickets;
  core::Matrix out = p.c;
  if (split) {
    workspace = ScratchPool::instance().acquire(queue, target.context, target.in_order,
                                                std::size_t(splits) * p.m * p.n * sizeof(T), "split-K workspace");
    out = core::Matrix{&workspace.buffer(), 0, call.m};
  }
  // The fused epilogue: here, or (K split) where the parts are added (in this kernel or the sum pass).
  const bool fused = p.epilogue.active() && (!split || in_kernel);
  std::shared_ptr<Program> program = known ? plan->program.lock() : nullptr;
  if (program) {
    kernel = plan->kernel;
  } else {
    kernel = kernel_for(e, device, emulate, q.trans_b, p.m, p.n, p.k, hopper, a_fragments, q.trans_a);  // as read
    std::string options = "-DGEMMCL_TRANS_A=" + std::to_string(int(q.trans_a)) +
                          " -DGEMMCL_TRANS_B=" + std::to_string(int(q.trans_b)) +
                          " -DGEMMCL_TC_C_NARROW=" + std::to_string(int(c_narrow && !split));
    // Emulated kernels only check indexing; optimised, their unrolled emulation took PoCL's compiler
    // minutes. Only CPUs build them unoptimised: NVIDIA's compiler then leaves calls that ptxas rejects.
    if (emulate) options += device.is_cpu() ? " -DGEMMCL_TC_EMULATE=1 -cl-opt-disable" : " -DGEMMCL_TC_EMULATE=1";
    // TF32 rounds ties to even from 9.0 on, as cuBLAS does there (ptx_sm80.hpp).
    if (!emulate && e.bytes == 4 && target::nvidia::compute_capability(device) >= 90) options += " -DGEMMCL_TC_SM90=1";
    if (rounded_ahead) options += " -DGEMMCL_WG_TF32_ROUNDED=1";
    if (plan->transposed) options += " -DGEMMCL_TC_C_TRANS=1";
    if (in_kernel) options += " -DGEMMCL_SPLIT_IN_KERNEL=1";
    if (a_registers) options += " -DGEMMCL_WG_A_REGS=1";
    if (b_tma && !kernel.tma) options += " -DGEMMCL_WG_B_TMA=1";
    if (a_tma && !kernel.tma) options += " -DGEMMCL_WG_A_TMA=1";
    options += kernel.options;
    if (fused) options += epilogue_options(p.epilogue);
    const codegen::Source& s = *kernel.source;
    program = ProgramCache::instance().get_or_build(
        target.context, target.device, ProgramSource{s.text, s.hash, {s.kernel}, s.describe, kernel.rewrite},
        options);
    plan->kernel = kernel;  // (nothing else on this thread looks plans up before this)
    plan->program = program;
  }

  const cl_int m = static_cast<cl_int>(p.m), n = static_cast<cl_int>(p.n), k_total = static_cast<cl_int>(p.k);
  const cl_int k_chunk = static_cast<cl_int>(chunk);
  const cl_int lda = static_cast<cl_int>(q.a.ld), ldb = static_cast<cl_int>(q.b.ld), ldc = static_cast<cl_int>(out.ld);
  const cl_ulong a_off = q.a.offset, b_off = q.b.offset, c_off = out.offset;
  const cl_ulong c_split = split ? cl_ulong(p.m) * p.n : 0;
  const T first_alpha = split ? T(1) : alpha, first_beta = split ? T(0) : beta;
  const cl_mem a = (*q.a.buffer)(), b = (*q.b.buffer)(), c = (*out.buffer)();
  const std::size_t tiles = tile_count(p.m, p.n, kernel.tile_m, kernel.tile_n);
  if (in_kernel) {
    cl::Event filled;  // a new ticket buffer's zero fill, which the product follows
    tickets = ScratchPool::instance().tickets(queue, target.context, target.in_order, tiles, &filled);
    if (filled() != nullptr) {
      events.push_back(filled);
      if (!target.in_order) first.push_back(filled());
    }
  }
  // Summed in the kernel: the tickets, and the caller's C as the destination (DMMA: C as passed).
  const cl_mem ticket_mem = in_kernel ? tickets.buffer()() : nullptr, d = (*p.c.buffer)();
  const cl_ulong d_off = p.c.offset;
  const cl_int ldd = static_cast<cl_int>(p.c.ld);
  const std::size_t resident = kernel.resident * std::max<std::size_t>(device.compute_units, 1);
  const std::size_t groups = resident == 0 || split ? tiles : std::min(tiles, resident);
  const std::size_t global[2] = {groups * kernel.threads, std::size_t(splits)}, local[2] = {kernel.threads, 1};
  // Operands by TMA: their maps (without addresses, which each work-group writes into its own copies,
  // in a slot of two maps).
  tma::TensorMap a_map, b_map;
  ScratchPool::Lease map_slots;
  // (TF32's through TFLOAT32 maps, which round; boxes of 128-byte rows: K steps of a K-major operand's
  // tile rows, or, DMMA's MN-major operands, 16 columns of a K step.)
  const tma::MapType map_type = e.bytes == 8           ? tma::MapType::Float64
                                : e.bytes == 4         ? tma::MapType::TFloat32
                                : e.name == "bfloat16" ? tma::MapType::BFloat16
                                                       : tma::MapType::Float16;
  const unsigned map_bytes = static_cast<unsigned>(e.bytes), box_k = 128 / map_bytes;
  if (a_tma)
    a_map = q.trans_a ? tma::tiled_2d(map_type, map_bytes, p.k, p.m, q.a.ld * eb, box_k, unsigned(kernel.tile_m))
                      : tma::tiled_2d(map_type, map_bytes, p.m, p.k, q.a.ld * eb, box_k, box_k);
  if (b_tma)
    b_map = !q.trans_b ? tma::tiled_2d(map_type, map_bytes, p.k, p.n, q.b.ld * eb, box_k, unsigned(kernel.tile_n))
                       : tma::tiled_2d(map_type, map_bytes, p.n, p.k, q.b.ld * eb, box_k, box_k);
  if (kernel.param_maps) {  // (the kernel's A and B: as passed, or their packed copies)
    DeviceAddresses& book = DeviceAddresses::instance();
    a_map.words[0] = book.of(target.context, target.device, a) + a_off * eb;
    b_map.words[0] = book.of(target.context, target.device, b) + b_off * eb;
  }
  if (a_tma || b_tma)
    map_slots = ScratchPool::instance().acquire(queue, target.context, target.in_order,
                                                groups * std::size_t(splits) * 2 * sizeof(b_map), "TMA map slots");
  cl::Event product;  // empty where the call's last command is the sum pass and it returns only that one
  {
    KernelArg args[32];
    std::size_t count = 0;
    for (const KernelArg x : {arg(m), arg(n), arg(k_total), arg(k_chunk), arg(first_alpha), arg(first_beta), arg(a),
                              arg(a_off), arg(lda), arg(b), arg(b_off), arg(ldb), arg(c), arg(c_off), arg(ldc),
                              arg(c_split)})
      args[count++] = x;
    if (in_kernel)
      for (const KernelArg x : {arg(ticket_mem), arg(d), arg(d_off), arg(ldd), arg(alpha), arg(beta)}) args[count++] = x;
    if (a_tma || b_tma) {
      args[count++] = arg(a_map.words);
      args[count++] = arg(b_map.words);
      args[count++] = arg(map_slots.buffer());
    }
    const EpilogueValues<T> epilogue(p.epilogue);
    if (fused) epilogue.append(args, count);
    auto lease = program->lease();
    // No event where the caller asked for none (enqueue); the sum pass, where one follows, makes its own.
    const bool second_pass = split && !in_kernel,
               product_event = !target.no_event && !(second_pass && target.last_event_only);
    product = enqueue(queue, lease.get(), 2, global, local, args, count, first, product_event);
    if (product_event) events.push_back(product);
  }
  // The parts added into C, as the caller passed it; a 16-bit C is read and rounded by the sum pass itself.
  if (split && !in_kernel)
    events.push_back(detail::enqueue_reduce(queue, target, call, c_narrow ? e : element_traits<T>::info, splits,
                                            call.m, workspace, alpha, beta, product));
  // The scratch each command used stays leased until the call's last command has ended (without an
  // event, an enqueue on an in-order queue: for that queue alone).
  const cl::Event* end = product() != nullptr || (split && !in_kernel) ? &events.back() : nullptr;
  for (detail::PackedCopy* pk : {&pack_a, &pack_b})
    if (pk->active) pk->scratch.used_until(end);
  if (a_tma || b_tma) map_slots.used_until(end);
  if (split) workspace.used_until(end);
  if (in_kernel) tickets.used_until(end);
  return events;
}

}  // namespace runtime::tensor

// Whether `device` runs gemmcl's tensor-core kernels; `reason` says why not.
inline TensorCoreSupport tensor_cores(const cl::Device& device) {
  return runtime::tensor::support(core::device_info(device()));
}

}  // namespace gemmcl
GEMMCL_COLD_END
