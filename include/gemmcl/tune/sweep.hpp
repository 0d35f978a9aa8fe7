#pragma once
// The tuner's second pass: the entries (the built-in table's and the quick pass's fastest others) over a
// sweep of shapes, K whole and split, side by side with Gemm<>'s built-in choice, then a climb through
// the space from each shape's fastest. Each shape's winner becomes a shape rule of the tuning file; a
// shape where the built-in choice stays ahead gets a rule that sends it to the built-in table.

#include <algorithm>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "search.hpp"

namespace gemmcl::tune {

using dispatch::tuning::kBuiltin;

struct ShapeResult {
  Shape shape;
  double tuned = 0, builtin = 0;  // GFLOPS: the rule's choice, Gemm<>'s built-in choice
  std::size_t finalist = kBuiltin;  // index into the candidates swept, or kBuiltin
  int split = 1;
};

// The splits of K worth timing for a configuration on a shape: whole, and up to 256 parts while the
// work-groups fill at most a few waves and each part keeps a few K steps. A sliced configuration keeps
// K whole (that is what it is for).
inline std::vector<int> splits_for(const Shape& s, const policy::Config& c, const core::DeviceInfo& d) {
  std::vector<int> out{1};
  if (c.slices > 1) return out;
  const std::size_t tiles = ((s.m + c.tile_m - 1) / c.tile_m) * ((s.n + c.tile_n - 1) / c.tile_n);
  const std::size_t places = std::size_t(std::max<cl_uint>(d.compute_units, 1)) * (d.is_gpu() ? 2 : 1);
  for (int q = 2; q <= 256; q *= 2)
    if (tiles * std::size_t(q) <= 8 * places && s.k / std::size_t(q) >= 4 * std::size_t(c.tile_k)) out.push_back(q);
  return out;
}

// Times one (candidate, split) on a shape; GFLOPS, or 0 where it fails or computes wrong.
template <class T>
double timed(Bench<T>& bench, const Trial& t, const Shape& s, int split, double seconds_per_run, double best) {
  try {
    const codegen::Kernel& k = bench.kernel(t.target, t.config);
    if ((s.trans_a || s.trans_b) && !bench.verified(k, s)) return 0;
    return gflops(s, bench.time_kernel(k, s, split, t.resident, seconds_per_run, best > 0 ? gflops(s, 1) / best : 0));
  } catch (const std::exception&) {
    return 0;
  }
}

// For each shape, within an equal share of the time left: Gemm<>'s built-in choice, every entry with
// each split of splits_for, then a climb from the fastest (candidate, split) through untried neighbours
// of the space (`space`, the quick pass's candidates) at that split and the splits next to it. A
// neighbour that wins joins `entries`. A rule replaces the built-in choice only where it is measurably
// faster (1%).
template <class T>
std::vector<ShapeResult> sweep(Bench<T>& bench, std::vector<Trial>& entries, const std::vector<Trial>& space,
                               const std::vector<Shape>& shapes, const Clock& clock, double seconds_per_run,
                               Reporter& report) {
  std::vector<ShapeResult> out;
  std::mt19937 rng(11);
  for (std::size_t si = 0; si < shapes.size(); ++si) {
    const Shape& s = shapes[si];
    if (clock.elapsed() >= clock.budget) {
      report.line("budget spent: " + std::to_string(shapes.size() - si) + " shapes of the sweep left out");
      break;
    }
    const double share_end = clock.elapsed() + (clock.budget - clock.elapsed()) / double(shapes.size() - si);
    const auto status = [&] {
      report.update(clock.fraction(), "sweep: " + s.kind + " " + std::to_string(s.m) + "x" + std::to_string(s.n) +
                                          "x" + std::to_string(s.k));
    };
    ShapeResult r{s};
    try {
      dispatch::Plan plan;
      r.builtin = gflops(s, bench.time_builtin(s, seconds_per_run, plan));
    } catch (const std::exception&) {
      r.builtin = 0;
    }
    r.tuned = r.builtin;
    // The fastest (candidate, split) whether or not it beats the built-in choice: where the climb starts.
    Trial climb;
    int climb_split = 1;
    double climb_gflops = 0;
    const auto consider = [&](const Trial& t, std::size_t entry, int split, double g) {
      if (g > climb_gflops) {
        climb = t;
        climb_split = split;
        climb_gflops = g;
      }
      if (r.finalist == kBuiltin ? g > 1.01 * r.builtin : g > r.tuned) {
        r.tuned = g;
        r.finalist = entry;
        r.split = split;
      }
    };
    for (std::size_t e = 0; e < entries.size() && clock.elapsed() < clock.budget; ++e) {
      for (int split : splits_for(s, entries[e].config, bench.device())) {
        if (clock.elapsed() >= clock.budget) break;
        const double g = timed(bench, entries[e], s, split, seconds_per_run, r.tuned);
        // The square shapes give the entries' speeds for each pair of transposes.
        if (s.kind == "square" && split == 1) entries[e].square[(s.trans_a ? 2 : 0) + (s.trans_b ? 1 : 0)] = g;
        consider(entries[e], e, split, g);
      }
      status();
    }
    std::vector<bool> tried(space.size(), false);
    while (climb_gflops > 0 && clock.elapsed() < share_end) {
      std::vector<std::size_t> next;
      for (std::size_t i = 0; i < space.size(); ++i)
        if (!tried[i] && !space[i].failed && neighbours(climb, space[i])) next.push_back(i);
      if (next.empty()) break;
      std::shuffle(next.begin(), next.end(), rng);
      const double before = climb_gflops;
      for (std::size_t i : next) {
        if (clock.elapsed() >= share_end) break;
        tried[i] = true;
        const std::vector<int> valid = splits_for(s, space[i].config, bench.device());
        for (int split : {climb_split, climb_split * 2, climb_split / 2}) {
          if (split < 1 || std::find(valid.begin(), valid.end(), split) == valid.end()) continue;
          const double g = timed(bench, space[i], s, split, seconds_per_run, r.tuned);
          if (g > climb_gflops) {
            // A winner of this shape joins the entries (once), so that a rule can name it.
            std::size_t entry = entries.size();
            for (std::size_t e = 0; e < entries.size(); ++e)
              if (entries[e].target == space[i].target && entries[e].config == space[i].config) entry = e;
            if (entry == entries.size() && (r.finalist == kBuiltin ? g > 1.01 * r.builtin : g > r.tuned))
              entries.push_back(space[i]);
            consider(space[i], entry, split, g);
          }
        }
        status();
        if (climb_gflops > before) break;  // climb on from the new best
      }
      if (climb_gflops <= before) break;  // a local optimum
    }
    char line[200];
    std::snprintf(line, sizeof line, "%-6s %s%s %6zu x %6zu x %6zu: %9.1f GFLOPS tuned (%s, split %d), %9.1f built-in",
                  s.kind.c_str(), s.trans_a ? "T" : "N", s.trans_b ? "T" : "N", s.m, s.n, s.k, r.tuned,
                  r.finalist == kBuiltin ? "built-in" : ("entry " + std::to_string(r.finalist)).c_str(),
                  r.split, r.builtin);
    report.line(line);
    out.push_back(r);
  }
  return out;
}

}  // namespace gemmcl::tune
