#pragma once
// gemmcl's autotuner, as a C++ call (gemmcl-tune, tools/gemmcl-tune.cpp, is this call on the command
// line). It searches configurations of Gemm<>'s kernels for one device and element type within a time
// budget (tune/search.hpp, tune/sweep.hpp) and writes what it found as the device's tuning file, which
// Gemm<> then reads (runtime/tuning.hpp) instead of its built-in table. Not included by gemm.hpp: only
// a program that tunes pays for compiling the tuner.
//
//   gemmcl::tune::Options o;
//   o.budget_seconds = 120;
//   const gemmcl::tune::Report r = gemmcl::tune::tune<float>(queue, o);   // writes r.path

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "gemm.hpp"
#include "runtime/tuning.hpp"
#include "tune/search.hpp"
#include "tune/sweep.hpp"

namespace gemmcl::tune {

struct Options {
  double budget_seconds = 0;   // the whole search; 0: 600 on a GPU, 300 on a CPU
  std::size_t quick_size = 0;  // the quick pass's square product; 0: 4096 on a GPU, 1024 on a CPU
  std::vector<Shape> shapes;   // the sweep; empty: default_shapes(quick_size)
  int finalists = 4;           // candidates of the quick pass (other than the built-in table's) for the sweep
  Progress progress = Progress::Auto;
  std::string output;          // the file to write; "": the device's tuning file; write = false: none
  bool write = true;
};

struct Report {
  std::string path;            // the file written, or "" where none was
  std::string device;
  std::size_t candidates = 0, tried = 0, wrong = 0;
  double seconds = 0;
  std::size_t quick_size = 0;
  double best_gflops = 0;      // the quick pass's best, at quick_size^3
  std::vector<ShapeResult> shapes;
  std::vector<Trial> entries;  // those of the file: the built-in table's, then the fastest others
};

// Square, odd, skinny and deep products around a square size, then the square with the other pairs of
// transposes; in this order, since the budget may end the sweep early.
inline std::vector<Shape> default_shapes(std::size_t q) {
  std::vector<Shape> s{{q, q, q, false, false, "square"},
                       {q * 1000 / 1024, q * 1000 / 1024, q * 1000 / 1024, false, false, "odd"},
                       {q + 1, q + 1, q + 1, false, false, "odd"},
                       {2 * q, 64, 2 * q, false, false, "skinny"},
                       {128, 128, 16 * q, false, false, "deep"}};
  for (int pair = 1; pair < 4; ++pair) s.push_back({q, q, q, (pair & 2) != 0, (pair & 1) != 0, "square"});
  return s;
}

// An entry's speeds in the file: its quick-pass GFLOPS, with the fastest at 100. A seed keeps the
// ratios between the pairs of transposes of its built-in table (the quick pass times one pair), others
// take them from the sweep's square shapes; a sliced seed keeps its table's speeds, which only rank the
// sliced entries among themselves (dispatch/choose.hpp, one_wave_entry).
inline dispatch::speeds speeds_of(const Trial& t, const Report& r) {
  const auto scaled = [&](double nn) {
    const dispatch::speeds& s = t.table_speed;
    const auto of = [&](int x) { return std::max(1, int(x * nn / s.nn + 0.5)); };
    return dispatch::speeds(of(s.nn), of(s.nt), of(s.tn), of(s.tt));
  };
  if (t.seed && t.config.slices > 1) return t.table_speed;
  // Another candidate only where it beats the built-in entries clearly (5%): where it does not, the cost
  // model would rank it by one square product against entries measured on many, and it is reached by
  // the shape rules it won instead.
  double seeds = 0;
  for (const Trial& s : r.entries)
    if (s.seed) seeds = std::max(seeds, s.gflops);
  if (!t.seed && t.gflops < 1.05 * seeds) return dispatch::speeds(1);
  if (t.gflops > 0) {
    const double nn = 100 * t.gflops / r.best_gflops;
    if (t.seed && t.table_speed.nn > 0) return scaled(nn);
    // Another pair's speed: its square shape's GFLOPS against NN's, where the sweep timed both.
    const auto pair = [&](int i) {
      const double x = t.square[0] > 0 && t.square[i] > 0 ? nn * t.square[i] / t.square[0] : nn;
      return std::max(1, int(x + 0.5));
    };
    return dispatch::speeds(pair(0), pair(1), pair(2), pair(3));
  }
  // A seed the budget left untimed: its table speed, scaled as the fastest timed seed's.
  for (const Trial& s : r.entries)
    if (s.seed && s.gflops > 0 && s.table_speed.nn > 0 && s.config.slices == 1)
      return scaled(t.table_speed.nn * (100 * s.gflops / r.best_gflops) / s.table_speed.nn);
  return t.table_speed;
}

template <class T>
Report tune(cl::CommandQueue& queue, Options o = {}) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "gemmcl::tune::tune<T>: the tuner searches float and double kernels (the 16-bit types run on "
                "tensor cores or on float kernels)");
  Bench<T> bench(queue);
  const core::DeviceInfo& d = bench.device();
  if (o.budget_seconds <= 0) o.budget_seconds = d.is_gpu() ? 600 : 300;
  if (o.quick_size == 0) o.quick_size = d.is_gpu() ? 4096 : 1024;
  if (o.shapes.empty()) o.shapes = default_shapes(o.quick_size);
  if (o.output.empty() && o.write) o.output = runtime::tuning::default_path(d);
  if (o.write && o.output.empty())
    throw Error(ErrorCode::TuningFailed, "gemmcl::tune: no cache directory for the tuning file; give Options::output",
                Argument::none);
  Reporter report(o.progress);
  const Clock clock{std::chrono::steady_clock::now(), o.budget_seconds};
  const double per_run = d.is_gpu() ? 0.05 : 0.2;  // seconds of timed runs per measurement
  Report r;
  r.device = d.name;
  r.quick_size = o.quick_size;

  const Shape quick{o.quick_size, o.quick_size, o.quick_size, false, false, "square"};
  std::vector<Trial> trials = candidates<T>(bench, quick);
  r.candidates = trials.size();
  report.line(std::to_string(trials.size()) + " candidates for " + d.name + " (" + std::string(element::info_of<T>.name) +
              "), budget " + std::to_string(int(o.budget_seconds)) + " s");
  const std::vector<std::size_t> order =
      quick_pass(bench, trials, quick, clock, kQuickShare * o.budget_seconds, per_run, report, r.tried, r.wrong);
  if (order.empty()) throw Error(ErrorCode::TuningFailed, "gemmcl::tune: no candidate ran on " + d.name, Argument::none);
  r.best_gflops = trials[order[0]].gflops;
  // The entries: the built-in table's (so that shapes no rule covers are chosen as well as without a
  // tuning file), then the quick pass's fastest others.
  for (const Trial& t : trials)
    if (t.seed && !t.failed) r.entries.push_back(t);
  for (std::size_t i = 0, taken = 0; i < order.size() && int(taken) < o.finalists; ++i)
    if (!trials[order[i]].seed) {
      r.entries.push_back(trials[order[i]]);
      ++taken;
    }

  r.shapes = sweep(bench, r.entries, trials, o.shapes, clock, per_run, report);
  r.seconds = clock.elapsed();
  report.finish();
  if (!o.write) return r;

  dispatch::tuning::Section section{std::string(element::info_of<T>.name), {}, {}};
  for (const Trial& t : r.entries) section.entries.push_back({t.target, t.config, speeds_of(t, r), t.resident});
  // Products near no rule keep the built-in choice unless a candidate of the tuner's own beat the built-in
  // entries clearly (speeds_of gives it a speed of its own): the built-in table also has entries the
  // tuner cannot write (sub-group paths) and rules of its own for them.
  section.elsewhere_builtin = true;
  for (std::size_t i = 0; i < r.entries.size(); ++i)
    if (!r.entries[i].seed && section.entries[i].speed.nn > 1) section.elsewhere_builtin = false;
  for (const ShapeResult& s : r.shapes)
    section.shapes.push_back({s.shape.trans_a, s.shape.trans_b, s.shape.m, s.shape.n, s.shape.k, s.finalist,
                              s.split, s.tuned, s.builtin});
  // Other element types' sections of the device's file stay.
  dispatch::tuning::File file{d.name, d.driver_version, {}};
  if (const auto old = runtime::disk::read_all(o.output)) {
    std::string why;
    if (const auto parsed = dispatch::tuning::parse(*old, why); parsed && parsed->device == d.name && parsed->driver == d.driver_version)
      for (const auto& s : parsed->sections)
        if (s.element != section.element) file.sections.push_back(s);
  }
  file.sections.push_back(std::move(section));
  const std::size_t slash = o.output.find_last_of('/');
  if (slash != std::string::npos) runtime::disk::make_directories(o.output.substr(0, slash));
  char comment[160];
  std::snprintf(comment, sizeof comment, "%zu of %zu candidates tried in %.0f s, %zu computed wrong", r.tried,
                r.candidates, r.seconds, r.wrong);
  if (!runtime::disk::write_atomically(o.output, dispatch::tuning::write(file, comment)))
    throw Error(ErrorCode::TuningFailed, "gemmcl::tune: cannot write the tuning file " + o.output, Argument::none);
  r.path = o.output;
  report.line("wrote " + r.path);
  return r;
}

}  // namespace gemmcl::tune
