#pragma once
// Which tensor-core kernel a product runs, whether as C's transpose, and in how many parts its K is
// split, by device, element type, transposes, alignment and shape: the wgmma variants on compute
// capability 9.0 (16-bit, and TF32 where its copies pay, as stored or transposed), DMMA's variants for
// FP64, mma.sync elsewhere. The launch is tensor_cores.hpp's.
// GEMMCL_WGMMA, GEMMCL_WGMMA_VARIANT, GEMMCL_DMMA_VARIANT, GEMMCL_TC_SPLITS and GEMMCL_TC_IN_KERNEL
// override the choice (tuning).

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <iterator>
#include <string>
#include <string_view>

#include "../codegen/source.hpp"
#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "../dispatch/split.hpp"
#include "../target/nvidia.hpp"
#include "ptx_patch.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime::tensor {
// Whether the environment leaves a switch on: anything but "0" (read once per switch by its caller).
inline bool switched_on(const char* variable) {
  const char* v = std::getenv(variable);
  return v == nullptr || std::string(v) != "0";
}
// GEMMCL_WGMMA=0 keeps Hopper GPUs on the mma.sync kernel.
inline bool wgmma_by_environment() {
  static const bool on = switched_on("GEMMCL_WGMMA");
  return on;
}
// The whole number a variable holds if it lies in [lo, hi], else `otherwise` (unset, empty, not a number).
inline long number_in_environment(const char* variable, long lo, long hi, long otherwise) {
  const char* v = std::getenv(variable);
  if (v == nullptr || *v == '\0') return otherwise;
  char* end = nullptr;
  const long x = std::strtol(v, &end, 10);
  return *end == '\0' && x >= lo && x <= hi ? x : otherwise;
}
// GEMMCL_DMMA_VARIANT=i runs variant i of codegen/tensor/dmma_variants.hpp on every shape (tuning); -1 if
// unset or not the index of a variant.
inline long dmma_variant_by_environment() {
  static const long i = number_in_environment(
      "GEMMCL_DMMA_VARIANT", 0, static_cast<long>(std::size(codegen::tensor::dmma_variants)) - 1, -1);
  return i;
}
// GEMMCL_TC_SPLITS=n splits K into n parts (at most 128) wherever a tensor-core kernel runs (tuning); 0
// if unset or not such a count.
inline int splits_by_environment() {
  static const int n = static_cast<int>(number_in_environment("GEMMCL_TC_SPLITS", 1, 128, 0));
  return n;
}

inline std::string_view wgmma_variant_by_environment() {
  static const std::string v = [] {
    const char* x = std::getenv("GEMMCL_WGMMA_VARIANT");
    return std::string(x == nullptr ? "" : x);
  }();
  return v;
}

