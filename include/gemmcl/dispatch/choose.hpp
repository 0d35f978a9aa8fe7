#pragma once
// Gemm<>'s choice among a table's entries for one problem: the best entry by the cost model, how far
// to split K, and the rules that override the score where it cannot see the costs (short parts, tall and
// skinny products, one wave of sliced work-groups, the last wave).

#include <algorithm>
#include <cstddef>

#include "../codegen/source.hpp"
#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "../policy/config.hpp"
#include "cost.hpp"
#include "split.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::dispatch {

// The best split rule for an entry and its score. With the caller's automatic rule, an entry whose
// parts can be added in the kernel (a device-wide fence) also scores a count of parts, up to
// kInKernelMaxParts, within one wave (see below); if the automatic rule would split into no more parts
// than that, this count replaces it, else the two are scored. Without the second kernel's cost a split
// pays where the automatic rule keeps K whole, and fewer parts pay where it cuts K finer (64 x 128
// tiles on an H200, bench/results/h200-sgemm.md). With long K the second kernel's share is small, and for groups
// under 256 work-items (8 warps) the automatic rule's larger counts won, two groups per unit being too
// few warps (4096 x 64 x 4096 on the 128 x 64 entry).
struct Choice {
  double score = 0;
  int split_k = 0;
};
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
  for (int q = 2; q <= kInKernelMaxParts && q * tiles <= per_unit * units; ++q)
    if (balance(q * tiles) >= balance(std::size_t(parts) * tiles)) parts = q;
  return parts;
}

inline Choice choose(const core::Problem& p, const policy::Config& c, const policy::Rules& r, int speed,
                     int resident, const core::DeviceInfo& d, std::size_t element_bytes, bool device_fence) {
  const Choice best{score(p, c, r, speed, resident, d, element_bytes, r.split_k, device_fence), r.split_k};
  if (!r.split_automatic() || !device_fence) return best;
  const std::size_t tiles = tiles_of(p, c), units = std::max<std::size_t>(d.compute_units, 1);
  const auto scored = [&](int split_k) {
    return Choice{score(p, c, r, speed, resident, d, element_bytes, split_k, device_fence), split_k};
  };
  // More than two tiles per unit: some units hold three groups or the tiles need more than one wave, and
  // the most in-kernel parts ran fastest at every size measured, the finer groups evening out the units'
  // loads and the last wave (128 x 64 and 64 x 128 tiles on an H200, bench/results/h200-sgemm.md). The busy fraction
  // does not see the busiest units, so the split keeps the better of the two scores. Only with K long
  // enough that each part keeps its K loop (every size measured had K >= 1536).
  if (tiles > 2 * units && p.k >= kInKernelLongK) {
    const int parts = kInKernelMaxParts;
    return {std::max(best.score, scored(parts).score), parts};
  }
  if (p.k > kInKernelSearchMaxK && c.threads() < 256) return best;
  // Up to two groups per unit, or as many as fit for groups under 256 work-items (four warps need
  // company: on an H200 the 128 x 64 entry with three per unit beat the 64 x 128 entry with two).
  // Among those counts, the one that fills the busiest units best, ties to more parts: the busiest
  // units set the time, so 81 tiles of 128 x 64 ran faster in 3 parts (two groups on most units) than
  // in 4 (three on some units, two on the rest; bench/results/h200-sgemm.md).
  int parts = balanced_parts(tiles, units, c.threads(), resident);
  Choice few = scored(parts);
  // Where even two parts overfill the wave, groups under 256 work-items that share a unit with two
  // or more others may take more parts than fit in one wave, if the score says so: on an H200 such a
  // split beat a larger tile with K whole (1224^3-1280^3 on the 128 x 64 entry, double
  // 808 x 1616 x 808 on the 64 x 64 entry). Not from a count that already fits, nor for the double
  // 128 x 64 entry (two per unit): there the extra parts lost. It loses a little to the 128 x 256 entry
  // at 1288^3-1408^3 with A transposed (bench/results/h200-sgemm.md).
  if (c.threads() < 256 && resident >= 3 && parts == 1)
    for (int q = parts + 1; q <= kInKernelMaxParts; ++q)
      if (const Choice more = scored(q); more.score > few.score) few = more;
  const SplitPlan automatic =
      plan_split(tiles, p.m, p.n, p.k, c.tile_k, 0, d, element_bytes, resident);
  Choice pick;
  if (automatic.splits <= kInKernelMaxParts) {
    // Whole K, or the counts compared with parts: one of them.
    const Choice whole = scored(1);
    pick = few.score >= whole.score ? few : whole;
  } else {
    pick = few.score > best.score ? few : best;
  }
  return pick;
}

