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
// through the PTX step of ptx_patch.hpp; GEMMCL_WGMMA=0 keeps mma.sync), and so does TF32 where A and B
// are stored K-major (A transposed, B not) or copying them so pays (tf32_copies_pay); elsewhere on
// mma.sync. Element<double> runs on the FP64 tensor cores (DMMA, codegen/tensor/dmma.hpp) from 9.0 on.
// Deep products with few tiles of C split K: the parts go to a float workspace and the split-K
// reduction adds them into C (reading and rounding a 16-bit C itself).

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
#include "launch.hpp"
#include "ptx_patch.hpp"
#include "scratch.hpp"
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
  static const bool on = [] {
    const char* v = std::getenv("GEMMCL_TENSOR_CORES");
    return v == nullptr || std::string(v) != "0";
  }();
  return on;
}
// GEMMCL_WGMMA=0 keeps Hopper GPUs on the mma.sync kernel.
inline bool wgmma_by_environment() {
  static const bool on = [] {
    const char* v = std::getenv("GEMMCL_WGMMA");
    return v == nullptr || std::string(v) != "0";
  }();
  return on;
}
// GEMMCL_DMMA_VARIANT=i runs variant i of codegen/tensor/dmma_variants.hpp on every shape (tuning); -1 if
// unset or not the index of a variant.
inline long dmma_variant_by_environment() {
  static const long i = [] {
    const char* v = std::getenv("GEMMCL_DMMA_VARIANT");
    if (v == nullptr || *v == '\0') return -1L;
    char* end = nullptr;
    const long x = std::strtol(v, &end, 10);
    return *end == '\0' && x >= 0 && x < static_cast<long>(std::size(codegen::tensor::dmma_variants)) ? x : -1L;
  }();
  return i;
}