// The kernel a call runs: its program, whether it goes through the PTX step, its tile and work-group,
// and the build options of its variant.
struct Kernel {
  const codegen::Source* source;
  std::string (*rewrite)(std::string_view);  // the PTX step it is built through, if any
  std::size_t tile_m, tile_n, threads;
  std::string_view options = {};
  // The wgmma kernel's TF32: reads B only not transposed, and A from registers in either layout or
  // transposed through a descriptor (tf32_reads_a_from_registers).
  bool k_major = false;
  // Persistent kernels (wgmma): how many of its work-groups a compute unit holds at once; the launch
  // is then at most that many per unit, each taking every so many tiles. 0: one work-group per tile.
  std::size_t resident = 0;
  // DMMA: A and B loaded by TMA, through tensor maps the launch passes; one work-group takes a
  // compute unit (dmma_variants.hpp's fills_unit).
  bool tma = false;
  bool fills_unit = false;
  // DMMA by TMA: the maps are passed whole, the operands' device addresses in them (device_address.hpp).
  bool param_maps = false;
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
// TF32 on the wgmma kernel reads B not transposed, through a transposed copy of a B stored otherwise;
// that copy pays where B enters enough products (m of them). Below that (128 x 128 x 65536 with B
// transposed) mma.sync, which reads either way, is faster. A needs no such copy: it is read from
// registers in either layout, or copied where that pays anyway (tf32_a_in_registers).
inline bool tf32_copies_pay(bool trans_b, std::size_t m) {
  constexpr std::size_t min_uses = 512;
  return !trans_b || m >= min_uses;
}

// TF32 on the wgmma kernel rounds what it reads through descriptors to TF32 in local memory, which
// slowed it badly with both operands so (without rounding it ran faster on an H100, but less exactly).
// On products whose operands are small beside their work, B (and A where not read from registers) is
// copied first instead, rounded (and transposed where needed), and the kernel reads them as they are;
// so is any operand copied anyway. (At 1024^3 the copies cost more than they save.)
inline bool tf32_rounds_in_copies(std::size_t m, std::size_t n) { return std::min(m, n) >= 2048; }

// GEMMCL_TMA=0 keeps every operand off TMA, GEMMCL_TF32_TMA=0 TF32's (measurements).
inline bool tma_by_environment() {
  static const bool on = switched_on("GEMMCL_TMA");
  return on;
}
inline bool tf32_tma_by_environment() {
  static const bool on = switched_on("GEMMCL_TF32_TMA");
  return on && tma_by_environment();
}
// 16-bit products on the wgmma kernel load by TMA each operand they read K-major (A transposed, B not;
// aligned, or its aligned copy): it arrives as stored, and the work-items issue no copies for it. That
// was measured faster where the tiles fill the device and K is deep (H200; bench/results/h200-tensor-cores.md, "16-bit:
// K-major operands by TMA"); smaller and split products, where each work-group's setup of its maps
// weighs more and which were not measured so, keep their copies (`large`).
inline bool wgmma16_by_tma(const element::Info& e, bool on_wgmma, bool k_major, bool large = true) {
  return e.bytes == 2 && on_wgmma && k_major && large && tma_by_environment();
}
inline bool wgmma16_tma_pays(std::size_t tiles, std::size_t units, std::size_t k_part) {
  return tiles >= units && k_part >= 2048;
}
// TF32 on the wgmma kernel loads by TMA (codegen/tensor/wgmma_tma.hpp) every operand it reads through a
// descriptor: as stored where it is K-major and starts and strides on 16 bytes, else from its copy
// (transposed, aligned). TMA rounds as it copies, so an operand needs neither a rounding copy before the
// kernel nor a rounding pass in it, and the kernel itself ran faster (H200; bench/results/h200-tensor-cores.md, "TF32:
// transposing copies at memory speed, every operand by TMA").
inline bool tf32_by_tma(const Kernel& w) { return w.k_major && tf32_tma_by_environment(); }

// TF32 on the wgmma kernel copies an M-contiguous A, transposed, for TMA rather than reading it from
// registers where C is at least this wide: the copy costs in proportion to 1 / n of the product, the
// registers a fixed share, so the registers won at 2048^3 and the copy from 3072^3 up (H200;
// bench/results/h200-tensor-cores.md, "TF32: transposing copies at memory speed, every operand by TMA"). Where B is
// copied transposed anyway, A's copy goes in the same launch and costs less: from C 1024 wide.
inline constexpr std::size_t tf32_a_copy_min_n = 3072, tf32_a_copy_with_b_min_n = 1024;

// TF32 on the wgmma kernel takes A from registers (wgmma_a_regs.hpp: loaded from local memory and
// rounded there, in either layout; every variant, under a register cap where two work-groups share a
// multiprocessor) or, like B, through a descriptor from a K-major tile rounded ahead (by the copies,
// or in local memory). Registers save A's transposing copy where it is stored M-contiguous, and its
// rounding pass; but the loads and the rounding then sit between a K step's barrier and its MMAs, which
// made the kernel itself slower, most of all on a C 64 wide with K deep (H200; bench/results/h200-tensor-cores.md). So:
// registers where A would be transposed; where A is K-major, where its copy costs more than that (n
// below 6144) or its rounding pass does (not with C at most 64 wide). A misaligned A is copied anyway,
// and is then rounded (and transposed) by that copy where the copies round.
inline bool tf32_a_in_registers(bool trans_a, bool aligned_a, std::size_t n, bool rounded_in_copies) {
  if (!aligned_a) return !rounded_in_copies;
  if (!trans_a) return true;
  return rounded_in_copies ? n < 6144 : n > 64;
}
// Whether TF32 on the wgmma kernel reads A from registers, in an m x n product: not where A is K-major
// and aligned, which TMA then loads and rounds for a descriptor (tf32_by_tma), with no copy or pass to
// weigh against the registers' cost; nor where A is M-contiguous and C wide enough that A's transposing
// copy, which TMA then loads, costs less than the registers (trans_b: B is copied transposed too).
inline bool tf32_a_from_registers(bool trans_a, bool aligned_a, std::size_t m, std::size_t n, bool trans_b = false) {
  const bool copy = n >= (trans_b ? tf32_a_copy_with_b_min_n : tf32_a_copy_min_n);
  if (tf32_tma_by_environment() && ((trans_a && aligned_a) || (!trans_a && copy))) return false;
  return tf32_a_in_registers(trans_a, aligned_a, n, tf32_rounds_in_copies(m, n));
}
// The same for variant w (only TF32's wgmma variants take A in either place).
inline bool tf32_reads_a_from_registers(const Kernel& w, bool trans_a, bool aligned_a, std::size_t m, std::size_t n,
                                        bool trans_b = false) {
  return w.k_major && tf32_a_from_registers(trans_a, aligned_a, m, n, trans_b);
}

// The wgmma kernel's tile variant for an m x n x k product on device d; a_registers: TF32 would read A
// from registers.
inline Kernel wgmma_variant(const element::Info& e, const core::DeviceInfo& d, bool emulate, std::size_t m,
                            std::size_t n, std::size_t k, bool a_registers = false) {
  using namespace codegen::tensor;
  const auto tiles = [&](std::size_t tile_n) { return tile_count(m, n, wgmma_tile_m, tile_n); };
  const std::size_t units = std::max<std::size_t>(d.compute_units, 1);
  // One work-group of 128 x 256 tiles fills a multiprocessor's local memory, two of the others do. TF32
  // may read A from registers on every variant. Two work-groups of 256 need at most 128 registers a
  // work-item, so the 128 x 64 variant, and TF32's 128 x 128 one, are capped there (the PTX step): TF32
  // with A from registers, and storing C^T, take the compiler over (to about 150 on 128 x 128), and one
  // work-group a multiprocessor ran slower where the launch has two. (16-bit products on 128 x 128 tiles
  // were not measured faster capped, and run as they were.)
  const auto wgmma = [&](std::size_t tile_n, std::string_view options, std::size_t tile_m = wgmma_tile_m) {
    const bool tf32 = e.bytes == 4, wide = tile_n == wgmma_wide_tile_n;
    const bool capped = tile_m == wgmma_tile_m && (tile_n == wgmma_narrow_tile_n || (tf32 && !wide));
    return Kernel{&codegen::wgmma_source(e),
                  emulate ? nullptr : capped ? &ptx::to_sm90a_with_128_registers : &ptx::to_sm90a,
                  tile_m, tile_n, wgmma_threads(tile_m), options, tf32, wide ? 1u : 2u};
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
  // (TF32 with A from registers and K whole takes 64 x 128 tiles instead, as many: each work-item's A
  // fragments then feed twice the MMAs.)
  if (n <= wgmma_narrow_tile_n) return wgmma(wgmma_narrow_tile_n, wgmma_narrow_options);
  if (tiles(wgmma_tile_n) * most_splits(k, false) < units)
    return a_registers && k < split_min_k ? short_tiles() : wgmma(wgmma_narrow_tile_n, wgmma_narrow_options);
  return wgmma(wgmma_tile_n, {});
}

// Whether the device runs the wgmma kernel (hopper: emulated, in tests).
inline bool on_wgmma(const core::DeviceInfo& d, bool emulate, bool hopper) {
  return hopper || (!emulate && wgmma_by_environment() && target::nvidia::compute_capability(d) == 90);
}
// trans_b: B as the kernel would read it (transposed or not), which decides whether TF32 runs on wgmma;
// m, n and k: the product's extent, which decides the wgmma kernel's tile. hopper: the wgmma kernel even
// where it is emulated (tests), and for DMMA its TMA form. a_registers: TF32 on wgmma would read A from
// registers (tf32_a_from_registers).
// trans_a: A as the kernel would read it, which DMMA's tile depends on (by default K-major).
inline Kernel kernel_for(const element::Info& e, const core::DeviceInfo& d, bool emulate, bool trans_b = false,
                         std::size_t m = 0, std::size_t n = 0, std::size_t k = 0, bool hopper = false,
                         bool a_registers = false, bool trans_a = true) {
  using namespace codegen::tensor;
  // DMMA: 128 x 64 tiles; 64 x 64 where 128 rows would pad m by a tenth more (m of 64); where fewer
  // 128 x 64 tiles than compute units would leave some idle and K is too shallow to split instead,
  // eight warps a tile (one work-group a unit), or 64 x 64 tiles if even those are fewer than the units
  // (by TMA, smaller tiles in one wave instead: below).
  // Variants marked capped get a 128-register cap through the PTX step (NVIDIA's OpenCL has no option
  // for it). On compute capability 9.0 each loads its operands by TMA (its twin, dmma_variants.hpp).
  if (e.bytes == 8) {
    const long forced = dmma_variant_by_environment();
    const DmmaVariant &large = dmma_variants[0], &small = dmma_variants[dmma_small],
                      &turned = dmma_variants[dmma_one_wave_turned];
    // By TMA (the variant's twin) on compute capability 9.0, whose PTX the step can retarget; with
    // `hopper`, emulated.
    const bool tma =
        hopper || (!emulate && tma_by_environment() && target::nvidia::compute_capability(d) == 90);
    const std::size_t units = std::max<cl_uint>(d.compute_units, 1);
    const auto rows = [&](const DmmaVariant& x) { return (m + x.tile_m - 1) / x.tile_m * x.tile_m; };
    const auto columns = [&](const DmmaVariant& x) { return (n + x.tile_n - 1) / x.tile_n * x.tile_n; };
    const auto tiles = [&](const DmmaVariant& x) { return tile_count(m, n, x.tile_m, x.tile_n); };
    const auto few = [&](const DmmaVariant& x) { return tiles(x) < units; };
    const std::size_t by_shape = 10 * rows(small) <= 9 * rows(large) ? dmma_small
                                 : !few(large) || k >= split_min_k     ? 0
                                 : few(small)                          ? dmma_small
                                                                       : dmma_one_wave;
    // By TMA, where 128 x 64 tiles are too few for the units and K too shallow to split: the smallest
    // tiles that still fit in one wave, 32 x 32 or 64 x 32 two a unit, else 96 x 64 one a unit
    // (dmma_variants.hpp). Every scheduler of a unit then holds less of C, so each tile takes less time
    // (H200; bench/results/h200-fp64.md, "DGEMM tiles for one wave"; "smaller tiles" at 9b402cf).
    const bool shallow_few = few(large) && k < split_min_k;
    const auto two_a_unit = [&](std::size_t i) { return shallow_few && tiles(dmma_variants[i]) <= 2 * units; };
    const bool finest = two_a_unit(dmma_finest), fine = two_a_unit(dmma_fine);
    const bool mid = shallow_few && tiles(dmma_variants[dmma_mid]) <= units;
    // By TMA with A M-contiguous and B K-major, the eight-warp tiles turned around (64 x 128) where they
    // too fit in one wave: measured faster at 1000^3 (H200), and slower with B N-contiguous or A K-major
    // (bench/results/h200-sgemm.md, "FP64: C's rows in order before the stores").
    const bool one_wave_turned = by_shape == dmma_one_wave && !trans_a && !trans_b && tiles(turned) <= units;
    // By TMA, where K is split because few tiles meet a deep K: the same turned tiles, one work-group a
    // multiprocessor, K in about one wave of parts (splits_for), wherever they leave at least half the
    // units to the parts and pad C's columns by at most a tenth. On the H200 this beat the four-warp
    // tiles in two waves on a row-major 8192 x 64 x 8192 and on 128 x 128 x 65536 (bench/results/h200-sgemm.md,
    // "DGEMM's split products").
    const auto one_a_unit_split = [&](const DmmaVariant& x) {
      return k >= split_min_k && few(large) && 2 * tiles(x) <= units;
    };
    const bool split_turned = one_a_unit_split(turned) && 10 * columns(turned) <= 11 * n;
    // The same where the turned tiles are too many but 128 x 64 ones of eight warps fit, padding C's rows
    // by at most a tenth (C's long side its rows: a column-major 8192 x 64 x 8192): one work-group a
    // multiprocessor, K in about one wave of parts, where the four-warp tiles two a unit ran 8-12%
    // slower on the H200 (bench/results/h200-fp64.md, "skinny products on one work-group a unit").
    const DmmaVariant& one_wave = dmma_variants[dmma_one_wave];
    const bool split_one_wave = one_a_unit_split(one_wave) && 10 * rows(one_wave) <= 11 * m;
    const std::size_t index = forced >= 0                      ? std::size_t(forced)
                              : !tma                           ? by_shape
                              : finest                         ? dmma_finest
                              : fine                           ? dmma_fine
                              : mid                            ? dmma_mid
                              : one_wave_turned || split_turned ? dmma_one_wave_turned
                              : split_one_wave                 ? dmma_tma_twin(dmma_one_wave)
                                                               : dmma_tma_twin(by_shape);
    const DmmaVariant& v = dmma_variants[index];
    std::string (*rewrite)(std::string_view) = emulate  ? nullptr
                                               : v.tma  ? (v.capped ? &ptx::to_sm90a_with_128_registers : &ptx::to_sm90a)
                                               : v.capped ? &ptx::with_128_registers
                                                          : nullptr;
    return {&codegen::dmma_source(e), rewrite, std::size_t(v.tile_m), std::size_t(v.tile_n), std::size_t(v.threads),
            v.options, false, 0, v.tma, v.fills_unit, !emulate && v.tma && codegen::tensor::takes_whole_maps(v)};
  }
  // Compute capability 9.0 (Hopper) runs 16-bit products, and TF32 where its copies pay, on warpgroup
  // MMAs, built through the PTX step.
  if ((e.bytes == 2 || e.bytes == 4) && on_wgmma(d, emulate, hopper)) {
    const Kernel w = wgmma_variant(e, d, emulate, m, n, k, a_registers && e.bytes == 4);
    if (e.bytes == 2 || hopper || tf32_copies_pay(trans_b, m)) return w;
  }
  return {&codegen::mma_sync_source(e), nullptr, tile_m, tile_n, threads};
}

// TF32 on the wgmma kernel computes C^T = op(B)^T op(A)^T instead, stored transposed, where that pays
// and the product as stored does not (64 x 8192 x 8192 with B stored transposed would copy B for 64
// rows of C, its transpose copies A for 8192); or where both pay, A is read the same way in both (from
// registers or by descriptor) and the transpose needs fewer transposing copies. With both operands
// stored transposed it copies neither where the copies do not round (1024^3), and only rounds one
// where they do (2048^3, 4096^3: a copy that transposes costs more than one that does not).
inline bool tf32_as_transpose(const element::Info& e, const core::DeviceInfo& d, bool trans_a, bool trans_b,
                              bool aligned_a, bool aligned_b, std::size_t m, std::size_t n, std::size_t k) {
  if (e.bytes != 4) return false;
  const Kernel w = wgmma_variant(e, d, true, m, n, k), wt = wgmma_variant(e, d, true, n, m, k);
  if (!tf32_copies_pay(!trans_a, n)) return false;
  if (!tf32_copies_pay(trans_b, m)) return true;
  // Which way would read A from registers, as chosen without TMA: there the registers were weighed
  // against A's rounding copy, whose cost grows with the product as the registers' does beside a
  // descriptor's (8192^3 TT as C^T, from registers, ran slower than as stored; with TMA the stored
  // way's A is loaded by TMA, not copied).
  const auto in_registers = [](const Kernel& x, bool ta, bool aligned, std::size_t rows, std::size_t cols) {
    return x.k_major && tf32_a_in_registers(ta, aligned, cols, tf32_rounds_in_copies(rows, cols));
  };
  const bool registers = in_registers(w, trans_a, aligned_a, m, n);
  const bool registers_t = in_registers(wt, !trans_b, aligned_b, n, m);
  const auto flips = [](bool a_registers, bool ta, bool tb) { return int(!ta && !a_registers) + int(tb); };
  return registers == registers_t && flips(registers_t, !trans_b, !trans_a) < flips(registers, trans_a, trans_b);
}
// The product as its transpose (column-major): n x m, A and B exchanged and transposed, a bias per row
// of C one per column of C^T. The kernel then stores C transposed.
inline core::Problem transposed(const core::Problem& p) {
  core::Problem t = p;
  t.m = p.n, t.n = p.m, t.a = p.b, t.b = p.a;
  t.trans_a = !p.trans_b, t.trans_b = !p.trans_a;
  if (p.epilogue.bias != 0) t.epilogue.bias = p.epilogue.bias == 1 ? 2 : 1;  // per row <-> per column
  return t;
}

// How many parts K is split into: only deep products whose tiles of C leave most of the device idle.
// (Splitting mid-sized FP64 products, 1000^3 in two, measured no faster on an H100.)
inline int splits_for(const core::Problem& p, const core::DeviceInfo& d, const Kernel& kernel, int element_bytes) {
  const std::size_t tiles = tile_count(p.m, p.n, kernel.tile_m, kernel.tile_n);
  const std::size_t units = std::max<std::size_t>(d.compute_units, 1);
  const bool fp64 = element_bytes == 8;
  if (tiles >= units || p.k < split_min_k) return 1;
  // Two work-groups per compute unit, without a second wave (8192 x 64 x 8192: faster in four parts than
  // in five or six on 128 x 64 tiles, and so for FP64); one where a work-group takes a unit (DMMA's
  // eight-warp tiles: 128 x 128 x 65536 in 64 parts, not 128). Where even the finest split leaves half
  // the units idle, parts half as deep (128 x 128 x 65536 on one tile of mma.sync: 128 parts, not 64).
  const std::size_t per_unit = kernel.fills_unit ? 1 : 2;
  const std::size_t want = std::max<std::size_t>(per_unit * units / tiles, 1);
  std::size_t most = most_splits(p.k, fp64);
  if (!fp64 && 2 * tiles * most <= units) most = std::min(p.k / (split_min_part_k / 2), max_splits);
  return static_cast<int>(std::clamp<std::size_t>(std::min(want, most), 1, max_splits));
}
// FP64 products split into few parts add them in the kernel: the last work-group of each tile reads
// the others' parts (dmma_store.hpp), by the SIMT kernels' rule (dispatch::reduce_in_kernel; the DMMA
// kernel's fence is membar.gl), and a call is one command instead of the product and a sum pass. More
// parts go to the pass, which reads them with the whole device. GEMMCL_TC_IN_KERNEL=0 sends every split
// to the pass (tuning).
inline bool sums_in_kernel(const element::Info& e, int splits) {
  static const bool on = switched_on("GEMMCL_TC_IN_KERNEL");
  constexpr bool device_fence = true;
  return on && e.bytes == 8 && splits > 1 &&
         dispatch::reduce_in_kernel(dispatch::SplitPlan{splits, 0}, Reduction::Auto, device_fence);
}
// The tensor cores' float sums truncate at every K step, so their error grows with K's chain. Where an
// operand is misaligned, cuBLAS leaves its fastest kernels for a much slower one whose sums come out
// more exact (bf16 into float at 4097^3); gemmcl, which copies such an operand and runs on, spends part
// of its lead there on K in parts of at most exact_part_k, 16-bit products into a float C (4097^3: three
// parts; bench/results/h200-tensor-cores.md).
inline constexpr std::size_t exact_part_k = 1536;
inline int exact_splits(const element::Info& e, bool c_narrow, bool aligned, std::size_t k) {
  if (e.bytes != 2 || c_narrow || aligned || k < split_min_k) return 1;
  return static_cast<int>(std::min((k + exact_part_k - 1) / exact_part_k, max_splits));
}

}  // namespace gemmcl::runtime::tensor
GEMMCL_COLD_END
