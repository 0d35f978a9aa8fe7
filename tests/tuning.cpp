// Gemm<> with tuning files (dispatch/tuned.hpp, runtime/tuning.hpp) and the tuner (tune.hpp); the
// files' text is tested in tuning_file.cpp. Gemm<> runs a handcrafted file's entries and shape rules, and
// stays right on every shape, layout and transpose; a file made for another device or driver, one that
// does not parse and one the device cannot run are ignored, as are all files with tuning switched off
// (the tuner is tested in tuner.cpp). Every product is checked against the double-precision
// reference, C's surroundings (and C itself where beta is 0) poisoned first.
//
// Tuning files are read once per process and device. Under CTest every test case is a process of its
// own; run as one program, each test case starts with fresh_process(), which forgets the files read so
// far (their tables stay alive: compiled programs may point at their kernels).

#include <doctest/doctest.h>

#include <gemmcl/tune.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "support/cases.hpp"
#include "support/common.hpp"
#include "support/tuning.hpp"
#include "support/tuning_runtime.hpp"


using namespace gemmcl;
namespace fs = std::filesystem;
namespace tf = gemmcl::dispatch::tuning;
using gt::config, gt::rule, gt::device, gt::fresh_process, gt::Scratch, gt::read, gt::write, gt::require_runnable;

namespace {

// ---- Helpers ------------------------------------------------------------------------------------------

// The handcrafted section of the first test case: two generic entries and three shape rules.
tf::Section handcrafted(const std::string& element) {
  tf::Section s{element, {}, {}};
  s.entries.push_back({"generic", config(32, 32, 8, 4, 4, 4, true, true, true), dispatch::speeds(90, 91, 92, 93), 1});
  s.entries.push_back({"generic", config(64, 64, 16, 4, 4, 4, true, true, true), dispatch::speeds(100), 1});
  s.shapes.push_back(rule(false, false, 64, 64, 2048, 1, 4, 10.5, 5.5));
  s.shapes.push_back(rule(false, false, 200, 200, 200, tf::kBuiltin, 1, 7.5, 7.5));
  s.shapes.push_back(rule(true, false, 100, 300, 50, 0, 1, 3.5, 2.5));
  return s;
}

// The handcrafted file for the test device (a double section too where it has doubles).
tf::File handcrafted_file(const core::DeviceInfo& d) {
  tf::File f{d.name, d.driver_version, {handcrafted("float")}};
  if (d.fp64) f.sections.push_back(handcrafted("double"));
  return f;
}

template <class T>
struct Product {
  std::size_t m, n, k;
  int combination;  // into gt::all_combinations; -1: all eight
};

// Runs every product through G, each with its own scaling, offsets and leading dimensions; returns the
// number of calls.
template <class G, class T = typename G::value_type>
std::size_t run_products(const std::vector<Product<T>>& products) {
  std::mt19937_64 rng(gt::base_seed());
  constexpr T scalings[][2] = {{T(1.5), T(-0.5)}, {T(-1), T(0)}, {T(0.75), T(1)}, {T(1), T(0)}, {T(-0.5), T(0.25)}};
  std::size_t run = 0;
  for (const Product<T>& p : products) {
    for (int c = 0; c < 8; ++c) {
      if (p.combination >= 0 && c != p.combination) continue;
      const auto& s = scalings[run % 5];
      auto cs = gt::base_case(gt::all_combinations[c], p.m, p.n, p.k, s[0], s[1]);
      if (run % 2 == 0)
        gt::unaligned(cs, run);
      else
        gt::aligned(cs, run);
      cs.nan_c = cs.beta == T(0);  // C is poisoned too: BLAS does not read it
      INFO(cs.describe());
      const gt::Verdict v = gt::run_case(G{}, gt::target().queue, cs, rng);
      CHECK_MESSAGE(v.ok, v.detail);
      ++run;
    }
  }
  return run;
}

// The products of the first test case: tiny, primes, the rules' shapes and near them (within the reach
// of 1.25 and just outside it), deep and skinny; the rules' shapes in every layout and pair of
// transposes (a row-major call reaches the kernel with the other pair, m and n swapped).
template <class T>
std::vector<Product<T>> many_products() {
  return {{1, 1, 1, -1},      {67, 45, 33, -1},  {64, 64, 2048, -1}, {60, 70, 1800, 0}, {70, 58, 2300, 4},
          {64, 64, 3000, 1},  {200, 200, 200, -1}, {190, 215, 180, 0}, {100, 300, 50, -1}, {110, 280, 45, 2},
          {300, 100, 50, 6},  {7, 300, 2000, 0}, {7, 300, 2000, 5},   {131, 17, 257, 3}, {256, 256, 64, 7},
          {33, 129, 1, 2}};
}

}  // namespace

