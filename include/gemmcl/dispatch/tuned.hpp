#pragma once
// A tuning file's section made runnable on one device: its entries as kernels (texts written on first
// use, like the built-in entries') with their speeds, and its shape rules. dispatch.hpp plans a call
// from it as from a built-in table, except that a problem close to one of the shapes the tuner
// measured runs what won there.

#include <atomic>
#include <cmath>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "../codegen/source.hpp"
#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "choose.hpp"
#include "memo.hpp"
#include "tunable.hpp"
#include "tuning_file.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch {

// A shape rule applies to products whose m, n and k are each within this factor of its own.
inline constexpr double kShapeRuleReach = 1.25;

struct TunedTable {
  // Reserved for all entries up front: kernels point at their sources, candidates at their kernels.
  std::vector<codegen::Source> sources;
  std::vector<codegen::Kernel> kernels;
  std::vector<Candidate> candidates[4];  // per pair of transposes (NN, NT, TN, TT), speeds for that pair
  std::vector<tuning::Shape> shapes;
  bool elsewhere_builtin = false;  // products near no rule go to the built-in table
  bool last_wave = true;
  detail::PickMemo memo;
  std::atomic<std::size_t> plans{0};  // calls planned from this table (gemmcl::tuning_status)

  // The shape rule nearest the problem within reach (same transposes), or null.
  const tuning::Shape* rule_for(const core::Problem& p) const {
    const tuning::Shape* best = nullptr;
    double best_distance = 0;
    const double reach = std::log(kShapeRuleReach);
    for (const tuning::Shape& s : shapes) {
      if (s.trans_a != p.trans_a || s.trans_b != p.trans_b) continue;
      const double dm = std::abs(std::log(double(p.m) / double(s.m))),
                   dn = std::abs(std::log(double(p.n) / double(s.n))),
                   dk = std::abs(std::log(double(p.k) / double(s.k)));
      if (dm > reach || dn > reach || dk > reach) continue;
      const double distance = dm + dn + dk;
      if (best == nullptr || distance < best_distance) {
        best = &s;
        best_distance = distance;
      }
    }
    return best;
  }
};

// The section's table for a device, or null with `why` set: an entry for a target the device lacks, or
// beyond its limits, makes the whole section unusable.
template <class Unused = void>
std::unique_ptr<TunedTable> make_tuned_table(const tuning::Section& section, const element::Info& element,
                                             const core::DeviceInfo& d, std::string& why) {
  auto table = std::make_unique<TunedTable>();
  const std::size_t n = section.entries.size();
  if (n == 0) {
    why = "the section has no entries";
    return nullptr;
  }
  table->sources.reserve(n);
  table->kernels.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const tuning::Entry& e = section.entries[i];
    const target::Info* info = nullptr;
    const std::string which = "entry " + std::to_string(i) + ": ";
    if (!tunable_target(e.target, info)) {
      why = which + "no tunable target '" + e.target + "'";
      return nullptr;
    }
    if (!info->matches(d)) {
      why = which + "its target '" + e.target + "' does not serve " + d.name;
      return nullptr;
    }
    policy::Config c = e.config;
    c.element = element;
    if (std::size_t(c.threads()) > d.max_work_group_size || c.local_bytes() > d.local_mem_size) {
      why = which + "beyond the device's work-group or local memory limits";
      return nullptr;
    }
    table->kernels.emplace_back();
    tunable_kernel(e.target, c, table->sources, table->kernels.back());
    for (int pair = 0; pair < 4; ++pair)
      table->candidates[pair].push_back(
          {&table->kernels.back(), e.speed.of(pair >= 2, pair % 2 == 1), e.resident, info->device_fence});
  }
  table->shapes = section.shapes;
  table->elsewhere_builtin = section.elsewhere_builtin;
  return table;
}

}  // namespace gemmcl::dispatch
GEMMCL_COLD_END
