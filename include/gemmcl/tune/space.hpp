#pragma once
// The tuner's candidate space, generated at compile time from ranges of policy parameters and filtered
// by the same rules as a Gemm<...>'s static_asserts (policy/rules.hpp). The run time then drops what
// the device cannot run (search.hpp). One space per kind of device and element size: GPUs search work-
// group tiles in local memory with their staging; CPUs search one column of work per work-item with A
// packed in local memory, as the built-in CPU entries do.

#include <array>
#include <cstddef>
#include <initializer_list>

#include "../policy/config.hpp"
#include "../policy/rules.hpp"

namespace gemmcl::tune {

// Up to eight values of one parameter.
struct Range {
  int values[8] = {};
  int count = 0;
  constexpr Range(std::initializer_list<int> v) {
    for (int x : v) values[count++] = x;
  }
};

// How a work-group keeps the next K step in flight (the staging policies).
enum class Staging { None, Prefetch, PrefetchRegisters, Pipeline, PipelineRegisters };

struct Ranges {
  Range tile_m, tile_n, tile_k, vec, wpt_m, wpt_n, padding, unroll;
  Range staging;     // Staging values
  bool local_b;      // B staged in local memory too (A always is)
  int min_threads, max_threads, max_accumulators;  // work-items per group; wpt_m * wpt_n
};

// A point of the space: a configuration (its element set at run time) and whether it runs on the
// device's own target (vendor::Nvidia on NVIDIA) or the generic one.
struct Candidate {
  policy::Config config;
  bool native = false;
};

inline constexpr Ranges gpu_float{{32, 64, 128, 256}, {32, 64, 128, 256}, {8, 16, 32}, {4}, {4, 8, 16},
                                  {4, 8, 16}, {0, 4}, {0}, {1, 2, 3, 4}, true, 64, 256, 128};
inline constexpr Ranges gpu_double{{32, 64, 128}, {32, 64, 128}, {8, 16}, {2}, {4, 8}, {4, 8}, {0, 2}, {0},
                                   {1, 2, 3, 4}, true, 64, 256, 64};
inline constexpr Ranges cpu_float{{8, 16, 32}, {64, 128, 256}, {32, 64, 128}, {4, 8, 16}, {8, 16, 32}, {4, 8},
                                  {0}, {1, 2, 4}, {0}, false, 1, 256, 256};
inline constexpr Ranges cpu_double{{8, 16, 32}, {64, 128, 256}, {32, 64, 128}, {2, 4, 8}, {4, 8, 16}, {4, 8},
                                   {0}, {1, 2, 4}, {0}, false, 1, 256, 128};

constexpr void stage(policy::Config& c, Staging s) {
  c.prefetch = s == Staging::Prefetch || s == Staging::PrefetchRegisters;
  c.register_prefetch = s == Staging::PrefetchRegisters || s == Staging::PipelineRegisters;
  c.stages = s == Staging::Pipeline || s == Staging::PipelineRegisters ? 3 : 0;
}

// Calls f(config) for every configuration of the ranges that passes the rules. The cheap counts come
// first, so that the rules run only on configurations with a sensible work-group.
template <class F>
constexpr void for_each_config(const Ranges& r, F&& f) {
  for (int a = 0; a < r.tile_m.count; ++a)
    for (int b = 0; b < r.tile_n.count; ++b)
      for (int wm = 0; wm < r.wpt_m.count; ++wm)
        for (int wn = 0; wn < r.wpt_n.count; ++wn) {
          const int tm = r.tile_m.values[a], tn = r.tile_n.values[b];
          const int m = r.wpt_m.values[wm], n = r.wpt_n.values[wn];
          if (m > tm || n > tn || tm % m != 0 || tn % n != 0 || m * n > r.max_accumulators) continue;
          const int threads = (tm / m) * (tn / n);
          if (threads < r.min_threads || threads > r.max_threads) continue;
          for (int k = 0; k < r.tile_k.count; ++k)
            for (int v = 0; v < r.vec.count; ++v)
              for (int s = 0; s < r.staging.count; ++s)
                for (int p = 0; p < r.padding.count; ++p)
                  for (int u = 0; u < r.unroll.count; ++u) {
                    policy::Config c;
                    c.tile_m = tm;
                    c.tile_n = tn;
                    c.tile_k = r.tile_k.values[k];
                    c.vec = r.vec.values[v];
                    c.wpt_m = m;
                    c.wpt_n = n;
                    c.local_a = true;
                    c.local_b = r.local_b;
                    c.padding = r.padding.values[p];
                    c.unroll = r.unroll.values[u];
                    stage(c, Staging(r.staging.values[s]));
                    if (policy::rule::valid(c)) f(c);
                  }
        }
}

template <const Ranges& R>
constexpr std::size_t space_size() {
  std::size_t n = 0;
  for_each_config(R, [&](const policy::Config&) { ++n; });
  return n;
}

// The space of a kind of device, as a constant.
template <const Ranges& R>
constexpr std::array<policy::Config, space_size<R>()> make_space() {
  std::array<policy::Config, space_size<R>()> out{};
  std::size_t n = 0;
  for_each_config(R, [&](const policy::Config& c) { out[n++] = c; });
  return out;
}

template <const Ranges& R>
inline constexpr auto space = make_space<R>();

}  // namespace gemmcl::tune
