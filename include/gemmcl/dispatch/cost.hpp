#pragma once
// Gemm<>'s cost model: how fast a built-in entry should run a problem on a device, in the entry's speed
// units. choose.hpp compares entries and splits by it.

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "../policy/config.hpp"
#include "split.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::dispatch {

inline std::size_t tiles_of(const core::Problem& p, const policy::Config& c) {
  return ((p.m + c.tile_m - 1) / c.tile_m) * ((p.n + c.tile_n - 1) / c.tile_n);
}

// How busy an entry's work-groups (after splitting K) keep the device, 0 to 1. They run in waves of
// `capacity` = compute units x resident. Within one wave a unit holding j of its `resident` groups runs
// at (j / resident)^p of its full rate: p = 1/4 for groups of 256 work-items and more (one group
// already does most of the work), 3/4 below (four warps need company: the 128 x 64 entry lost to the
// 64 x 128 one with two groups per unit or fewer, and won with three); with fewer groups than units,
// the idle units do nothing (512^3 ran slower in 3 parts of 64 x 128 tiles, 96 groups on 132 units,
// than in 4 parts, 128 groups). Beyond one wave, the last partial wave spreads its groups over the
// units and takes (j / resident)^(1/2) of a full wave's time: 153 tiles of 128 x 256 on 132 units
// (2049^3) take two whole waves, which left that entry well behind 64 x 128 tiles there (H200); and a
// last wave of one 128 x 128 group on 33 of the units (4097^3) cost that entry more than an exponent
// of 3/4 rated. Within one wave, when each group's K loop is long (k_per_group >= kBusiestUnitsMinK),
// the busiest units, holding ceil(groups / units), set the time: counting them picked faster choices
// for mid-sized products (1048^3-2200^3). Below 512 of K per group the count mispredicted, so short
// groups keep the plain estimate (bench/results/h200-sgemm.md).
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
// fill: the real part of the tile area covering C. Busy fraction: above. K-loop length: a work-group's K
// range over that plus 64, the prologue and epilogue it pays once (fitted to the 64 x 128 entry in 1 to
// 4 parts at 768^3-1024^3). Split cost: adding the parts, 15% of the time with a second kernel and 5%
// in the kernel. Fit: on CPUs, whether the entry's vectors fit the vector unit. split_k: the split
// rule, as SplitK<S>'s S.
inline double score(const core::Problem& p, const policy::Config& c, const policy::Rules& r, int speed, int resident,
                    const core::DeviceInfo& d, std::size_t element_bytes, int split_k,
                    bool device_fence) {
  const double covered = double((p.m + c.tile_m - 1) / c.tile_m * c.tile_m) *
                         double((p.n + c.tile_n - 1) / c.tile_n * c.tile_n);
  const double fill = double(p.m) * double(p.n) / covered;
  const std::size_t tiles = tiles_of(p, c);
  const SplitPlan plan =
      plan_split(tiles, p.m, p.n, p.k, c.tile_k, split_k, d, element_bytes, resident);
  const double k_per_group = double(plan.splits > 1 ? plan.k_chunk : p.k);
  const double busy = busy_fraction(double(tiles) * plan.splits,
                                    double(std::max<std::size_t>(d.compute_units, 1)), resident,
                                    double(c.threads()), k_per_group);
  const double k_loop = k_per_group / (k_per_group + 64.0);
  const double split_cost = plan.splits == 1                                                   ? 1.0
                            : reduce_in_kernel(plan, r.reduction, device_fence) ? 0.95
                                                                                              : 0.85;
  // A CPU entry whose vectors are wider than the device's vector unit spills its register tile.
  const cl_uint native = element_bytes == 8 ? d.native_width_double : d.native_width_float;
  const double fits = d.is_cpu() && cl_uint(c.vec) > native ? 0.01 : 1.0;
  return speed * fill * busy * k_loop * split_cost * fits;
}

}  // namespace gemmcl::dispatch

GEMMCL_COLD_END
