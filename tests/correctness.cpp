// The correctness sweep: every configuration of correctness_configs.hpp runs shapes from 1 to ~300
// (primes, tile - 1, tile, tile + 1), all eight layout x transpose combinations, offsets, ld > rows,
// alpha/beta including 0 with a NaN-poisoned C, split K, and the BLAS corner cases, against a
// double-precision CPU reference with a norm-wise and an element-wise bound (support/common.hpp explains
// the bound). Every element around C must keep its bits, and A and B must not change at all. Last, a few
// configurations on problems drawn at random, shape included.
//
// What it costs: PoCL compiles one work-group function per program (transpose pair x aligned or not)
// and per kind of launch (a single work-group is a kind of its own), 1.5-5 s each for the fixed
// configurations and ~30 s for the float one Gemm<> picks on a CPU. So the shapes here span at least two
// work-groups (single ones have their own test), the aligned variant is run for two combinations only
// where a program is that expensive, and each policy family appears in a few configurations, not all.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "correctness_configs.hpp"
#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;
using namespace gt::sweep;  // the configurations

namespace {

using gt::aligned;
using gt::base_case;
using gt::pads;
using gt::unaligned;

struct Shape {
  std::size_t m, n, k;
  bool aligned;  // offsets and leading dimensions all multiples of 16, the widest vector
};

// Shapes around the configuration's tile, plus odd and prime ones. Every one spans at least two
// work-groups; launches of a single work-group have a test of their own.
std::vector<Shape> shapes_for(const policy::Config& c) {
  const std::size_t tm = c.tile_m, tn = c.tile_n, tk = c.tile_k;
  return {
      {1, tn + 1, 1, false},
      {tm - 1, tn + 1, tk + 1, false},
      {tm + 1, tn, tk, false},
      {tm + 1, tn - 1, 2 * tk - 1, false},
      {2 * tm, 2 * tn, 2 * tk, true},  // whole tiles only: the unguarded vector paths
      {tm + 3, tn + 5, tk + 2, true},
      {131, 67, 61, false},
      {7, tn + 3, 2, false},
      {tm + 8, tn + 8, tk + 1, false},  // edge tiles holding whole vectors, and vectors wholly past m and n
  };
}

template <class T>
struct Scaling {
  T alpha, beta;
  bool nan_c;  // only with beta == 0
};

template <class T>
const std::vector<Scaling<T>>& scalings() {
  static const std::vector<Scaling<T>> s = {
      {T(1), T(0), true}, {T(-1.5), T(0.5), false}, {T(0.75), T(1), false}, {T(2), T(-1), false},
      {T(1), T(1), false}, {T(-0.5), T(0), true},  {T(1), T(2), false},
  };
  return s;
}

std::uint64_t seed_for(const std::string& name) { return gt::base_seed() ^ std::hash<std::string>{}(name); }

// Every layout x transpose combination on each shape, the scalings taken in turn, each result checked
// against the reference; prepare(cs, shape, run) sets the case's offsets and paddings.
template <class T, class Gemm, class Shapes, class Prepare>
void check_combinations(const Gemm& gemm, cl::CommandQueue& queue, const Shapes& shapes, std::mt19937_64& rng,
                        Prepare prepare) {
  std::size_t run = 0;
  for (const auto& combo : gt::all_combinations) {
    for (const Shape& s : shapes) {
      const auto& sc = scalings<T>()[run % scalings<T>().size()];
      gt::Case<T> cs = base_case(combo, s.m, s.n, s.k, sc.alpha, sc.beta);
      cs.nan_c = sc.nan_c;
      prepare(cs, s, run);
      INFO(cs.describe());
      const gt::Verdict v = gt::run_case(gemm, queue, cs, rng);
      CHECK_MESSAGE(v.ok, v.detail);
      ++run;
    }
  }
}

}  // namespace