// Gemm<>'s choice among a table's entries for a problem on a device: the best-scoring entry (the
// first of equals) and its split.
struct Pick {
  std::size_t entry = 0;
  Choice choice;
};
// Short parts. Where a product splits the smallest unsliced tile of eight warps or more that adds its
// parts in the kernel into 2-4 parts of 64-192 K each, at most two groups per unit, the per-group costs
// (the first loads, storing and adding the parts) outweigh the FMAs, and more, smaller groups win whatever
// the entries' large-problem speeds: on an H200 the 64 x 64 entry so split beat the choice of the score
// (the 64 x 128 entry in 4 parts, or a second kernel adding 5-8 parts) at 256^3-576^3, 512 x 256 x 512
// and 320 x 640 x 320. With parts of 256 K or more (640^3, 512 x 512 x 1024) the FMAs dominate again
// and it gained nothing (bench/results/h200-sgemm.md).
inline constexpr int kShortPartsMinK = 64, kShortPartsMaxK = 192;

// What pick_entry knows of a table entry for the problem at hand.
struct Candidate {
  const codegen::Kernel* kernel;
  int speed = 0;  // for the problem's pair of transposes
  int resident = 1;
  bool device_fence = false;  // of its target
  const policy::Config& config() const noexcept { return kernel->config; }
};

// Skinny products: C one tile across and many long. A tall tile (at least four times taller than wide)
// runs the products whose C is one such tile wide and at least kSkinnyMinTiles of them tall, with K of
// at least kSkinnyMinK, split as skinny_choice splits it (below); a wide tile (turned around) those
// whose C is one tile tall and as many wide: the kernel's view of a row-major tall, skinny product.
// There the 256 x 64 entry (H100) and the 64 x 256 one (H200) beat the score's choice, from
// 4096 x 64 x 4096 up. With fewer tiles they lost, and so did the tall tile on the square and wider
// products its speeds would win (1280^3, 1024 x 1024 x 8192): skinny tiles take part in no other
// choice (bench/results/h100.md: "tall, skinny products", H100; "Row-major tall, skinny products", H200).
// Only tiles whose short side is 64 or more count: shorter ones (the CPU tables' 32 x 256, AMD's
// 64 x 16 DGEMM block) are ranked by the score with the others.
inline constexpr std::size_t kSkinnyMinTiles = 16, kSkinnyMinK = 4096;
inline constexpr bool tall_tile(const policy::Config& c) {
  return c.slices == 1 && c.tile_n >= 64 && c.tile_m >= 4 * c.tile_n;
}
inline constexpr bool wide_tile(const policy::Config& c) {
  return c.slices == 1 && c.tile_m >= 64 && c.tile_n >= 4 * c.tile_m;
}
// Whether the score chooses among an entry's kind at all: sliced and skinny entries are taken only by
// their own rules (one_wave_entry, skinny_entry).
inline constexpr bool by_score(const policy::Config& c) {
  return c.slices == 1 && !tall_tile(c) && !wide_tile(c);
}
inline std::size_t skinny_entry(const core::Problem& p, const Candidate* entries, std::size_t n) {
  if (p.k < kSkinnyMinK) return n;
  for (std::size_t i = 0; i < n; ++i) {
    const policy::Config& c = entries[i].config();
    const std::size_t tm = std::size_t(c.tile_m), tn = std::size_t(c.tile_n);
    if (tall_tile(c) && p.n <= tn && p.m >= kSkinnyMinTiles * tm) return i;
    if (wide_tile(c) && p.m <= tm && p.n >= kSkinnyMinTiles * tn) return i;
  }
  return n;
}

// A skinny entry's split: the score's, but where that leaves the launch to split K into parts of fewer
// than kSkinnyMinPartSteps K steps, that many steps a part. On an H200, 4096 x 64 x 4096 and its turn
// ran faster in 8 parts of 32 steps than in the 16 of 16 the launch made. Parts already that long
// stay: fewer, longer parts in one wave lost at 6000 x 64 x 6000 ("Row-major tall, skinny products"
// in bench/results/h100.md).
inline constexpr std::size_t kSkinnyMinPartSteps = 32;
inline Choice skinny_choice(const core::Problem& p, const Candidate& e, const policy::Rules& r,
                            const core::DeviceInfo& d, std::size_t element_bytes) {
  const policy::Config& c = e.config();
  Choice pick = choose(p, c, r, e.speed, e.resident, d, element_bytes, e.device_fence);
  if (pick.split_k != 0) return pick;
  const SplitPlan automatic = plan_split(tiles_of(p, c), p.m, p.n, p.k, c.tile_k, 0, d, element_bytes, e.resident);
  const std::size_t k_steps = (p.k + std::size_t(c.tile_k) - 1) / std::size_t(c.tile_k);
  if (automatic.splits > 1 && std::size_t(automatic.k_chunk) < kSkinnyMinPartSteps * std::size_t(c.tile_k))
    pick.split_k = static_cast<int>(std::max<std::size_t>(k_steps / kSkinnyMinPartSteps, 1));
  return pick;
}

