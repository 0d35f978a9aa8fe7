#pragma once
// How far to split K. A product with fewer tiles of C than the device has compute units leaves most of
// the device idle; dividing K among several groups of work-groups fills it, at the cost of a workspace
// of splits x m x n elements and adding the parts afterwards.

#include <algorithm>
#include <cstddef>

#include "../core/device.hpp"
#include "../policy/tags.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch {

using core::DeviceInfo;

struct SplitPlan {
  int splits = 1;
  int k_chunk = 0;  // K per split, a multiple of the tile's K
};

// requested: 0 automatic, 1 never, S > 1 at most S (SplitK<S>). resident: work-groups of this
// configuration that fit on one compute unit at once (Gemm<>'s entries know it; 1 otherwise).
inline SplitPlan plan_split(std::size_t tiles, std::size_t m, std::size_t n, std::size_t k, int tile_k,
                            int requested, const DeviceInfo& d, std::size_t element_bytes,
                            int resident = 1) {
  SplitPlan plan{1, static_cast<int>(k)};
  if (k == 0 || requested == 1) return plan;
  const std::size_t k_tiles = (k + tile_k - 1) / tile_k;
  std::size_t want = 1;
  if (requested > 1) {
    want = static_cast<std::size_t>(requested);
  } else {
    // Near one tile per compute unit a split costs more (a second pass, shorter K loops) than the
    // idle units it fills: on an H200, 2048^3 (128 tiles on 132 units) ran slower split (bench/results/h200-sgemm.md).
    const std::size_t units = std::max<std::size_t>(d.compute_units, 1);
    // A configuration of which several work-groups share a unit is also split while its tiles take
    // at most a quarter of those places: at 768^3 the 64 x 128 entry's 72 tiles (3 per unit) ran
    // faster in three or four parts; at 1024^3 (128 tiles) parts were slower (bench/results/h200-sgemm.md).
    const std::size_t places = units * static_cast<std::size_t>(std::max(resident, 1));
    if (2 * tiles > units && 4 * tiles > places) return plan;
    want = (2 * units + tiles - 1) / tiles;  // about two work-groups per compute unit
    // and at least 8 parts while each keeps 64 K steps: on an H200, 8192x64x8192 (64 tiles of C)
    // ran clearly faster in 8 parts than in the 5 the rule above gives (bench/results/h200-sgemm.md).
    want = std::max<std::size_t>(want, std::min<std::size_t>(8, k_tiles / 64));
    want = std::min<std::size_t>(want, k_tiles / 4);  // each part keeps at least four K steps
    want = std::min<std::size_t>(want, 256);
  }
  // The workspace must be allocatable, and not absurd next to the problem.
  const std::size_t slice = m * n * element_bytes;
  const std::size_t budget = std::min<std::size_t>(d.max_mem_alloc_size, std::size_t(1) << 30);
  want = std::min(want, std::max<std::size_t>(budget / std::max<std::size_t>(slice, 1), 1));
  want = std::min(want, k_tiles);
  if (want <= 1) return plan;
  const std::size_t chunk = (k_tiles + want - 1) / want * tile_k;
  plan.k_chunk = static_cast<int>(chunk);
  plan.splits = static_cast<int>((k + chunk - 1) / chunk);
  return plan;
}

// The last wave. Work-groups run in waves of `places` = compute units x resident groups per unit, and a
// last wave that is only partly full takes as long as a full one: on an H200, 128 x 128 tiles at
// 8192 x 8192 x 8192 (4096 tiles, 15.5 waves of 264) and at 8192 x 8448 x 8192 (16 waves) took the same
// time. So the columns of C whose tiles fill whole waves run with K whole, and the columns left over
// with K split, which makes their groups shorter: at 8192^3, 61 of the 64 columns of tiles in 15 waves,
// then 3 columns in 4 parts in three quarter-length waves (15.75 against 16). main_cols: columns of
// tiles run first, with K whole; parts = 1: no split worth it.
struct LastWavePlan {
  std::size_t main_cols = 0;
  int parts = 1;
};
inline constexpr int kLastWaveMaxParts = 8;
inline constexpr std::size_t kLastWaveMinKSteps = 64;  // K steps each part keeps (as plan_split's 8 parts)

inline LastWavePlan plan_last_wave(std::size_t tiles_m, std::size_t tiles_n, std::size_t k_tiles,
                                   std::size_t units, int resident) {
  const LastWavePlan none;
  const std::size_t places = std::max<std::size_t>(units, 1) * static_cast<std::size_t>(std::max(resident, 1));
  const std::size_t tiles = tiles_m * tiles_n;
  if (tiles <= places) return none;
  const auto waves = [&](std::size_t groups) { return double((groups + places - 1) / places); };
  const std::size_t cols = tiles / places * places / tiles_m;  // whole columns within the whole waves
  if (cols == 0 || cols >= tiles_n) return none;
  const std::size_t rest = tiles_m * (tiles_n - cols);
  LastWavePlan best = none;
  double best_waves = waves(tiles);
  for (int parts = 2; parts <= kLastWaveMaxParts && k_tiles / parts >= kLastWaveMinKSteps; ++parts) {
    const double w = waves(tiles_m * cols) + waves(rest * parts) / parts;
    if (w < best_waves) best_waves = w, best = {cols, parts};
  }
  // Worth a second product and adding the parts only for a gain of 1% or more.
  return best_waves <= 0.99 * waves(tiles) ? best : none;
}

// Who adds the parts. requested: SplitK<S, R>'s R (Auto, InKernel: the last work-group of each tile,
// SecondPass: a second kernel). In the kernel, one work-group reads every part of its tile, so its
// share grows with the number of parts; a second kernel reads them with the whole device but costs a
// launch and a pass of its own. device_fence: the target's GLOBAL_FENCE is defined to order
// stores for the whole device (NVIDIA's membar.gl). OpenCL 1.2 itself promises no ordering between
// work-groups, so automatic choice takes the kernel only there; InKernel asked for explicitly relies on
// mem_fence(CLK_GLOBAL_MEM_FENCE) and volatile loads, which hold on the devices gemmcl is tested on.
// Up to 4 parts the kernel was faster on an H200 (512^3, 768^3); at 8 parts of the 128 x 64 tile the
// second kernel won (bench/results/h200-sgemm.md).
inline constexpr int kInKernelMaxParts = 4;

inline bool reduce_in_kernel(const SplitPlan& plan, Reduction requested, bool device_fence) {
  if (requested != Reduction::Auto) return requested == Reduction::InKernel;
  return device_fence && plan.splits <= kInKernelMaxParts;
}

}  // namespace gemmcl::dispatch
GEMMCL_COLD_END
