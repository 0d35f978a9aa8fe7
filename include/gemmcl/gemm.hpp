#pragma once
// gemmcl: GEMM kernels composed from compile-time policies.
//
//   gemmcl::Gemm<gemmcl::Tile<128, 128, 16>, gemmcl::Vec<4>> sgemm;
//   cl::Event e = sgemm(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No,
//                       m, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
//
// Gemm<P...> resolves its policies into one configuration (policy/), whose OpenCL C text is generated
// at compile time (codegen/, vendor/) and built once per device by the runtime (runtime/).

#include <algorithm>
#include <array>
#include <cmath>
#include <compare>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "codegen/source.hpp"
#include "policy/builtin.hpp"
#include "policy/config.hpp"
#include "policy/resolve.hpp"
#include "policy/tags.hpp"
#include "runtime/arguments.hpp"
#include "runtime/device.hpp"
#include "runtime/error.hpp"
#include "runtime/launch.hpp"
#include "runtime/opencl.hpp"
#include "runtime/pack.hpp"
#include "runtime/program_cache.hpp"
#include "runtime/scratch.hpp"
#include "runtime/split.hpp"
#include "vendor/generic.hpp"
#include "vendor/nvidia.hpp"

namespace gemmcl {

namespace detail {

// "float, Tile<64,64,16>, Vec<4>, WorkPerThread<4,4>, LocalMemory<Both>, ..., vendor generic"
inline std::string describe(const policy::Config& c, std::string_view vendor) {
  auto s = std::string(c.element == policy::ElementType::Double ? "double" : "float");
  s += ", Tile<" + std::to_string(c.tile_m) + "," + std::to_string(c.tile_n) + "," +
       std::to_string(c.tile_k) + ">, Vec<" + std::to_string(c.vec) + ">, WorkPerThread<" +
       std::to_string(c.wpt_m) + "," + std::to_string(c.wpt_n) + ">, LocalMemory<";
  s += c.local_a && c.local_b ? "Both" : c.local_a ? "A" : c.local_b ? "B" : "None";
  s += ">, Padding<" + std::to_string(c.padding) + ">, Prefetch<" + (c.prefetch ? "true" : "false") +
       ">, RegisterPrefetch<" + (c.register_prefetch ? "true" : "false") + ">, Pipeline<" +
       std::to_string(c.stages) + ">, Unroll<" +
       std::to_string(c.unroll_factor()) + ">, SplitK<" + std::to_string(c.split_k) +
       (c.split_reduce == 1 ? ", InKernel" : c.split_reduce == 2 ? ", SecondPass" : "") + ">, Pack<" +
       (c.pack == 1 ? "Always" : c.pack == 2 ? "Never" : "Auto") + ">, WarpLayout<" +
       std::to_string(c.warp_lanes_m) + ">, SliceK<" + std::to_string(c.slices) + ">, vendor " +
       std::string(vendor);
  return s;
}

inline std::size_t tiles_of(const runtime::Problem& p, const policy::Config& c) {
  return ((p.m + c.tile_m - 1) / c.tile_m) * ((p.n + c.tile_n - 1) / c.tile_n);
}

// Whole-vector accesses need a matrix to start and stride on a multiple of the vector width.
inline bool vector_aligned(const runtime::Matrix& x, int vec) {
  return x.offset % std::size_t(vec) == 0 && x.ld % std::size_t(vec) == 0;
}

// Whether a vendor path declares a device-wide GLOBAL_FENCE (optional; vendor/vendor.hpp).
template <class Path>
inline constexpr bool device_fence = requires { requires Path::device_fence; };

// Runs one configuration on a validated, column-major problem; returns the events of every command it
// enqueued, in order (the last one completes the call).
// resident: work-groups of this configuration that share a compute unit (built-in entries know it;
// 1 otherwise). K is split more readily when the tiles of C fill few of those places. split_k: the
// split rule, as SplitK<S>'s S (Gemm<> passes the count its score chose; others C.split_k).
template <class Vendor, policy::Config C, class T>
std::vector<cl::Event> run(cl::CommandQueue& queue, const runtime::QueueTarget& target,
                           const runtime::Problem& p, T alpha, T beta, const Events& wait,
                           int resident = 1, int split_k = C.split_k) {
  using path = vendor::VendorPath<Vendor>;
  static const std::string description = describe(C, path::name);
  const runtime::DeviceInfo& device = runtime::device_info(target.device);

  runtime::Requirements req;
  req.local[0] = static_cast<std::size_t>(C.threads_m());
  req.local[1] = static_cast<std::size_t>(C.threads_n() * C.slices);
  req.local_bytes = C.local_bytes();
  req.fp64 = C.element == policy::ElementType::Double;
  req.device_vendor = path::device_vendor;
  req.describe = description;
  runtime::check_device(device, req);

  // k = 0 or alpha = 0: C := beta * C, and A and B are not read. With beta = 1 that is nothing.
  const bool no_product = p.k == 0 || alpha == T(0);
  if (no_product && beta == T(1)) return {runtime::marker(queue, wait)};

  const std::size_t k = no_product ? 0 : p.k;
  const runtime::SplitPlan plan =
      runtime::plan_split(tiles_of(p, C), p.m, p.n, k, C.tile_k, split_k, device, sizeof(T), resident);
  const bool split = plan.splits > 1;

  // A misaligned A or B may be packed into an aligned copy first, and on CPUs a transposed one into its
  // untransposed order (runtime/pack.hpp); the product then reads the copy.
  struct PackedCopy {
    bool active = false;
    bool transpose = false;  // the copy is the transpose of what the caller stored
    runtime::Matrix from{};  // the user's operand
    std::size_t rows = 0, cols = 0;  // as the caller stored it
    runtime::ScratchPool::Lease scratch;
  };
  auto& pool = runtime::ScratchPool::instance();
  PackedCopy pack_a, pack_b;
  runtime::Matrix a_in = p.a, b_in = p.b;
  bool trans_a = p.trans_a, trans_b = p.trans_b;  // as the product reads A and B
  if (!no_product) {
    const auto consider = [&](PackedCopy& pk, runtime::Matrix& in, bool& trans, std::size_t rows,
                              std::size_t cols, std::size_t uses, const char* what) {
      const bool transpose =
          trans && runtime::should_transpose(C.pack, device, rows, cols, uses, sizeof(T));
      if (!transpose && (C.vec == 1 || vector_aligned(in, C.vec) ||
                         !runtime::should_pack(C.pack, device, rows, cols, uses, k, sizeof(T))))
        return;
      pk.active = true;
      pk.transpose = transpose;
      pk.from = in;
      pk.rows = rows;
      pk.cols = cols;
      const std::size_t ld = runtime::packed_ld(transpose ? cols : rows);
      pk.scratch =
          pool.acquire(queue, target.context, target.in_order, ld * (transpose ? rows : cols) * sizeof(T), what);
      in = runtime::Matrix{&pk.scratch.buffer(), 0, ld};
      if (transpose) trans = false;
    };
    consider(pack_a, a_in, trans_a, p.trans_a ? k : p.m, p.trans_a ? p.m : k, p.n, "packed A");
    consider(pack_b, b_in, trans_b, p.trans_b ? p.n : k, p.trans_b ? k : p.n, p.m, "packed B");
  }

  // With a split, the product writes partial products into a workspace of `splits` m x n slices, whose
  // leading dimension is a multiple of the vector width so that they are written and read as whole
  // vectors. The parts are added by the last work-group of each tile (tickets: one counter per tile)
  // or by a second kernel (runtime/split.hpp says which).
  runtime::ScratchPool::Lease workspace, tickets;
  cl::Event tickets_filled;
  const bool in_kernel = split && runtime::reduce_in_kernel(plan, C.split_reduce, device_fence<path>);
  const std::size_t ldw = (p.m + C.vec - 1) / C.vec * C.vec;
  if (split)
    workspace = pool.acquire(queue, target.context, target.in_order, plan.splits * ldw * p.n * sizeof(T),
                             "split-K workspace");
  if (in_kernel)
    tickets = pool.acquire(queue, target.context, target.in_order, tiles_of(p, C) * sizeof(cl_uint),
                           "split-K tickets", &tickets_filled);
  const runtime::Matrix out = split ? runtime::Matrix{&workspace.buffer(), 0, ldw} : p.c;

  const bool aligned = C.vec > 1 && vector_aligned(a_in, C.vec) && vector_aligned(b_in, C.vec);
  const bool aligned_c = C.vec > 1 && vector_aligned(out, C.vec);
  std::string options = "-DGEMMCL_TRANS_A=" + std::to_string(int(trans_a)) +
                        " -DGEMMCL_TRANS_B=" + std::to_string(int(trans_b)) +
                        " -DGEMMCL_ALIGNED=" + std::to_string(int(aligned));
  if (in_kernel) options += " -DGEMMCL_SPLIT_IN_KERNEL=1";
  if (!path::build_options.empty()) options += " " + std::string(path::build_options);
  // Vendor paths choose instructions by it (cp.async needs 8.0).
  if (device.nv_compute_capability > 0)
    options += " -DGEMMCL_NV_SM=" + std::to_string(device.nv_compute_capability);

  const runtime::ProgramSource source{
      codegen::kernel_source<Vendor, C>.view(),
      codegen::kernel_source_hash<Vendor, C>,
      {codegen::kernel_name, codegen::reduce_kernel_name, codegen::pack_kernel_name},
      description};
  auto program =
      runtime::ProgramCache::instance().get_or_build(target.context, target.device, source, options);
  runtime::check_kernel(*program, req, device);

  // The element-wise kernels (reduce, pack) run in work-groups of 64 x 4: 64 along the contiguous
  // extent. Letting the driver choose gave NVIDIA's odd shapes work-groups of a few work-items.
  const std::size_t line[2] = {64, 4};
  const auto lines = [](std::size_t rows, std::size_t cols) {
    return std::array<std::size_t, 2>{(rows + 63) / 64 * 64, (cols + 3) / 4 * 4};
  };

  if (no_product) {
    // C := beta * C (zero when beta = 0, without reading C): the second-pass kernel with no parts to
    // add. A main kernel with an empty K loop would do the same, but its barrier loop would run zero
    // times, which PoCL 3.1 mishandles (it applied beta twice to one work-item's elements).
    const cl_int m = static_cast<cl_int>(p.m), n = static_cast<cl_int>(p.n), none = 0;
    const cl_int c_ld = static_cast<cl_int>(p.c.ld);
    const cl_ulong c_offset = p.c.offset;
    const T zero = T(0);  // alpha times an empty sum: 0, even for an infinite or NaN alpha
    const cl_mem w = nullptr, dst = (*p.c.buffer)();
    auto lease = program->lease(1);
    return {runtime::enqueue(queue, lease.get(), 2, lines(p.m, p.n).data(), line,
                             {runtime::arg(m), runtime::arg(n), runtime::arg(none), runtime::arg(zero),
                              runtime::arg(beta), runtime::arg(w), runtime::arg(m), runtime::arg(dst),
                              runtime::arg(c_offset), runtime::arg(c_ld)},
                             wait.handles())};
  }

  std::vector<cl::Event> events;
  if (tickets_filled() != nullptr) events.push_back(tickets_filled);
  for (PackedCopy* pk : {&pack_a, &pack_b}) {
    if (!pk->active) continue;
    const cl_int rows = static_cast<cl_int>(pk->rows), cols = static_cast<cl_int>(pk->cols);
    const cl_int src_ld = static_cast<cl_int>(pk->from.ld);
    const cl_int dst_ld = static_cast<cl_int>(runtime::packed_ld(pk->transpose ? pk->cols : pk->rows));
    const cl_int transpose = pk->transpose ? 1 : 0;
    const cl_ulong src_offset = pk->from.offset;
    const cl_mem src = (*pk->from.buffer)(), dst = pk->scratch.buffer()();
    auto lease = program->lease(2);
    events.push_back(runtime::enqueue(
        queue, lease.get(), 2,
        lines(pk->transpose ? (pk->rows + codegen::pack_columns - 1) / codegen::pack_columns : pk->rows,
              (pk->cols + codegen::pack_columns - 1) / codegen::pack_columns)
            .data(),
        line,
        {runtime::arg(rows), runtime::arg(cols), runtime::arg(src), runtime::arg(src_offset),
         runtime::arg(src_ld), runtime::arg(dst), runtime::arg(dst_ld), runtime::arg(transpose)},
        wait.handles()));
    pk->scratch.used_by(events.back());
  }

  const cl_int m = static_cast<cl_int>(p.m), n = static_cast<cl_int>(p.n);
  const cl_int k_total = static_cast<cl_int>(k), k_chunk = plan.k_chunk;
  const cl_int lda = static_cast<cl_int>(a_in.ld), ldb = static_cast<cl_int>(b_in.ld),
               ldc = static_cast<cl_int>(out.ld);
  const cl_ulong a_off = a_in.offset, b_off = b_in.offset, c_off = out.offset;
  const cl_ulong c_split = split ? cl_ulong(ldw) * p.n : 0;
  const cl_int c_whole = aligned_c ? 1 : 0;  // an argument, not a build option: one program fewer
  const T first_alpha = split ? T(1) : alpha, first_beta = split ? T(0) : beta;
  const cl_mem a = (*a_in.buffer)(), b = (*b_in.buffer)();
  const cl_mem c = (*out.buffer)();
  // In-kernel reduction: the tickets, and the user's C as the destination of the last work-groups.
  const cl_mem ticket_mem = in_kernel ? tickets.buffer()() : nullptr;
  const cl_mem d = in_kernel ? (*p.c.buffer)() : nullptr;
  const cl_ulong d_off = p.c.offset;
  const cl_int ldd = static_cast<cl_int>(p.c.ld);

  const std::size_t global[3] = {(p.m + C.tile_m - 1) / C.tile_m * req.local[0],
                                 (p.n + C.tile_n - 1) / C.tile_n * req.local[1],
                                 static_cast<std::size_t>(plan.splits)};
  const std::size_t local[3] = {req.local[0], req.local[1], 1};

  {
    // The product waits for the user's events, or for the packing that already waited for them. An
    // in-order queue orders a call's own commands by itself; only out-of-order queues need events.
    // A new ticket buffer's zero fill waits for nothing and comes first.
    std::vector<cl_event> after = wait.handles();
    if (pack_a.active || pack_b.active) after.clear();
    if (!target.in_order)
      for (const cl::Event& e : events) after.push_back(e());
    auto lease = program->lease(0);
    events.push_back(runtime::enqueue(
        queue, lease.get(), 3, global, local,
        {runtime::arg(m), runtime::arg(n), runtime::arg(k_total), runtime::arg(k_chunk),
         runtime::arg(first_alpha), runtime::arg(first_beta), runtime::arg(a), runtime::arg(a_off),
         runtime::arg(lda), runtime::arg(b), runtime::arg(b_off), runtime::arg(ldb), runtime::arg(c),
         runtime::arg(c_off), runtime::arg(ldc), runtime::arg(c_split), runtime::arg(c_whole),
         runtime::arg(ticket_mem), runtime::arg(d), runtime::arg(d_off), runtime::arg(ldd),
         runtime::arg(alpha), runtime::arg(beta)},
        after));
    for (PackedCopy* pk : {&pack_a, &pack_b})
      if (pk->active) pk->scratch.used_by(events.back());
    if (split) workspace.used_by(events.back());
    if (in_kernel) tickets.used_by(events.back());
  }
  if (split && !in_kernel) {
    const cl_int splits = plan.splits, c_ld = static_cast<cl_int>(p.c.ld);
    const cl_ulong c_offset = p.c.offset;
    const cl_mem w = workspace.buffer()(), dst = (*p.c.buffer)();
    auto lease = program->lease(1);
    events.push_back(runtime::enqueue(
        queue, lease.get(), 2, lines(p.m, p.n).data(), line,
        {runtime::arg(m), runtime::arg(n), runtime::arg(splits), runtime::arg(alpha), runtime::arg(beta),
         runtime::arg(w), runtime::arg(ldc), runtime::arg(dst), runtime::arg(c_offset), runtime::arg(c_ld)},
        target.in_order ? std::vector<cl_event>{} : std::vector<cl_event>{events.back()()}));
    workspace.used_by(events.back());
  }
  return events;
}

inline policy::DeviceClass device_class(const runtime::DeviceInfo& d) {
  if (d.is_cpu()) return policy::DeviceClass::Cpu;
  if (d.vendor.find("NVIDIA") != std::string::npos) return policy::DeviceClass::NvidiaGpu;
  return policy::DeviceClass::OtherGpu;
}

// A built-in entry with the caller's run-time rules (SplitK, Pack).
constexpr policy::Config with_rules(policy::Config c, const policy::Config& caller) {
  c.split_k = caller.split_k;
  c.split_reduce = caller.split_reduce;
  c.pack = caller.pack;
  return c;
}

// How busy an entry's work-groups (after splitting K) keep the device, 0 to 1. They run in waves of
// `capacity` = compute units x resident. Within one wave a unit holding j of its `resident` groups runs
// at (j / resident)^p of its full rate: p = 1/4 for groups of 256 work-items and more (one group
// already does most of the work), 3/4 below (four warps need company: the 128 x 64 entry in two
// parts ran 1000^3 5% slower than the 64 x 128 entry, and in four parts 512^3 14% slower, where it
// is 13% faster with three groups per unit; bench/TUNING.md run 64); with fewer
// groups than units, the idle units do nothing (512^3 in 3 parts of 64 x 128 tiles, 96 groups on 132
// units, ran 10% slower than in 4 parts, 128 groups, bench/TUNING.md run 39). Beyond one wave,
// the last partial wave spreads its groups over the units and takes (j / resident)^(1/2) of a full
// wave's time: 153 tiles of 128 x 256 on 132 units (2049^3) take two whole waves, which made that shape
// 0.5x cuBLAS where 64 x 128 tiles reach 0.7x (H200, bench/TUNING.md run 23); and a last wave of one
// 128 x 128 group on 33 of the units (4097^3) cost that entry a fifth of its speed (runs 63-64), which
// the exponent 3/4 it had before rated at a tenth. Within one wave, when each group's K loop is long
// (k_per_group >= kBusiestUnitsMinK), the busiest units, holding ceil(groups / units), set the time:
// 153 tiles of 64 x 128 with K whole (21 units with two groups, 111 with one) ran 1088^3 at 20.8
// TFLOPS, the 128 x 64 entry in two parts at 26.2 (run 108), and counting them moved 1048^3-2200^3
// shapes in several pairs 5-40% faster (run 111). Below 512 of K per group the count mispredicted
// (552 x 1104 x 552 and 624^3 lost 5-11% with it), so short groups keep the plain estimate.
inline constexpr double kBusiestUnitsMinK = 512;
inline double busy_fraction(double groups, double units, double resident, double threads,
                            double k_per_group = 0) {
  const double capacity = units * resident;
  const double p = threads >= 256 ? 0.25 : 0.75;
  if (groups < units) return groups / units * std::pow(1.0 / resident, p);
  if (groups <= capacity) {
    if (k_per_group < kBusiestUnitsMinK) return std::pow(groups / capacity, p);
    const double busiest = std::ceil(groups / units);
    return groups / (units * busiest) * std::pow(busiest / resident, p);
  }
  const double full = std::floor(groups / capacity), rest = groups - full * capacity;
  const double tail = rest > 0 ? std::pow(std::ceil(rest / units) / resident, 0.5) : 0.0;
  return (groups / capacity) / (full + tail);
}

// Gemm<>'s estimate of how fast a built-in entry runs this problem, in the entry's speed units:
//   speed x fill x busy fraction x K-loop length x split cost x fit
// fill: the real part of the tile area covering C. Busy fraction: above. K-loop length: a work-group's
// K range over that plus 64, the prologue and epilogue it pays once (fitted to L2-cold runs of the
// 64 x 128 entry in 1 to 4 parts at 768^3-1024^3, bench/TUNING.md run 32). Split cost: adding the
// parts, measured at about 15% with a second kernel and 5% in the kernel (run 38). Fit: on CPUs,
// whether the entry's vectors fit the vector unit. split_k: the split rule, as SplitK<S>'s S.
inline double score(const runtime::Problem& p, const policy::Config& c, int speed, int resident,
                    const runtime::DeviceInfo& d, std::size_t element_bytes, int split_k,
                    bool device_fence) {
  const double covered = double((p.m + c.tile_m - 1) / c.tile_m * c.tile_m) *
                         double((p.n + c.tile_n - 1) / c.tile_n * c.tile_n);
  const double fill = double(p.m) * double(p.n) / covered;
  const std::size_t tiles = tiles_of(p, c);
  const runtime::SplitPlan plan =
      runtime::plan_split(tiles, p.m, p.n, p.k, c.tile_k, split_k, d, element_bytes, resident);
  const double k_per_group = double(plan.splits > 1 ? plan.k_chunk : p.k);
  const double busy = busy_fraction(double(tiles) * plan.splits,
                                    double(std::max<std::size_t>(d.compute_units, 1)), resident,
                                    double(c.threads()), k_per_group);
  const double k_loop = k_per_group / (k_per_group + 64.0);
  const double split_cost = plan.splits == 1                                                   ? 1.0
                            : runtime::reduce_in_kernel(plan, c.split_reduce, device_fence) ? 0.95
                                                                                              : 0.85;
  // A CPU entry whose vectors are wider than the device's vector unit spills its register tile.
  const cl_uint native = element_bytes == 8 ? d.native_width_double : d.native_width_float;
  const double fits = d.is_cpu() && cl_uint(c.vec) > native ? 0.01 : 1.0;
  return speed * fill * busy * k_loop * split_cost * fits;
}

// The best split rule for an entry and its score. With the caller's automatic rule, an
// entry whose parts can be added in the kernel (a device-wide fence) also scores a count of parts, up
// to kInKernelMaxParts, within one wave (see below); if the automatic rule would split into no more
// parts than that, this count replaces it, else the two are scored. Without the second kernel's cost
// a split pays where the automatic rule keeps K whole, or cuts it finer than pays (H200, 64 x 128
// tiles, bench/TUNING.md runs 38-39): 1000^3 in 2 parts +5-9% over 1 and 3; 768^3 in 3 parts +17%
// over 4; 512^3 in 4 parts +7-10% over 8. A third group per unit of that entry (256 work-items) lost
// each time. With long K the second kernel's share is small, and for work-groups of fewer than 256
// work-items (8 warps) the automatic rule's larger counts won, two groups per unit being too few
// warps: 4096 x 64 x 4096 on the 128 x 64 entry (128 work-items) in 8 parts ran up to 13% faster than
// in 4 in the kernel, while the 64 x 128 entry (256) on 64 x 8192 x 8192 gained 1-5% from 4 in the
// kernel over 8 (runs 42-43).
struct Choice {
  double score = 0;
  int split_k = 0;
};
// Whether the caller (with_rules) leaves both the split count and who adds the parts to Gemm<>'s
// rules, as the part counts of choose, short parts and one wave need.
constexpr bool split_left_to_rules(const policy::Config& c) { return c.split_k == 0 && c.split_reduce != 2; }
inline constexpr std::size_t kInKernelSearchMaxK = 2048;
inline constexpr std::size_t kInKernelLongK = 1024;

// The in-kernel part count for `tiles` tiles (see choose): up to two groups per unit, or as many as
// fit for groups under 256 work-items, the count that fills the busiest units best, ties to more.
inline int balanced_parts(std::size_t tiles, std::size_t units, int threads, int resident) {
  const std::size_t per_unit = threads < 256 ? std::size_t(std::max(resident, 2)) : 2;
  const auto balance = [&](std::size_t groups) {
    return double(groups) / double(units * ((groups + units - 1) / units));
  };
  int parts = 1;
  for (int q = 2; q <= runtime::kInKernelMaxParts && q * tiles <= per_unit * units; ++q)
    if (balance(q * tiles) >= balance(std::size_t(parts) * tiles)) parts = q;
  return parts;
}

inline Choice choose(const runtime::Problem& p, const policy::Config& c, int speed, int resident,
                     const runtime::DeviceInfo& d, std::size_t element_bytes, bool device_fence) {
  const Choice best{score(p, c, speed, resident, d, element_bytes, c.split_k, device_fence), c.split_k};
  if (!split_left_to_rules(c) || !device_fence) return best;
  const std::size_t tiles = tiles_of(p, c), units = std::max<std::size_t>(d.compute_units, 1);
  const auto scored = [&](int split_k) {
    return Choice{score(p, c, speed, resident, d, element_bytes, split_k, device_fence), split_k};
  };
  // More than two tiles per unit: some units hold three groups or the tiles need more than one wave,
  // and the most in-kernel parts ran fastest at every size measured, the finer groups evening out
  // the units' loads and the last wave (128 x 64 tiles, 4 parts against 1: 1536^3 +21%, 2049^3 +10%,
  // 2500^3 +12%, 3000^3 +3%, 4097^3 +2%; 64 x 128 tiles likewise; H200, bench/TUNING.md run 64). The
  // busy fraction does not see the busiest units, so the split keeps the better of the two scores.
  // Only with K long enough that each part keeps its K loop (every size measured had K >= 1536).
  if (tiles > 2 * units && p.k >= kInKernelLongK) {
    const int parts = runtime::kInKernelMaxParts;
    return {std::max(best.score, scored(parts).score), parts};
  }
  if (p.k > kInKernelSearchMaxK && c.threads() < 256) return best;
  // Up to two groups per unit, or as many as fit for groups under 256 work-items (four warps need
  // company; H200, bench/TUNING.md runs 106-108: the 128 x 64 entry with three per unit ran 896^3
  // 25% faster than the 64 x 128 entry with two, 1000^3-1024^3 1-5%, 1152^3 33%). Among those counts,
  // the one that fills the busiest units best, ties to more parts: 81 tiles of 128 x 64 ran 8-12%
  // faster in 3 parts (243 groups, two on most units) than in 4 (324: three on 60 units, two on 72).
  int parts = balanced_parts(tiles, units, c.threads(), resident);
  Choice few = scored(parts);
  // Where even two parts overfill the wave, groups under 256 work-items that share a unit with two
  // or more others may take more parts than fit in one wave, if the score says so: 1224^3-1280^3 on
  // the 128 x 64 entry in 3 parts (600 groups at 1280^3) ran 13-20% faster than the 64 x 128 entry
  // with K whole, 1848 x 924 x 1848 in 4 parts 7-13%, and double 808 x 1616 x 808 on the 64 x 64 entry
  // in 3 parts 28-35% faster than the 128 x 64 entry with K whole (H200, bench/TUNING.md run 113). Not
  // from a count that already fits (1064 x 532 x 1064 from 3 parts to 4: -7 to -11%), nor for the
  // double 128 x 64 entry (two per unit; 1080^3 in 3 parts: -4 to -6%). It costs 1288^3-1408^3 with A
  // transposed 2-7% against the 128 x 256 entry.
  if (c.threads() < 256 && resident >= 3 && parts == 1)
    for (int q = parts + 1; q <= runtime::kInKernelMaxParts; ++q)
      if (const Choice more = scored(q); more.score > few.score) few = more;
  const runtime::SplitPlan automatic =
      runtime::plan_split(tiles, p.m, p.n, p.k, c.tile_k, 0, d, element_bytes, resident);
  Choice pick;
  if (automatic.splits <= runtime::kInKernelMaxParts) {
    // Whole K, or the counts compared with parts: one of them.
    const Choice whole = scored(1);
    pick = few.score >= whole.score ? few : whole;
  } else {
    pick = few.score > best.score ? few : best;
  }
  return pick;
}

// Gemm<>'s choice among a table's entries for a problem on a device: the best-scoring entry (the
// first of equals) and its split. `caller` carries the caller's run-time rules (SplitK, Pack).
struct Pick {
  std::size_t entry = 0;
  Choice choice;
};
// Short parts. Where a product splits the smallest unsliced tile of eight warps or more that adds its
// parts in the kernel into 2-4 parts of 64-192 K each, at most two groups per unit, the per-group costs
// (the first loads, storing and adding the parts) outweigh the FMAs, and more, smaller groups win whatever
// the entries' large-problem speeds: on an H200 the 64 x 64 entry so split ran 256^3-576^3,
// 512 x 256 x 512 and 320 x 640 x 320 15-50% faster than the choice of the score (the 64 x 128 entry
// in 4 parts, or a second kernel adding 5-8 parts), all four pairs; with parts of 256 K or more
// (256 x 256 x 1024, 640^3, 512 x 512 x 1024) it was even or slower (bench/TUNING.md runs 120-121).
inline constexpr int kShortPartsMinK = 64, kShortPartsMaxK = 192;

// What pick_entry knows of a table entry for the problem at hand.
struct Candidate {
  policy::Config config;  // with the caller's run-time rules
  int speed = 0;          // for the problem's pair of transposes
  int resident = 1;
  bool device_fence = false;
};

// The entry the short-parts rule takes and its count of parts; entry == n where the rule does not apply.
struct ShortParts {
  std::size_t entry = 0;
  int parts = 1;
};
inline ShortParts short_parts_entry(const runtime::Problem& p, const Candidate* entries, std::size_t n,
                                    const runtime::DeviceInfo& d, std::size_t element_bytes) {
  std::size_t pick = n;
  for (std::size_t i = 0; i < n; ++i) {
    const policy::Config& c = entries[i].config;
    if (!entries[i].device_fence || !split_left_to_rules(c) || c.threads() < 256 || c.slices != 1) continue;
    const policy::Config& smallest = entries[pick == n ? i : pick].config;
    if (pick == n || c.tile_m * c.tile_n < smallest.tile_m * smallest.tile_n) pick = i;
  }
  if (pick == n) return {n, 1};
  const Candidate& e = entries[pick];
  const std::size_t tiles = tiles_of(p, e.config), units = std::max<std::size_t>(d.compute_units, 1);
  const int parts = balanced_parts(tiles, units, e.config.threads(), e.resident);
  if (parts < 2) return {n, 1};
  const runtime::SplitPlan plan =
      runtime::plan_split(tiles, p.m, p.n, p.k, e.config.tile_k, parts, d, element_bytes, e.resident);
  if (plan.splits != parts || plan.k_chunk < kShortPartsMinK || plan.k_chunk > kShortPartsMaxK) return {n, 1};
  return {pick, parts};
}

// One wave of sliced work-groups. An entry with SliceK<S> (S register-tile grids per work-group, each
// multiplying a slice of every K step, added in local memory) runs a product with K whole, one group
// per unit and nothing to add across work-groups, where splitting K pays for writing, fencing and
// reading parts (about 3.3 us of a 19 us call at 512^3, bench/TUNING.md run 150). It replaces a choice
// that splits K, where the caller leaves the split to Gemm<>, when the entry's tiles fill at most all
// the units and at least half of them (K up to 512) or 60% (K up to kOneWaveMaxK), and K is at most 24
// times the tile's shorter side: the thinner tile reads more operand bytes per FMA, so its one wave
// stops paying sooner. On an H200, 384^3-512^3 ran 4-17% faster on 64 x 32 / 32 x 64 tiles than on the
// 64 x 64 entry in 3-4 parts; 640^3-704^3 and 576 x 576 x 1152 to 704 x 704 x 1152 1-15% faster on
// 64 x 64 tiles; 512 x 512 x 64 37-40%; 2:1 to 6:1 rectangles with K of 128-1024 that had 2-4 parts
// 3-28% (320 x 1280 x 1024 TN +1%). Left out, because they lost: 512 x 512 x 1024 on 64 x 32 tiles (up
// to 5%), 768 x 384 x 768 on 72 tiles of 64 x 64 (2-13%), more tiles than units, and choices with K
// whole (640 x 640 x 32, 512 x 1024 x 64: even to 15% slower) (runs 154-162). Of several such entries,
// the smallest tile (more groups in the one wave, each with less work: 1056 x 224 x 256 has 119 tiles
// of 64 x 32 and 68 of 64 x 64), then the better speed for the pair of transposes. Sliced entries take
// part in no other choice.
inline constexpr std::size_t kOneWaveMaxK = 1152, kOneWaveShortK = 512;
inline std::size_t one_wave_entry(const runtime::Problem& p, const Candidate* entries, std::size_t n,
                                  const runtime::DeviceInfo& d) {
  if (p.k > kOneWaveMaxK) return n;
  const std::size_t units = std::max<std::size_t>(d.compute_units, 1);
  std::size_t pick = n;
  for (std::size_t i = 0; i < n; ++i) {
    const policy::Config& c = entries[i].config;
    if (c.slices == 1 || !split_left_to_rules(c)) continue;
    if (p.k > 24 * std::size_t(std::min(c.tile_m, c.tile_n))) continue;
    const std::size_t tiles = tiles_of(p, c);
    const bool enough = p.k <= kOneWaveShortK ? 2 * tiles >= units : 10 * tiles >= 6 * units;
    if (!enough || tiles > units) continue;
    if (pick == n) {
      pick = i;
      continue;
    }
    const policy::Config& b = entries[pick].config;
    const int area = c.tile_m * c.tile_n, best_area = b.tile_m * b.tile_n;
    if (area < best_area || (area == best_area && entries[i].speed > entries[pick].speed)) pick = i;
  }
  return pick;
}

template <class Table, std::size_t... I>
Pick pick_entry(std::index_sequence<I...>, const runtime::Problem& p, const runtime::DeviceInfo& device,
                const policy::Config& caller, std::size_t element_bytes) {
  constexpr std::size_t n = sizeof...(I);
  const Candidate entries[] = {
      {with_rules(std::tuple_element_t<I, Table>::config, caller),
       std::tuple_element_t<I, Table>::speed.of(p.trans_a, p.trans_b),
       std::tuple_element_t<I, Table>::resident,
       device_fence<vendor::VendorPath<typename std::tuple_element_t<I, Table>::vendor>>}...};
  Pick pick;
  if (const ShortParts sp = short_parts_entry(p, entries, n, device, element_bytes); sp.entry != n) {
    const Candidate& e = entries[sp.entry];
    const double s = score(p, e.config, e.speed, e.resident, device, element_bytes, sp.parts, e.device_fence);
    pick = {sp.entry, {s, sp.parts}};
  } else {
    Choice choices[n];
    for (std::size_t i = 0; i < n; ++i) {
      const Candidate& e = entries[i];
      choices[i] = e.config.slices == 1
                       ? choose(p, e.config, e.speed, e.resident, device, element_bytes, e.device_fence)
                       : Choice{-1, 0};
    }
    for (std::size_t i = 1; i < n; ++i)
      if (choices[i].score > choices[pick.entry].score) pick.entry = i;
    pick.choice = choices[pick.entry];
  }
  // A sliced entry in one wave replaces a choice that splits K (see one_wave_entry).
  const Candidate& chosen = entries[pick.entry];
  const runtime::SplitPlan plan = runtime::plan_split(tiles_of(p, chosen.config), p.m, p.n, p.k,
                                                      chosen.config.tile_k, pick.choice.split_k, device,
                                                      element_bytes, chosen.resident);
  if (plan.splits > 1)
    if (const std::size_t w = one_wave_entry(p, entries, n, device); w != n) {
      const Candidate& e = entries[w];
      return {w, {score(p, e.config, e.speed, e.resident, device, element_bytes, 1, e.device_fence), 1}};
    }
  return pick;
}
template <class Table>
Pick pick_entry(const runtime::Problem& p, const runtime::DeviceInfo& device,
                const policy::Config& caller, std::size_t element_bytes) {
  return pick_entry<Table>(std::make_index_sequence<std::tuple_size_v<Table>>{}, p, device, caller,
                           element_bytes);
}

// Gemm<>'s choice depends only on the shape, the transposes, the device and the caller's rules (all of
// them fixed for one Gemm type but the first three), and scoring every entry took 0.8-1.0 us of host
// time per call for the NVIDIA float table. Each Gemm type keeps the choices it made, so a program
// repeating a shape scores it once. Bounded: past kRememberedPicks shapes it starts again.
inline constexpr std::size_t kRememberedPicks = 1024;
template <class Table, policy::Config Caller, class T>
Pick remembered_pick(cl_device_id id, const runtime::Problem& p, const runtime::DeviceInfo& device) {
  struct Key {
    cl_device_id device;
    std::size_t m, n, k;
    bool trans_a, trans_b;
    auto operator<=>(const Key&) const = default;
  };
  static std::mutex mutex;
  static std::map<Key, Pick> picks;
  const Key key{id, p.m, p.n, p.k, p.trans_a, p.trans_b};
  std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = picks.find(key); it != picks.end()) return it->second;
  if (picks.size() >= kRememberedPicks) picks.clear();
  return picks.emplace(key, pick_entry<Table>(p, device, Caller, sizeof(T))).first->second;
}

// Gemm<>'s last-wave plan for an entry (with the caller's rules, as with_rules gives it) and the split
// the score chose: none where the caller set a SplitK rule of their own, the chosen split divides K
// anyway, K is empty, or A or B is misaligned for the entry's vectors (the product would pack it).
inline runtime::LastWavePlan last_wave_plan(const runtime::Problem& p, const policy::Config& c, int resident,
                                            const runtime::DeviceInfo& d, int split_k,
                                            std::size_t element_bytes) {
  if (c.split_k != 0 || p.k == 0 || (c.vec > 1 && !(vector_aligned(p.a, c.vec) && vector_aligned(p.b, c.vec))))
    return {};
  const std::size_t tiles_m = (p.m + c.tile_m - 1) / c.tile_m, tiles_n = (p.n + c.tile_n - 1) / c.tile_n;
  if (runtime::plan_split(tiles_m * tiles_n, p.m, p.n, p.k, c.tile_k, split_k, d, element_bytes, resident)
          .splits > 1)
    return {};
  return runtime::plan_last_wave(tiles_m, tiles_n, (p.k + c.tile_k - 1) / c.tile_k, d.compute_units, resident);
}

// Columns [from, from + cols) of a column-major problem's C, and the columns of op(B) they take.
inline runtime::Problem columns(const runtime::Problem& p, std::size_t from, std::size_t cols) {
  runtime::Problem q = p;
  q.n = cols;
  q.c.offset += from * p.c.ld;
  q.b.offset += p.trans_b ? from : from * p.b.ld;
  return q;
}

// Runs C's first main_cols columns with K whole and the others with K split in `parts`, as two calls
// of one configuration (runtime::plan_last_wave says why). They write disjoint columns of C; on an
// out-of-order queue the second waits for the first, so that the last event still completes the call.
template <class Vendor, policy::Config C, class T>
std::vector<cl::Event> run_last_wave_split(cl::CommandQueue& queue, const runtime::QueueTarget& target,
                                           const runtime::Problem& p, T alpha, T beta, const Events& wait,
                                           int resident, std::size_t main_cols, int parts) {
  std::vector<cl::Event> events = run<Vendor, C>(queue, target, columns(p, 0, main_cols), alpha, beta, wait,
                                                 resident, 1);
  const Events after{events.back()};
  std::vector<cl::Event> rest = run<Vendor, C>(queue, target, columns(p, main_cols, p.n - main_cols), alpha,
                                               beta, target.in_order ? wait : after, resident, parts);
  events.insert(events.end(), rest.begin(), rest.end());
  return events;
}

// Gemm<>: runs the picked entry. On NVIDIA GPUs, where the entry keeps K whole and its last wave of
// work-groups would be partly empty, the columns of C left over after the whole waves get K split.
// Not where A or B would be packed (each call would pack its own copy).
template <class Table, policy::Config Caller, class T, std::size_t... I>
std::vector<cl::Event> run_best(std::index_sequence<I...>, cl::CommandQueue& queue,
                                const runtime::QueueTarget& target, const runtime::Problem& p, T alpha,
                                T beta, const Events& wait) {
  const runtime::DeviceInfo& device = runtime::device_info(target.device);
  const Pick pick = remembered_pick<Table, Caller, T>(target.device, p, device);
  std::vector<cl::Event> events;
  const auto attempt = [&](auto entry, std::size_t index) {
    using E = decltype(entry);
    if (index != pick.entry) return;
    constexpr policy::Config c = with_rules(E::config, Caller);
    const runtime::LastWavePlan last =
        device_class(device) == policy::DeviceClass::NvidiaGpu && alpha != T(0)
            ? last_wave_plan(p, c, E::resident, device, pick.choice.split_k, sizeof(T))
            : runtime::LastWavePlan{};
    if (last.parts > 1) {
      events = run_last_wave_split<typename E::vendor, c>(queue, target, p, alpha, beta, wait, E::resident,
                                                          last.main_cols * std::size_t(c.tile_n), last.parts);
      return;
    }
    events = run<typename E::vendor, c>(queue, target, p, alpha, beta, wait, E::resident,
                                        pick.choice.split_k);
  };
  (attempt(std::tuple_element_t<I, Table>{}, I), ...);
  return events;
}

}  // namespace detail