// The entry the short-parts rule takes and its count of parts; entry == n where the rule does not apply.
struct ShortParts {
  std::size_t entry = 0;
  int parts = 1;
};
inline ShortParts short_parts_entry(const core::Problem& p, const Candidate* entries, std::size_t n,
                                    const core::DeviceInfo& d, const policy::Rules& r,
                                    std::size_t element_bytes) {
  std::size_t pick = n;
  for (std::size_t i = 0; i < n; ++i) {
    const policy::Config& c = entries[i].config();
    if (!entries[i].device_fence || !r.split_automatic() || c.threads() < 256 || !by_score(c)) continue;
    const policy::Config& smallest = entries[pick == n ? i : pick].config();
    if (pick == n || c.tile_m * c.tile_n < smallest.tile_m * smallest.tile_n) pick = i;
  }
  if (pick == n) return {n, 1};
  const Candidate& e = entries[pick];
  const std::size_t tiles = tiles_of(p, e.config()), units = std::max<std::size_t>(d.compute_units, 1);
  const int parts = balanced_parts(tiles, units, e.config().threads(), e.resident);
  if (parts < 2) return {n, 1};
  const SplitPlan plan =
      plan_split(tiles, p.m, p.n, p.k, e.config().tile_k, parts, d, element_bytes, e.resident);
  if (plan.splits != parts || plan.k_chunk < kShortPartsMinK || plan.k_chunk > kShortPartsMaxK) return {n, 1};
  return {pick, parts};
}

// One wave of sliced work-groups. An entry with SliceK<S> (S register-tile grids per work-group, each
// multiplying a slice of every K step, added in local memory) runs a product with K whole, one group
// per unit and nothing to add across work-groups, where splitting K pays for writing, fencing and
// reading parts, a large share of a small product's call. It replaces a choice that splits K, where the
// caller leaves the split to Gemm<>, when the entry's tiles fill at most all the units and at least
// half of them (K up to 512) or 60% (K up to kOneWaveMaxK), and K is at most 24 times the tile's
// shorter side: the thinner tile reads more operand bytes per FMA, so its one wave stops paying sooner.
// On an H200 it beat the split choices at 384^3-704^3, with K up to 1152 on 64 x 64 tiles, and on
// rectangles that had 2-4 parts. The limits leave out what lost: K long for a thin tile
// (512 x 512 x 1024 on 64 x 32 tiles), too few tiles for K over 512 (768 x 384 x 768 on 72 tiles of
// 64 x 64), more tiles than units, and choices with K whole (bench/results/h200-sgemm.md).
// Of several such entries, the smallest tile (more groups in the one wave, each with less work), then
// the better speed for the pair of transposes. An entry of fewer than kOneWaveMinThreads work-items
// may be that smallest tile but does not make the rule apply: where only it qualified, in place of
// choices that split K, the 64 x 48 entry's four warps a unit lost at K of 768-1152 (H100), while
// where the 64 x 64 entry qualified too it mostly gained ("One packed operand; a 64 x 48 tile for one
// wave" in bench/results/h100.md). A large sliced tile (kOneWaveLargeArea elements or more) must fill 80%
// of the units whatever K: the 128 x 64 one beat the split choices with 112-128 tiles (960^3-1024^3)
// but lost with 72-98 (896^3), where a unit left idle costs more work than the split's sums do ("one
// wave of sliced 128 x 64 work-groups", H200, in bench/results/h200-sgemm.md).
// Sliced entries take part in no other choice.
inline constexpr std::size_t kOneWaveMaxK = 1152, kOneWaveShortK = 512;
inline constexpr int kOneWaveMinThreads = 256, kOneWaveLargeArea = 128 * 64;
inline std::size_t one_wave_entry(const core::Problem& p, const Candidate* entries, std::size_t n,
                                  const core::DeviceInfo& d, const policy::Rules& r) {
  if (p.k > kOneWaveMaxK) return n;
  const std::size_t units = std::max<std::size_t>(d.compute_units, 1);
  std::size_t pick = n;
  bool full_groups = false;  // an entry of kOneWaveMinThreads or more qualifies
  for (std::size_t i = 0; i < n; ++i) {
    const policy::Config& c = entries[i].config();
    if (c.slices == 1 || !r.split_automatic()) continue;
    if (p.k > 24 * std::size_t(std::min(c.tile_m, c.tile_n))) continue;
    const std::size_t tiles = tiles_of(p, c);
    const bool enough = p.k <= kOneWaveShortK ? 2 * tiles >= units : 10 * tiles >= 6 * units;
    const bool large_filled = c.tile_m * c.tile_n < kOneWaveLargeArea || 10 * tiles >= 8 * units;
    if (!enough || !large_filled || tiles > units) continue;
    full_groups = full_groups || c.threads() >= kOneWaveMinThreads;
    if (pick == n) {
      pick = i;
      continue;
    }
    const policy::Config& b = entries[pick].config();
    const int area = c.tile_m * c.tile_n, best_area = b.tile_m * b.tile_n;
    if (area < best_area || (area == best_area && entries[i].speed > entries[pick].speed)) pick = i;
  }
  return full_groups ? pick : n;
}