TEST_CASE("tuning file: Gemm<> runs a handcrafted file's entries and rules, and computes right") {
  fresh_process();
  const core::DeviceInfo& d = device();
  const tf::File file = handcrafted_file(d);
  require_runnable(file.sections[0], d, element::info_of<float>);
  Scratch s;
  const fs::path path = s.dir / "handcrafted.txt";
  write(path, tf::write(file));
  set_tuning_file(path.string());
  set_self_check(true);  // its verdicts show below that the file's kernels ran

  {
    const TuningStatus before = tuning_status(gt::target().queue);
    INFO("reason: " << before.reason);
    REQUIRE(before.in_use);
    CHECK(before.path == path.string());
    CHECK(before.reason.empty());
    CHECK(before.plans == 0);
  }

  // The plans: each rule's entry and split, the built-in table where a rule says so, and the file's
  // entries (chosen by their speeds) elsewhere.
  using R = policy::resolve<Element<float>>;
  dispatch::TunedTable* table = runtime::tuning::table_for<R>(d);
  REQUIRE(table != nullptr);
  REQUIRE(table->kernels.size() == 2);
  const auto plan_of = [&](std::size_t m, std::size_t n, std::size_t k, bool ta, bool tb) {
    core::Problem p{m, n, k, ta, tb, {nullptr, 0, ta ? k : m}, {nullptr, 0, tb ? n : k}, {nullptr, 0, m}};
    return dispatch::plan<R>(p, d, true, table);
  };
  const auto from_file = [&](const dispatch::Plan& p) {
    return p.kernel == &table->kernels[0] ? 0 : p.kernel == &table->kernels[1] ? 1 : -1;
  };
  {
    const dispatch::Plan p = plan_of(64, 64, 2048, false, false);
    CHECK(from_file(p) == 1);
    CHECK(p.split_k == 4);
    CHECK(p.last_parts == 1);
    const dispatch::Plan q = plan_of(70, 58, 2300, false, false);  // within reach
    CHECK(from_file(q) == 1);
    CHECK(q.split_k == 4);
  }
  CHECK(from_file(plan_of(200, 200, 200, false, false)) == -1);
  CHECK(from_file(plan_of(190, 215, 180, false, false)) == -1);
  {
    const dispatch::Plan p = plan_of(100, 300, 50, true, false);
    CHECK(from_file(p) == 0);
    CHECK(p.split_k == 1);
  }
  CHECK(from_file(plan_of(200, 200, 200, true, false)) >= 0);  // the rule is for nn only
  CHECK(from_file(plan_of(67, 45, 33, false, true)) >= 0);
  CHECK(from_file(plan_of(64, 64, 4096, false, false)) >= 0);  // beyond the rule's reach
  // With `elsewhere builtin`, products near no rule go to the built-in table; the rules still apply.
  table->elsewhere_builtin = true;
  CHECK(from_file(plan_of(67, 45, 33, false, true)) == -1);
  CHECK(from_file(plan_of(64, 64, 4096, false, false)) == -1);
  CHECK(from_file(plan_of(64, 64, 2048, false, false)) == 1);
  CHECK(from_file(plan_of(100, 300, 50, true, false)) == 0);
  table->elsewhere_builtin = false;
  CHECK(table->rule_for(core::Problem{81, 64, 2048, false, false, {}, {}, {}}) == nullptr);
  CHECK(table->rule_for(core::Problem{64, 64, 2048, false, true, {}, {}, {}}) == nullptr);
  const std::size_t planned = tuning_status(gt::target().queue).plans;
  CHECK(planned >= 8);

  const auto start = std::chrono::steady_clock::now();
  const std::size_t calls = run_products<Gemm<>>(many_products<float>());
  const TuningStatus after = tuning_status(gt::target().queue);
  CHECK(after.in_use);
  CHECK(after.plans >= planned + calls);
  {
    // Both entries ran (rather than their calls going to the generic fallback): each passed its
    // first-use check, which a tuning file's kernels get on their first call.
    auto& checks = runtime::self_check::state();
    std::lock_guard<std::mutex> lock(checks.mutex);
    for (std::size_t i = 0; i < table->kernels.size(); ++i) {
      INFO("entry " << i);
      const auto v = std::find_if(checks.verdicts.begin(), checks.verdicts.end(),
                                  [&](const auto& x) { return x.kernel == &table->kernels[i] && x.device == d.id; });
      REQUIRE(v != checks.verdicts.end());
      CHECK(v->passed);
    }
  }
  MESSAGE(calls << " float products in "
                << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s");

  if (d.fp64) {
    require_runnable(file.sections[1], d, element::info_of<double>);
    const TuningStatus db = tuning_status(gt::target().queue, "double");
    INFO("reason: " << db.reason);
    REQUIRE(db.in_use);
    run_products<Gemm<Element<double>>>({{1, 1, 1, 0},       {67, 45, 33, 3},  {64, 64, 2048, 0}, {64, 64, 2048, 6},
                                         {200, 200, 200, 0}, {100, 300, 50, 2}, {7, 300, 2000, 5}});
    CHECK(tuning_status(gt::target().queue, "double").plans >= 7);
  } else {
    MESSAGE("no doubles on " << d.name << ": the double section is not tried");
  }
}

TEST_CASE("tuning file: one for another device or driver, or one that does not parse, is ignored") {
  const core::DeviceInfo& d = device();
  Scratch s;
  const auto ignored = [&](const std::string& text, const std::string& about) {
    fresh_process();
    const fs::path path = s.dir / "file.txt";
    write(path, text);
    set_tuning_file(path.string());
    const TuningStatus st = tuning_status(gt::target().queue);
    INFO("reason: " << st.reason);
    CHECK_FALSE(st.in_use);
    CHECK(st.path == path.string());
    CHECK_FALSE(st.reason.empty());
    CHECK(st.reason.find(about) != std::string::npos);
    CHECK(st.plans == 0);
    CHECK(runtime::tuning::table_for<policy::resolve<Element<float>>>(d) == nullptr);
    run_products<Gemm<>>({{64, 64, 2048, 0}, {67, 45, 33, 5}, {100, 300, 50, 2}});
    CHECK(tuning_status(gt::target().queue).plans == 0);
  };
  tf::File file = handcrafted_file(d);
  SUBCASE("another device") {
    file.device = d.name + " (another)";
    ignored(tf::write(file), "made for");
  }
  SUBCASE("another driver") {
    file.driver = d.driver_version + ".1";
    ignored(tf::write(file), "made for");
  }
  SUBCASE("it does not parse") {
    std::string text = tf::write(file);
    text.replace(text.find("vec=4"), 5, "vec=0");
    ignored(text, "parse");
    ignored(text.substr(text.find("\ndevice ") + 1), "parse");  // no header
  }
  SUBCASE("a target the device lacks, or no such target") {
    if (!target::Target<vendor::Nvidia<>>::matches(d)) {
      file.sections[0].entries[0].target = "nvidia";
      ignored(tf::write(file), "does not serve");
    }
    file.sections[0].entries[0].target = "nonesuch";
    ignored(tf::write(file), "no tunable target");
  }
  SUBCASE("an entry beyond the device's limits") {
    // 4096 work-items, 16 MiB of local memory (float).
    policy::Config big = config(1024, 1024, 256, 4, 16, 16, true, true, false);
    big.stages = 8;
    REQUIRE(policy::rule::valid(big));
    if (std::size_t(big.threads()) > d.max_work_group_size || big.local_bytes() > d.local_mem_size) {
      file.sections[0].entries[1].config = big;
      ignored(tf::write(file), "limits");
    } else {
      MESSAGE("the device runs a 1024 x 1024 tile with 16 MiB of local memory: not tried");
    }
  }
  SUBCASE("no section for the element type: the built-in table, without a warning") {
    file.sections[0].element = "half";
    if (file.sections.size() > 1) file.sections.pop_back();
    ignored(tf::write(file), "no section for float");
  }
  SUBCASE("no file") {
    fresh_process();
    set_tuning_file((s.dir / "missing.txt").string());
    const TuningStatus st = tuning_status(gt::target().queue);
    CHECK_FALSE(st.in_use);
    CHECK(st.reason.find("no tuning file") != std::string::npos);
  }
}

TEST_CASE("tuning file: switched off, a good file is not read") {
  const core::DeviceInfo& d = device();
  Scratch s;
  const fs::path path = s.dir / "handcrafted.txt";
  write(path, tf::write(handcrafted_file(d)));
  SUBCASE("set_tuning(false)") {
    fresh_process();
    set_tuning_file(path.string());
    set_tuning(false);
    const TuningStatus st = tuning_status(gt::target().queue);
    CHECK_FALSE(st.in_use);
    CHECK_FALSE(st.reason.empty());
    CHECK(st.plans == 0);
    run_products<Gemm<>>({{64, 64, 2048, 0}, {100, 300, 50, 2}});
    CHECK(tuning_status(gt::target().queue).plans == 0);
    set_tuning(true);
    CHECK_FALSE(tuning_status(gt::target().queue).in_use);  // read once per device: stays off
  }
  SUBCASE("GEMMCL_TUNING=0, GEMMCL_TUNING_FILE and set_tuning(true) over the variable") {
    fresh_process();
    ::setenv("GEMMCL_TUNING_FILE", path.c_str(), 1);
    ::setenv("GEMMCL_TUNING", "0", 1);
    CHECK_FALSE(tuning_status(gt::target().queue).in_use);
    fresh_process();
    set_tuning(true);  // the call wins over the variable
    const TuningStatus on = tuning_status(gt::target().queue);
    INFO("reason: " << on.reason);
    CHECK(on.in_use);
    CHECK(on.path == path.string());
    ::unsetenv("GEMMCL_TUNING");
    ::unsetenv("GEMMCL_TUNING_FILE");
  }
  SUBCASE("set_tuning_file(\"\") goes back to the device's own file in the cache directory") {
    fresh_process();
    set_cache_directory(s.dir.string());
    set_tuning_file(path.string());
    set_tuning_file("");
    const TuningStatus st = tuning_status(gt::target().queue);
    CHECK_FALSE(st.in_use);
    CHECK(st.path == runtime::tuning::default_path(d));
    CHECK(st.path.rfind((s.dir / "tuning").string() + "/", 0) == 0);
    CHECK(st.reason.find("no tuning file") != std::string::npos);
    set_cache_directory("");
  }
}