template <class... Policies>
class Gemm {
  using resolved = policy::resolve<Policies...>;

 public:
  using value_type = typename resolved::element_type;
  using vendor_type = typename resolved::vendor;
  // A vendor tag must come with its path; instantiating it here reports a missing one at once, not
  // only when `source` or the call is first used.
  static_assert(sizeof(vendor::VendorPath<vendor_type>) > 0);

  // The resolved configuration. For Gemm<> (no kernel policy given) it is the portable configuration;
  // at run time Gemm<> picks from a built-in table per device and shape (policy/builtin.hpp).
  static constexpr policy::Config config = resolved::config;
  static constexpr bool automatic = resolved::automatic;

  // The OpenCL C program of this configuration, fixed at compile time.
  static constexpr std::string_view source = codegen::kernel_source<vendor_type, config>.view();

  // C := alpha * op(A) * op(B) + beta * C, with CLBlast's argument order. Enqueues and returns the event
  // of the last command without waiting. Throws gemmcl::Error before enqueueing anything on bad input.
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                       Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                       value_type alpha, const cl::Buffer& a, std::size_t a_offset, std::size_t a_ld,
                       const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, value_type beta,
                       cl::Buffer& c, std::size_t c_offset, std::size_t c_ld,
                       const Events& wait = {}) const {
    return enqueue_all(queue, layout, a_transpose, b_transpose, m, n, k, alpha, a, a_offset, a_ld, b,
                       b_offset, b_ld, beta, c, c_offset, c_ld, wait)
        .back();
  }

  // The same call, returning the events of every command it enqueued, in order: packing copies of A or
  // B if any, the product, and the second kernel when K is split and its parts are not added in the
  // kernel (first, on a call that creates a split-K ticket buffer, that buffer's zero fill). For
  // profiling: the call runs from the first event's start to the last event's end.
  std::vector<cl::Event> enqueue_all(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                                     Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                                     value_type alpha, const cl::Buffer& a, std::size_t a_offset,
                                     std::size_t a_ld, const cl::Buffer& b, std::size_t b_offset,
                                     std::size_t b_ld, value_type beta, cl::Buffer& c,
                                     std::size_t c_offset, std::size_t c_ld,
                                     const Events& wait = {}) const {
    const runtime::QueueTarget target = runtime::queue_target(queue);
    const runtime::Problem p = runtime::make_problem(
        layout, a_transpose, b_transpose, m, n, k, {&a, a_offset, a_ld}, {&b, b_offset, b_ld},
        {&c, c_offset, c_ld}, sizeof(value_type));
    if (p.empty()) return {runtime::marker(queue, wait)};
    if constexpr (automatic) {
      using table = policy::builtin<value_type>;
      const auto& device = runtime::device_info(target.device);
      switch (detail::device_class(device)) {
        case policy::DeviceClass::Cpu:
          return pick<typename table::cpu>(queue, target, p, alpha, beta, wait);
        case policy::DeviceClass::NvidiaGpu:
          return pick<typename table::nvidia_gpu>(queue, target, p, alpha, beta, wait);
        case policy::DeviceClass::OtherGpu:
          break;
      }
      return pick<typename table::other_gpu>(queue, target, p, alpha, beta, wait);
    } else {
      return detail::run<vendor_type, config>(queue, target, p, alpha, beta, wait);
    }
  }

 private:
  template <class Table>
  static std::vector<cl::Event> pick(cl::CommandQueue& queue, const runtime::QueueTarget& target,
                                     const runtime::Problem& p, value_type alpha, value_type beta,
                                     const Events& wait) {
    return detail::run_best<Table, config>(
        std::make_index_sequence<std::tuple_size_v<Table>>{}, queue, target, p, alpha, beta, wait);
  }
};

}  // namespace gemmcl