// The choice among n candidates: the best-scoring entry (the first of equals) and its split, unless
// the short-parts, skinny or one-wave rule (above) applies.
inline Pick pick_entry(const core::Problem& p, const Candidate* entries, std::size_t n,
                       const core::DeviceInfo& device, const policy::Rules& r, std::size_t element_bytes) {
  Pick pick;
  if (const ShortParts sp = short_parts_entry(p, entries, n, device, r, element_bytes); sp.entry != n) {
    const Candidate& e = entries[sp.entry];
    const double s = score(p, e.config(), r, e.speed, e.resident, device, element_bytes, sp.parts, e.device_fence);
    pick = {sp.entry, {s, sp.parts}};
  } else if (const std::size_t t = skinny_entry(p, entries, n); t != n) {
    const Candidate& e = entries[t];
    return {t, skinny_choice(p, e, r, device, element_bytes)};
  } else {
    double best = -2;
    for (std::size_t i = 0; i < n; ++i) {
      const Candidate& e = entries[i];
      const Choice c = by_score(e.config())
                           ? choose(p, e.config(), r, e.speed, e.resident, device, element_bytes, e.device_fence)
                           : Choice{-1, 0};
      if (i == 0 || c.score > best) {
        best = c.score;
        pick = {i, c};
      }
    }
  }
  // A sliced entry in one wave replaces a choice that splits K (see one_wave_entry).
  const Candidate& chosen = entries[pick.entry];
  const SplitPlan plan = plan_split(tiles_of(p, chosen.config()), p.m, p.n, p.k, chosen.config().tile_k,
                                    pick.choice.split_k, device, element_bytes, chosen.resident);
  if (plan.splits > 1)
    if (const std::size_t w = one_wave_entry(p, entries, n, device, r); w != n) {
      const Candidate& e = entries[w];
      return {w, {score(p, e.config(), r, e.speed, e.resident, device, element_bytes, 1, e.device_fence), 1}};
    }
  return pick;
}

// Gemm<>'s last-wave plan for an entry (with the caller's rules) and the split
// the score chose: none where the caller set a SplitK rule of their own, the chosen split divides K
// anyway, K is empty, or A or B is misaligned for the entry's vectors (the product would pack it).
inline LastWavePlan last_wave_plan(const core::Problem& p, const policy::Config& c, const policy::Rules& r,
                                   int resident, const core::DeviceInfo& d, int split_k,
                                   std::size_t element_bytes) {
  if (r.split_k != 0 || p.k == 0 ||
      (c.vec > 1 && !(core::vector_aligned(p.a, c.vec) && core::vector_aligned(p.b, c.vec))))
    return {};
  const std::size_t tiles_m = (p.m + c.tile_m - 1) / c.tile_m, tiles_n = (p.n + c.tile_n - 1) / c.tile_n;
  if (plan_split(tiles_m * tiles_n, p.m, p.n, p.k, c.tile_k, split_k, d, element_bytes, resident)
          .splits > 1)
    return {};
  return plan_last_wave(tiles_m, tiles_n, (p.k + c.tile_k - 1) / c.tile_k, d.compute_units, resident);
}

}  // namespace gemmcl::dispatch

GEMMCL_COLD_END
