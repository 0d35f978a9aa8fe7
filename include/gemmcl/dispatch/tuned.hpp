#pragma once
// A tuning file's section made runnable on one device: its entries as kernels (texts written on first
// use, like the built-in entries') with their speeds, and its shape rules. dispatch.hpp plans a call
// from it as from a built-in table, except that a problem close to one of the shapes the tuner
// measured runs what won there.

#include <atomic>
#include <cmath>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "../codegen/source.hpp"
#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "choose.hpp"
#include "tunable.hpp"
#include "tuning_file.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch {

// A shape rule applies to products whose m, n and k are each within this factor of its own.
inline constexpr double kShapeRuleReach = 1.25;

struct TunedTable {
  std::deque<codegen::Source> sources;  // stable addresses: kernels point at them
  std::deque<codegen::Kernel> kernels;
  std::vector<speeds> speed;
  std::vector<int> resident;
  std::vector<bool> device_fence;
  std::vector<tuning::Shape> shapes;
  bool elsewhere_builtin = false;  // products near no rule go to the built-in table
  bool last_wave = true;
  // Picks by shape, as for the built-in tables (dispatch.hpp), bounded the same way.
  struct Key {
    std::size_t m, n, k;
    bool trans_a, trans_b;
    auto operator<=>(const Key&) const = default;
  };
  std::mutex mutex;
  std::map<Key, Pick> picks;
  std::atomic<std::size_t> plans{0};  // calls planned from this table (gemmcl::tuning_status)

  // The candidates for a problem's pair of transposes.
  std::vector<Candidate> candidates(const core::Problem& p) const {
    std::vector<Candidate> out;
    out.reserve(kernels.size());
    for (std::size_t i = 0; i < kernels.size(); ++i)
      out.push_back({&kernels[i], speed[i].of(p.trans_a, p.trans_b), resident[i], device_fence[i]});
    return out;
  }

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
  table->last_wave = d.is_gpu();
  for (std::size_t i = 0; i < section.entries.size(); ++i) {
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
    table->sources.push_back(tunable_source(e.target, c));
    table->kernels.push_back(codegen::Kernel{c, info, nullptr, &table->sources.back(), true});
    table->speed.push_back(e.speed);
    table->resident.push_back(e.resident);
    table->device_fence.push_back(info->device_fence);
  }
  if (table->kernels.empty()) {
    why = "the section has no entries";
    return nullptr;
  }
  table->shapes = section.shapes;
  table->elsewhere_builtin = section.elsewhere_builtin;
  return table;
}

}  // namespace gemmcl::dispatch
GEMMCL_COLD_END
