#pragma once
// Gemm<>'s choice for a batched call: the batch fills the device, so K is never split and the entry
// is scored by its speed, the real fraction of its tiles that covers each product's C, how busy the
// batch's work-groups (tiles times products) keep the device and the length of the K loop
// (cost.hpp). Sliced entries, skinny ones (choose.hpp) and entries that read images take no part.

#include <cstddef>

#include "dispatch.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch {

inline double batched_score(const core::Problem& p, const Candidate& e, const core::DeviceInfo& d) {
  const policy::Config& c = e.config();
  const double covered = double((p.m + c.tile_m - 1) / c.tile_m * c.tile_m) *
                         double((p.n + c.tile_n - 1) / c.tile_n * c.tile_n);
  const double fill = double(p.m) * double(p.n) / covered;
  const double groups = double(tiles_of(p, c)) * double(p.batch.count);
  const double busy = busy_fraction(groups, double(std::max<cl_uint>(d.compute_units, 1)), e.resident,
                                    double(c.threads()), double(p.k));
  return e.speed * fill * busy * (double(p.k) / (double(p.k) + 64.0));
}

template <class Resolved>
Plan plan_batched(const core::Problem& p, const core::DeviceInfo& d) {
  using T = typename Resolved::kernel_element_type;
  policy::Rules rules = Resolved::rules;
  rules.split_k = 1;
  Plan chosen{&codegen::kernel_of<typename Resolved::vendor, Resolved>, rules, 1, 1};
  if constexpr (Resolved::automatic) {
    with_table<T>(d, [&](auto table) {
      const auto entries = candidates<decltype(table)>(p);
      double best = -1;
      for (const Candidate& e : entries) {
        const policy::Config& c = e.config();
        if (!by_score(c) || c.image_a || c.image_b) continue;
        if (const double s = batched_score(p, e, d); s > best) {
          best = s;
          chosen = Plan{e.kernel, rules, e.resident, 1};
        }
      }
    });
  }
  using portable = policy::resolve<Element<T>>;
  chosen.fallback = &codegen::kernel_of<gemmcl::vendor::Generic, portable>;
  return chosen;
}

}  // namespace gemmcl::dispatch
GEMMCL_COLD_END
