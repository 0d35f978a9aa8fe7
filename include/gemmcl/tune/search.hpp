#pragma once
// The search, in two passes within a time budget:
//   1. quick pass, on one large square product: the built-in table's entries first (the seeds), then
//      the untried neighbours (differing in one parameter) of the fastest candidates so far, and
//      random candidates where those run out. Every candidate is checked on a small product with edges
//      before it is timed; one that computes wrong is dropped and counted.
//   2. sweep: the fastest few over the shapes users meet (square, odd, skinny, deep), each with K whole
//      and split, side by side with Gemm<>'s built-in choice; each shape's winner becomes a shape rule.
// The quick pass gets kQuickShare of the budget; the sweep what is left.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "../dispatch/tuning_file.hpp"
#include "measure.hpp"
#include "progress.hpp"
#include "space.hpp"

namespace gemmcl::tune {

inline constexpr double kQuickShare = 0.5;

struct Trial {
  std::string target;  // tunable key
  policy::Config config;
  int resident = 1;
  double gflops = -1;  // at the quick shape; -1 untried
  bool failed = false, expanded = false, seed = false;
  dispatch::speeds table_speed{0};  // a seed's speeds in its built-in table
  double square[4] = {0, 0, 0, 0};  // GFLOPS on the sweep's square shape, K whole, per pair (NN, NT, TN, TT)
};

// Work-groups of a configuration that fit on one compute unit: by local memory, by work-items, and on
// GPUs by an estimate of its registers (accumulators, operand registers, addressing).
inline int resident_estimate(const policy::Config& c, const core::DeviceInfo& d) {
  if (!d.is_gpu()) return 1;
  const long local = long(std::max<std::size_t>(c.local_bytes(), 1));
  const long by_local = long(d.local_mem_size) / local;
  const long by_items = 2048 / c.threads();
  const long registers = long(c.wpt_m) * c.wpt_n * (c.element.bytes / 4 > 1 ? 2 : 1) +
                         long(c.wpt_m + c.wpt_n) * (c.register_prefetch ? 2 : 1) + 32;
  const long by_registers = 65536 / (registers * c.threads());
  return int(std::clamp(std::min({by_local, by_items, by_registers}), 1L, 8L));
}

// Whether two trials differ in exactly one searched parameter.
inline bool neighbours(const Trial& x, const Trial& y) {
  const policy::Config &a = x.config, &b = y.config;
  const int differ = (a.tile_m != b.tile_m) + (a.tile_n != b.tile_n) + (a.tile_k != b.tile_k) + (a.vec != b.vec) +
                     (a.wpt_m != b.wpt_m) + (a.wpt_n != b.wpt_n) + (a.padding != b.padding) +
                     (a.unroll != b.unroll) + (x.target != y.target) +
                     (a.prefetch != b.prefetch || a.register_prefetch != b.register_prefetch || a.stages != b.stages);
  return differ == 1 && a.slices == b.slices && a.local_a == b.local_a && a.local_b == b.local_b;
}

// The candidates for a device: the space of its kind with the element's sizes, without what it cannot
// run, on the generic target and, where the device has one, its own tunable target; seeds first.
template <class T>
std::vector<Trial> candidates(Bench<T>& bench, const Shape& quick) {
  const core::DeviceInfo& d = bench.device();
  std::vector<Trial> out;
  const auto fits = [&](const policy::Config& c) {
    return std::size_t(c.threads()) <= d.max_work_group_size && c.local_bytes() <= d.local_mem_size &&
           (d.is_gpu() || c.vec <= int(std::max<cl_uint>(sizeof(T) == 8 ? d.native_width_double : d.native_width_float, 4)));
  };
  const auto add = [&](const std::string& key, policy::Config c, int resident, dispatch::speeds speed, bool seed) {
    c.element = element::info_of<T>;
    if (!fits(c)) return;
    for (const Trial& t : out)
      if (t.target == key && t.config == c) return;
    out.push_back({key, c, resident > 0 ? resident : resident_estimate(c, d), -1, false, false, seed, speed});
  };
  // Seeds: the built-in table's entries on tunable targets, with their speeds for each pair of transposes.
  dispatch::with_table<T>(d, [&](auto table) {
    using Table = decltype(table);
    Shape pair = quick;
    std::array<std::vector<dispatch::Candidate>, 4> by_pair;
    for (int i = 0; i < 4; ++i) {
      pair.trans_a = (i & 2) != 0;
      pair.trans_b = (i & 1) != 0;
      const auto c = dispatch::candidates<Table>(bench.problem(pair));
      by_pair[std::size_t(i)].assign(c.begin(), c.end());
    }
    for (std::size_t j = 0; j < by_pair[0].size(); ++j) {
      const dispatch::Candidate& e = by_pair[0][j];
      const std::string_view key = dispatch::tunable_key_of(e.kernel->target);
      const dispatch::speeds speed(by_pair[0][j].speed, by_pair[1][j].speed, by_pair[2][j].speed, by_pair[3][j].speed);
      if (!key.empty()) add(std::string(key), e.config(), e.resident, speed, true);
    }
  });
  std::string native;
  util::any_of(dispatch::tunable_targets{}, [&](auto tag) {
    using Tag = decltype(tag);
    if (std::is_same_v<Tag, vendor::Generic> || !target::Target<Tag>::matches(d)) return false;
    native = std::string(dispatch::tunable_key<Tag>::value);
    return true;
  });
  const auto add_space = [&](const auto& space) {
    for (const policy::Config& c : space) {
      add("generic", c, 0, dispatch::speeds(0), false);
      if (!native.empty()) add(native, c, 0, dispatch::speeds(0), false);
    }
  };
  const bool wide = sizeof(T) == 8;
  if (d.is_gpu()) {
    if (wide) add_space(space<gpu_double>);
    else add_space(space<gpu_float>);
  } else {
    if (wide) add_space(space<cpu_double>);
    else add_space(space<cpu_float>);
  }
  return out;
}

struct Clock {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  double budget;
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
  double fraction() const { return std::min(1.0, elapsed() / budget); }
};

inline std::string describe(const Trial& t) {
  return dispatch::tuning::entry_line(0, {t.target, t.config, dispatch::speeds(0), t.resident}).substr(8);
}

// The quick pass. Returns the trials' indices, fastest first (tried and right only).
template <class T>
std::vector<std::size_t> quick_pass(Bench<T>& bench, std::vector<Trial>& trials, const Shape& quick,
                                    const Clock& clock, double until, double seconds_per_run, Reporter& report,
                                    std::size_t& tried, std::size_t& wrong) {
  std::mt19937 rng(7);
  double best = 0;  // GFLOPS
  double spent = 0;  // seconds on the candidates so far: a new one starts only if one more fits
  const auto fits = [&] { return clock.elapsed() + (tried > 0 ? spent / double(tried) : 0) < until; };
  const auto measure = [&](Trial& t) {
    const double start = clock.elapsed();
    struct Spent {
      double& total;
      const Clock& clock;
      double start;
      ~Spent() { total += clock.elapsed() - start; }
    } spent_on{spent, clock, start};
    ++tried;
    try {
      const codegen::Kernel& k = bench.kernel(t.target, t.config);
      if (!bench.verified(k, quick)) {
        t.failed = true;
        ++wrong;
        report.line("wrong result, dropped: " + describe(t));
        return;
      }
      const double best_seconds = best > 0 ? gflops(quick, 1) / best : 0;
      const double s = bench.time_kernel(k, quick, 1, t.resident, seconds_per_run, best_seconds);
      t.gflops = gflops(quick, s);
    } catch (const std::exception&) {
      t.failed = true;  // the device refused it (resources, build): not counted as wrong
    }
    if (t.gflops > best) {
      best = t.gflops;
      char line[48];
      std::snprintf(line, sizeof line, "best so far %.1f GFLOPS: ", best);
      report.line(line + describe(t));
    }
    report.update(clock.fraction(), "quick pass: " + std::to_string(tried) + " tried, best " +
                                        std::to_string(int(best)) + " GFLOPS");
  };
  for (Trial& t : trials)
    if (t.seed && fits()) measure(t);
  while (fits()) {
    // The fastest unexpanded trial among the best three: its untried neighbours, in random order.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < trials.size(); ++i)
      if (trials[i].gflops > 0) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return trials[a].gflops > trials[b].gflops; });
    std::vector<std::size_t> next;
    for (std::size_t r = 0; r < std::min<std::size_t>(order.size(), 3) && next.empty(); ++r) {
      Trial& from = trials[order[r]];
      if (from.expanded) continue;
      from.expanded = true;
      for (std::size_t i = 0; i < trials.size(); ++i)
        if (trials[i].gflops < 0 && !trials[i].failed && neighbours(from, trials[i])) next.push_back(i);
    }
    if (next.empty()) {  // a local optimum: look elsewhere
      std::vector<std::size_t> untried;
      for (std::size_t i = 0; i < trials.size(); ++i)
        if (trials[i].gflops < 0 && !trials[i].failed) untried.push_back(i);
      if (untried.empty()) break;
      next.push_back(untried[std::uniform_int_distribution<std::size_t>(0, untried.size() - 1)(rng)]);
    }
    std::shuffle(next.begin(), next.end(), rng);
    for (std::size_t i : next) {
      if (!fits()) break;
      measure(trials[i]);
    }
  }
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < trials.size(); ++i)
    if (trials[i].gflops > 0) order.push_back(i);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return trials[a].gflops > trials[b].gflops; });
  return order;
}

}  // namespace gemmcl::tune