TEST_CASE_TEMPLATE("sweep", G, Defaults, DefaultsDouble, SmallNoLocal, LocalAPadded, LocalBDouble, PrefetchVec8, RegisterPrefetchRect, PipelineRect, PipelineOdd, Large,
                   DoubleApi, PrefetchADouble, PrefetchBNarrow, NoLocalDouble, OnlyWorkPerThread, PackedAlways, SplitThree,
                   SplitSecondPass, SplitInKernel, SlicedFour, SlicedSplit, SlicedPipeline, SlicedFewVectors) {
  using T = typename G::value_type;
  const G gemm;
  auto& target = gt::target();
  std::mt19937_64 rng(seed_for(doctest::toString<G>().c_str()));
  INFO("configuration: ", G::automatic ? std::string("chosen at run time") : gt::describe(G::config), " on ",
       target.name);
  const auto check = [&](const gt::Case<T>& cs) {
    INFO(cs.describe());
    const gt::Verdict v = gt::run_case(gemm, target.queue, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
  };
  const std::size_t tm = G::config.tile_m, tn = G::config.tile_n, tk = G::config.tile_k;

  // doctest runs the body once per SUBCASE, from the top: everything expensive lives in one.
  SUBCASE("shapes x layouts x transposes") {
    const auto shapes = shapes_for(G::config);
    std::size_t run = 0;
    for (std::size_t c = 0; c < 8; ++c) {
      // Gemm<>'s CPU kernels take ~30 s each to build: their aligned programs are built for two
      // combinations (transpose pairs (0,0) and (1,1)), the others for all eight.
      const bool align_here = !G::automatic || c == 0 || c == 7;
      for (const Shape& s : shapes) {
        const auto& sc = scalings<T>()[(run * 3) % scalings<T>().size()];
        gt::Case<T> cs = base_case(gt::all_combinations[c], s.m, s.n, s.k, sc.alpha, sc.beta);
        cs.nan_c = sc.nan_c;
        if (s.aligned && align_here) {
          aligned(cs, run);
        } else {
          unaligned(cs, run);
        }
        check(cs);
        ++run;
      }
    }
  }

  SUBCASE("near 300, primes") {
    // One combination per layout, with the operands transposed differently.
    for (const auto& combo : {gt::all_combinations[1], gt::all_combinations[6]}) {
      gt::Case<T> cs = base_case(combo, 293, 307, 263, T(0.5), T(-1));
      cs.a_off = 3;
      cs.c_pad = 5;
      check(cs);
    }
  }

  SUBCASE("split K") {
    // One tile of C and a long K: on a device with two or more compute units the runtime splits K
    // (SplitK<3> always does), and a second kernel adds the parts.
    std::size_t run = 0;
    for (const auto& combo : gt::all_combinations) {
      const auto& sc = scalings<T>()[run % scalings<T>().size()];
      gt::Case<T> cs = base_case(combo, tm - run % 3, tn - 1, 16 * tk + 5 + run, sc.alpha, sc.beta);
      cs.nan_c = sc.nan_c;
      unaligned(cs, run);
      check(cs);
      ++run;
    }
  }

  SUBCASE("BLAS corner cases") {
    const std::size_t m = tm + 1, n = 3, k = tk + 1;
    for (const auto& combo : gt::all_combinations) {
      const auto make = [&](std::size_t mm, std::size_t nn, std::size_t kk, T alpha, T beta) {
        gt::Case<T> cs = base_case(combo, mm, nn, kk, alpha, beta);
        cs.a_off = 2;
        cs.b_off = 1;
        cs.c_off = 4;
        cs.c_pad = 2;
        return cs;
      };
      // m = 0 or n = 0: nothing at all may change.
      check(make(0, n, k, T(1), T(0.5)));
      check(make(m, 0, k, T(1), T(0.5)));
      // k = 0: C := beta * C, and A and B (null buffers here) are never touched.
      auto k0 = make(m, n, 0, T(1), T(0.5));
      k0.null_ab = true;
      check(k0);
      // k = 0 and beta = 0: C := 0, whatever C held.
      auto k0b0 = make(m, n, 0, T(2), T(0));
      k0b0.nan_c = true;
      check(k0b0);
      // k = 0 and beta = 1: C stays as it is.
      check(make(m, n, 0, T(1), T(1)));
      // alpha = 0: A and B are not read, so their NaNs must not reach C.
      auto a0 = make(m, n, k, T(0), T(-2));
      a0.nan_ab = true;
      check(a0);
      auto a0b0 = make(m, n, k, T(0), T(0));
      a0b0.nan_ab = true;
      a0b0.nan_c = true;
      check(a0b0);
      auto a0b1 = make(m, n, k, T(0), T(1));
      a0b1.nan_ab = true;
      check(a0b1);
    }
  }
}

// Gemm<> on a CPU copies a transposed A or B into its untransposed order before a product of 2^27
// flops or more (dispatch/pack.hpp), so every transpose pair runs the untransposed kernel. All eight
// layout x transpose combinations, unaligned, against the reference; on a CPU, also that no program
// with a transposed operand was built.
TEST_CASE_TEMPLATE("transposed operands copied on CPUs", G, Defaults, DefaultsDouble) {
  using T = typename G::value_type;
  const G gemm;
  auto& target = gt::target();
  std::mt19937_64 rng(seed_for(std::string("transposed copies ") + doctest::toString<G>().c_str()));
  const auto& device = core::device_info(target.device());
  const std::size_t builds_before = runtime::ProgramCache::instance().builds();
  std::size_t run = 0;
  for (const auto& combo : gt::all_combinations) {
    gt::Case<T> cs = base_case(combo, 520, 300, 441, run % 2 ? T(1) : T(-0.5), run % 3 ? T(0) : T(0.25));
    cs.nan_c = cs.beta == T(0);
    unaligned(cs, run);
    INFO(cs.describe(), " on ", target.name);
    const gt::Verdict v = gt::run_case(gemm, target.queue, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
    ++run;
  }
  // Untransposed kernels only: aligned or not (a copy is aligned, the caller's operands are not), of
  // each entry Gemm<> picks for the two orientations (row-major calls swap m and n).
  if (device.is_cpu()) {
    std::vector<const codegen::Kernel*> entries;
    for (const auto& [m, n] : {std::pair<std::size_t, std::size_t>{520, 300}, {300, 520}}) {
      core::Problem p;
      p.m = m;
      p.n = n;
      p.k = 441;
      const codegen::Kernel* e = dispatch::plan<policy::resolve<Element<T>>>(p, device, true).kernel;
      if (std::find(entries.begin(), entries.end(), e) == entries.end()) entries.push_back(e);
    }
    // Two programs per entry (A and B aligned or not), and the packing program: its own, since the
    // product's programs no longer carry it.
    CHECK(runtime::ProgramCache::instance().builds() - builds_before <= 2 * entries.size() + 1);
  }
}

// Gemm<>'s last-wave split (dispatch::plan_last_wave), which it takes on NVIDIA GPUs only: C's first
// MainCols columns of tiles with K whole, then the others with K split in Parts, as two calls. Here on
// whatever device runs the tests, through a wrapper with Gemm's call signature. NoEvent: the call asks
// for no event, as Gemm's enqueue does, and a marker after it stands for its end.
template <class G, std::size_t MainCols, int Parts, bool NoEvent = false>
struct LastWaveSplit {
  using value_type = typename G::value_type;
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose ta, Transpose tb, std::size_t m,
                       std::size_t n, std::size_t k, value_type alpha, const cl::Buffer& a, std::size_t a_off,
                       std::size_t a_ld, const cl::Buffer& b, std::size_t b_off, std::size_t b_ld,
                       value_type beta, cl::Buffer& c, std::size_t c_off, std::size_t c_ld) const {
    const runtime::QueueTarget target = runtime::queue_target(queue, false, NoEvent);
    const core::Problem p = runtime::make_problem(layout, ta, tb, m, n, k, {&a, a_off, a_ld}, {&b, b_off, b_ld},
                                                  {&c, c_off, c_ld}, sizeof(value_type));
    REQUIRE(p.n > MainCols * G::config.tile_n);
    dispatch::Plan plan{&codegen::kernel_of<typename G::vendor_type, G>, G::rules, 1, G::rules.split_k};
    plan.main_cols = MainCols * G::config.tile_n;
    plan.last_parts = Parts;
    const std::vector<cl::Event> events = runtime::run<value_type>(queue, target, p, plan, alpha, beta, {});
    if (!NoEvent) return events.back();
    cl::Event end;
    queue.enqueueMarkerWithWaitList(nullptr, &end);
    return end;
  }
};

TEST_CASE_TEMPLATE("last-wave split", G, SplitThree, SplitInKernel) {
  using T = typename G::value_type;
  const LastWaveSplit<G, 2, 3> gemm;
  auto& target = gt::target();
  std::mt19937_64 rng(seed_for(std::string("last wave ") + doctest::toString<G>().c_str()));
  INFO("configuration: ", gt::describe(G::config), " on ", target.name);
  const std::size_t tn = G::config.tile_n, tk = G::config.tile_k;
  // Square in M and N, so that both layouts give the kernel more than two columns of tiles: the rest
  // a partial tile, then whole ones.
  const Shape shapes[] = {{2 * tn + 5, 2 * tn + 5, 9 * tk + 3, false}, {4 * tn, 4 * tn, 6 * tk, true}};
  check_combinations<T>(gemm, target.queue, shapes, rng, [](gt::Case<T>& cs, const Shape& s, std::size_t run) {
    if (s.aligned) {
      aligned(cs, run);
    } else {
      unaligned(cs, run);
    }
  });
  // Asking for no event: the first call's event still orders the second (the split part leases a
  // workspace and keeps its own).
  {
    gt::Case<T> cs = base_case(gt::all_combinations[2], 2 * tn + 5, 2 * tn + 5, 9 * tk + 3, T(1), T(0.5));
    unaligned(cs, 2);
    INFO("no event: ", cs.describe());
    const gt::Verdict v = gt::run_case(LastWaveSplit<G, 2, 3, true>{}, target.queue, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
  }
  // On an out-of-order queue the second call waits for the first, so the last event ends both.
  cl_int status = CL_SUCCESS;
  cl::CommandQueue out_of_order(target.context, target.device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &status);
  if (status == CL_SUCCESS) {
    gt::Case<T> cs = base_case(gt::all_combinations[1], 2 * tn + 5, 2 * tn + 5, 9 * tk + 3, T(1), T(0.5));
    unaligned(cs, 1);
    INFO("out-of-order queue: ", cs.describe());
    const gt::Verdict v = gt::run_case(gemm, out_of_order, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
  }
}

// Gemm::enqueue, the call that returns no event (gt::WithoutEvent: a marker after it ends the call).
// Plain products, K split in a second pass and in the kernel, misaligned operands (packed first on a
// CPU), on both kinds of queue.
TEST_CASE_TEMPLATE("calls without an event", G, Defaults, DefaultsDouble, SplitThree, SplitInKernel) {
  using T = typename G::value_type;
  const gt::WithoutEvent<G> gemm;
  auto& target = gt::target();
  std::mt19937_64 rng(seed_for(std::string("no event ") + doctest::toString<G>().c_str()));
  INFO("configuration: ", gt::describe(G::config), " on ", target.name);
  const std::size_t tm = G::config.tile_m, tn = G::config.tile_n, tk = G::config.tile_k;
  const Shape shapes[] = {{tm + 3, 2 * tn + 1, 3 * tk + 2, false}, {2 * tm, 2 * tn, 2 * tk, true}};
  check_combinations<T>(gemm, target.queue, shapes, rng, [](gt::Case<T>& cs, const Shape& s, std::size_t run) {
    if (s.aligned) {
      aligned(cs, run);
    } else {
      unaligned(cs, run);
    }
  });
  cl_int status = CL_SUCCESS;
  cl::CommandQueue out_of_order(target.context, target.device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &status);
  if (status == CL_SUCCESS) {
    gt::Case<T> cs = base_case(gt::all_combinations[4], tm + 3, 2 * tn + 1, 3 * tk + 2, T(1), T(0.5));
    unaligned(cs, 1);
    INFO("out-of-order queue: ", cs.describe());
    const gt::Verdict v = gt::run_case(gemm, out_of_order, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
  }
}

// Launches of a single work-group (m <= tile, n <= tile, K too short to split), which the sweep leaves
// out to save PoCL compilations. Two inexpensive configurations, one with local memory and one without.
TEST_CASE_TEMPLATE("single work-group", G, SmallNoLocal, LocalAPadded) {
  using T = typename G::value_type;
  const G gemm;
  auto& target = gt::target();
  std::mt19937_64 rng(seed_for(std::string("single ") + doctest::toString<G>().c_str()));
  INFO("configuration: ", gt::describe(G::config), " on ", target.name);
  const std::size_t tm = G::config.tile_m, tn = G::config.tile_n, tk = G::config.tile_k;
  const Shape shapes[] = {{1, 1, 1, false}, {tm, tn, tk, false}, {tm - 1, tn - 1, tk + 1, false}, {2, 5, 3 * tk, false}};
  check_combinations<T>(gemm, target.queue, shapes, rng, [](gt::Case<T>& cs, const Shape&, std::size_t run) {
    cs.a_off = 1;  // unaligned: one program per transpose pair
    cs.b_pad = pads[run % 4];
    cs.c_pad = pads[(run + 1) % 4];
  });
}

// Problems drawn at random, shape and all: m, n and k log-uniform in 1..320 (so most are small and
// some span several tiles), any layout and transposes, offsets, paddings and tails, and the sweep's
// scalings. What the structured shapes above might miss by being regular; GEMMCL_TEST_SEED replays.
TEST_CASE_TEMPLATE("random problems", G, Defaults, DefaultsDouble, Large, SlicedSplit) {
  using T = typename G::value_type;
  const G gemm;
  auto& target = gt::target();
  std::mt19937_64 rng(seed_for(std::string("random ") + doctest::toString<G>().c_str()));
  INFO("configuration: ", G::automatic ? std::string("chosen at run time") : gt::describe(G::config), " on ",
       target.name);
  std::uniform_real_distribution<double> log_extent(0.0, std::log(320.0));
  const auto extent = [&] { return static_cast<std::size_t>(std::exp(log_extent(rng))); };
  const auto below = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  for (int i = 0; i < 12; ++i) {
    const auto& sc = scalings<T>()[below(scalings<T>().size())];
    gt::Case<T> cs = base_case(gt::all_combinations[below(8)], extent(), extent(), extent(), sc.alpha, sc.beta);
    cs.nan_c = sc.nan_c;
    cs.a_off = below(18);
    cs.b_off = below(18);
    cs.c_off = below(18);
    cs.a_pad = below(10);
    cs.b_pad = below(10);
    cs.c_pad = below(10);
    cs.tail = below(5);
    INFO(cs.describe());
    const gt::Verdict v = gt::run_case(gemm, target.queue, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
  }
}