inline std::string_view wgmma_variant_by_environment() {
  static const std::string v = [] {
    const char* x = std::getenv("GEMMCL_WGMMA_VARIANT");
    return std::string(x == nullptr ? "" : x);
  }();
  return v;
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

// The kernel a call runs: its program, whether it goes through the PTX step, its tile and work-group,
// and the build options of its variant.
struct Kernel {
  const codegen::Source* source;
  std::string (*rewrite)(std::string_view);  // the PTX step it is built through, if any
  std::size_t tile_m, tile_n, threads;
  std::string_view options = {};
  bool k_major = false;  // reads A only transposed and B only not (the wgmma kernel's TF32)
  // Persistent kernels (wgmma): how many of its work-groups a compute unit holds at once; the launch
  // is then at most that many per unit, each taking every so many tiles. 0: one work-group per tile.
  std::size_t resident = 0;
};
// Tiles of tile_m x tile_n that cover an m x n C.
inline std::size_t tile_count(std::size_t m, std::size_t n, std::size_t tile_m, std::size_t tile_n) {
  return ((m + tile_m - 1) / tile_m) * ((n + tile_n - 1) / tile_n);
}
// K below this is never split; a part of a split K is at least split_min_part_k deep (FP64: 256), and
// there are at most max_splits parts.
inline constexpr std::size_t split_min_k = 4096, split_min_part_k = 1024, max_splits = 128;
// The most parts a K of k may be split into (1: none).
inline std::size_t most_splits(std::size_t k, bool fp64) {
  return k < split_min_k ? 1 : std::clamp<std::size_t>(k / (fp64 ? 256 : split_min_part_k), 1, max_splits);
}
// TF32 on the wgmma kernel reads A transposed and B not, through a transposed copy of an operand stored
// otherwise; that copy pays where the copied operand enters enough products (n for A, m for B). Below
// that (8192 x 64 x 8192 with A as stored, 128 x 128 x 65536) mma.sync, which reads either way, is faster.
inline bool tf32_copies_pay(bool trans_a, bool trans_b, std::size_t m, std::size_t n) {
  constexpr std::size_t min_uses = 512;
  return (trans_a || n >= min_uses) && (!trans_b || m >= min_uses);
}

// TF32 on the wgmma kernel rounds its operands to TF32 in local memory, which halves its speed (without
// rounding it reached 0.85x of cuBLAS on an H100, but with 2.5x its error). On products whose operands
// are small beside their work, both are copied first instead, rounded (and transposed where needed),
// and the kernel reads them as they are. (At 1024^3 the copies cost more than they save.)
inline bool tf32_rounds_in_copies(std::size_t m, std::size_t n) { return std::min(m, n) >= 2048; }

// trans_a, trans_b: A and B as the kernel would read them (transposed or not), which decide DMMA's
// register need and whether TF32 runs on wgmma; m, n and k: the product's extent, which decides the
// wgmma kernel's tile. hopper: the wgmma kernel even where it is emulated (tests).
inline Kernel kernel_for(const element::Info& e, const core::DeviceInfo& d, bool emulate, bool trans_a = false,
                         bool trans_b = false, std::size_t m = 0, std::size_t n = 0, std::size_t k = 0,
                         bool hopper = false) {
  using namespace codegen::tensor;
  // DMMA: 128 x 64 tiles; 64 x 64 where 128 rows would pad m by a tenth more (m of 64); where fewer
  // 128 x 64 tiles than compute units would leave some idle and K is too shallow to split instead,
  // eight warps a tile (one work-group a unit), or 64 x 64 tiles if even those are fewer than the units.
  // Variants marked capped get a 128-register cap through the PTX step (NVIDIA's OpenCL has no option
  // for it).
  if (e.bytes == 8) {
    const long forced = dmma_variant_by_environment();
    const DmmaVariant &large = dmma_variants[0], &small = dmma_variants[dmma_small];
    const auto rows = [&](const DmmaVariant& x) { return (m + x.tile_m - 1) / x.tile_m * x.tile_m; };
    const auto few = [&](const DmmaVariant& x) {
      return tile_count(m, n, x.tile_m, x.tile_n) < std::max<cl_uint>(d.compute_units, 1);
    };
    const DmmaVariant& v = forced >= 0                          ? dmma_variants[forced]
                           : 10 * rows(small) <= 9 * rows(large) ? small
                           : !few(large) || k >= split_min_k     ? large
                           : few(small)                          ? small
                                                                 : dmma_variants[dmma_one_wave];
    return {&codegen::dmma_source(e), v.capped && !emulate ? &ptx::with_128_registers : nullptr,
            std::size_t(v.tile_m), std::size_t(v.tile_n), std::size_t(v.threads), v.options};
  }
  // Compute capability 9.0 (Hopper) runs 16-bit products, and TF32 where its copies pay, on warpgroup
  // MMAs, built through the PTX step.
  if ((e.bytes == 2 || (e.bytes == 4 && (hopper || tf32_copies_pay(trans_a, trans_b, m, n)))) &&
      (hopper || (!emulate && wgmma_by_environment() && target::nvidia::compute_capability(d) == 90))) {
    const auto tiles = [&](std::size_t tile_n) {
      return tile_count(m, n, wgmma_tile_m, tile_n);
    };
    const std::size_t units = std::max<std::size_t>(d.compute_units, 1);
    // One work-group of 128 x 256 tiles fills a multiprocessor's local memory, two of the others do.
    const auto wgmma = [&](std::size_t tile_n, std::string_view options, std::size_t tile_m = wgmma_tile_m) {
      return Kernel{&codegen::wgmma_source(e), emulate ? nullptr : &ptx::to_sm90a, tile_m, tile_n,
                    wgmma_threads(tile_m), options, e.bytes == 4, tile_n == wgmma_wide_tile_n ? 1u : 2u};
    };
    const auto short_tiles = [&] { return wgmma(wgmma_tile_n, wgmma_short_options, wgmma_short_tile_m); };
    // GEMMCL_WGMMA_VARIANT=wide, narrow, short or default forces that variant (tuning).
    if (const std::string_view forced = wgmma_variant_by_environment(); !forced.empty()) {
      if (forced == "wide") return wgmma(wgmma_wide_tile_n, wgmma_wide_options);
      if (forced == "narrow") return wgmma(wgmma_narrow_tile_n, wgmma_narrow_options);
      if (forced == "short") return short_tiles();
      return wgmma(wgmma_tile_n, {});
    }
    // 64 x 128 tiles where C has at most 64 rows: 128-row tiles would be half empty.
    if (m <= std::size_t(wgmma_short_tile_m)) return short_tiles();
    // 128 x 256 tiles (one work-group per multiprocessor) where they (nearly) fill the device: 2048^3
    // makes 128 of them for 132 multiprocessors, and runs faster so than on 256 tiles of 128 x 128.
    if (10 * tiles(wgmma_wide_tile_n) >= 9 * units) return wgmma(wgmma_wide_tile_n, wgmma_wide_options);
    // 128 x 64 where C is at most 64 wide, or where 128 x 128 tiles leave multiprocessors idle and K is
    // too short to split, or so short that even its finest split leaves them idle (128 x 128 x 65536:
    // 64 parts of one tile).
    if (n <= wgmma_narrow_tile_n || tiles(wgmma_tile_n) * most_splits(k, false) < units)
      return wgmma(wgmma_narrow_tile_n, wgmma_narrow_options);
    return wgmma(wgmma_tile_n, {});
  }
  return {&codegen::mma_sync_source(e), nullptr, tile_m, tile_n, threads};
}

// How many parts K is split into: only deep products whose tiles of C leave most of the device idle.
// (Splitting mid-sized FP64 products, 1000^3 in two, measured no faster on an H100.)
inline int splits_for(const core::Problem& p, const core::DeviceInfo& d, const Kernel& kernel, int element_bytes) {
  const std::size_t tiles = tile_count(p.m, p.n, kernel.tile_m, kernel.tile_n);
  const std::size_t units = std::max<std::size_t>(d.compute_units, 1);
  const bool fp64 = element_bytes == 8;
  if (tiles >= units || p.k < split_min_k) return 1;
  // Two work-groups per compute unit, without a second wave (8192 x 64 x 8192: faster in four parts than
  // in five or six on 128 x 64 tiles, and so for FP64).
  const std::size_t want = 2 * units / tiles;
  return static_cast<int>(std::clamp<std::size_t>(std::min(want, most_splits(p.k, fp64)), 1, max_splits));
}

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
std::vector<cl::Event> run(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                           const element::Info& e, bool c_narrow, T alpha, T beta, const Events& wait,
                           bool emulate = false, bool hopper = false) {
  const core::DeviceInfo& device = core::device_info(target.device);
  const int chunk_elements = 16 / e.bytes;
  const PlanKey key{target.context, target.device, &e, p.m, p.n, p.k, p.trans_a, p.trans_b,
                    core::vector_aligned(p.a, chunk_elements), core::vector_aligned(p.b, chunk_elements),
                    c_narrow, emulate, hopper, p.epilogue.activation, p.epilogue.bias};
  const auto [plan, known] = remembered_plan(key);
  if (!known) {
    plan->first = kernel_for(e, device, emulate, p.trans_a, p.trans_b, p.m, p.n, p.k, hopper);
    int splits = splits_for(p, device, plan->first, e.bytes);
    constexpr std::size_t split_step = 64;  // a multiple of every kernel's K step
    plan->chunk = ((p.k + splits - 1) / splits + split_step - 1) / split_step * split_step;
    plan->splits = static_cast<int>((p.k + plan->chunk - 1) / plan->chunk);
  }
  const int splits = plan->splits;
  const std::size_t chunk = plan->chunk;
  const bool split = splits > 1;
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
  if (kernel.k_major) {
    // A not transposed or B transposed: a transposed copy, which the kernel reads K-major; both copied
    // where the copies round.
    const bool flip_a = !p.trans_a, flip_b = p.trans_b;
    if (rounded || flip_a || !key.aligned_a)
      detail::prepare_copy(pack_a, queue, target, q.a, q.trans_a, rows_a, cols_a, flip_a, eb, "packed A");
    if (rounded || flip_b || !key.aligned_b)
      detail::prepare_copy(pack_b, queue, target, q.b, q.trans_b, rows_b, cols_b, flip_b, eb, "packed B");
    if (rounded) pack_a.options = pack_b.options = "-DGEMMCL_PACK_TF32";
  } else {
    if (!key.aligned_a)
      detail::prepare_copy(pack_a, queue, target, q.a, q.trans_a, rows_a, cols_a, Packing::Always, device, p.n, eb,
                           "packed A");
    if (!key.aligned_b)
      detail::prepare_copy(pack_b, queue, target, q.b, q.trans_b, rows_b, cols_b, Packing::Always, device, p.m, eb,
                           "packed B");
  }
  for (detail::PackedCopy* pk : {&pack_a, &pack_b})
    if (pk->active) events.push_back(detail::enqueue_copy(*pk, queue, target, e.bytes == 2 ? words16 : e, wait));
  if (!events.empty()) {
    first.clear();
    if (!target.in_order)
      for (const cl::Event& x : events) first.push_back(x());
  }
  ScratchPool::Lease workspace;
  core::Matrix out = p.c;
  if (split) {
    workspace = ScratchPool::instance().acquire(queue, target.context, target.in_order,
                                                std::size_t(splits) * p.m * p.n * sizeof(T), "split-K workspace");
    out = core::Matrix{&workspace.buffer(), 0, p.m};
  }
  // The fused epilogue: here, or (K split) where the parts are added.
  const bool fused = p.epilogue.active() && !split;
  std::shared_ptr<Program> program = known ? plan->program.lock() : nullptr;
  if (program) {
    kernel = plan->kernel;
  } else {
    kernel = kernel_for(e, device, emulate, q.trans_a, q.trans_b, p.m, p.n, p.k, hopper);  // the operands as read
    std::string options = "-DGEMMCL_TRANS_A=" + std::to_string(int(q.trans_a)) +
                          " -DGEMMCL_TRANS_B=" + std::to_string(int(q.trans_b)) +
                          " -DGEMMCL_TC_C_NARROW=" + std::to_string(int(c_narrow && !split));
    if (emulate) options += " -DGEMMCL_TC_EMULATE=1";
    if (rounded) options += " -DGEMMCL_WG_TF32_ROUNDED=1";
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
  const std::size_t resident = kernel.resident * std::max<std::size_t>(device.compute_units, 1);
  const std::size_t groups = resident == 0 || split ? tiles : std::min(tiles, resident);
  const std::size_t global[2] = {groups * kernel.threads, std::size_t(splits)}, local[2] = {kernel.threads, 1};
  {
    KernelArg args[20];
    std::size_t count = 0;
    for (const KernelArg x : {arg(m), arg(n), arg(k_total), arg(k_chunk), arg(first_alpha), arg(first_beta), arg(a),
                              arg(a_off), arg(lda), arg(b), arg(b_off), arg(ldb), arg(c), arg(c_off), arg(ldc),
                              arg(c_split)})
      args[count++] = x;
    const EpilogueValues<T> epilogue(p.epilogue);
    if (fused) epilogue.append(args, count);
    auto lease = program->lease();
    events.push_back(enqueue(queue, lease.get(), 2, global, local, args, count, first));
  }
  for (detail::PackedCopy* pk : {&pack_a, &pack_b})
    if (pk->active) pk->scratch.used_by(events.back());
  if (!split) return events;
  workspace.used_by(events.back());

  // The parts added into C; a 16-bit C is read and rounded by the sum pass itself.
  q.c = p.c;
  events.push_back(detail::enqueue_reduce(queue, target, q, c_narrow ? e : element_traits<T>::info, splits, p.m,
                                          workspace, alpha, beta, events.back()));
  workspace.used_by(events.back());
  return events;
}

}  // namespace runtime::tensor

// Whether `device` runs gemmcl's tensor-core kernels; `reason` says why not.
inline TensorCoreSupport tensor_cores(const cl::Device& device) {
  return runtime::tensor::support(core::device_info(device()));
}

}  // namespace gemmcl
GEMMCL_COLD_END
