// The tuner's candidates (tune/space.hpp, tune/search.hpp), without a device: every configuration the
// tuner may try passes the policy rules, fits its space's work-group limits and is there once (checked
// at compile time and again at run time), and neighbours in its search differ in one parameter. Part of
// the tuning_file test program; tuning_file.cpp tests the files' text.

#include <doctest/doctest.h>

#include <gemmcl/dispatch/tuning_file.hpp>
#include <gemmcl/element/double.hpp>
#include <gemmcl/tune/search.hpp>
#include <gemmcl/tune/space.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "support/tuning.hpp"

using namespace gemmcl;
namespace tf = gemmcl::dispatch::tuning;
using gt::config;

namespace {

// A configuration's hash (FNV-1a of its fields, its element type by size: a space has one). Sorted, equal
// neighbours show a configuration given twice (or, unlikely, two of one hash: check_space tells which).
constexpr std::uint64_t hash(const policy::Config& c) {
  const int fields[] = {c.element.bytes, c.tile_m, c.tile_n, c.tile_k, c.vec, c.wpt_m, c.wpt_n, c.local_a,
                        c.local_b, c.padding, c.prefetch, c.register_prefetch, c.stages, c.unroll, c.warp_lanes_m,
                        c.slices, c.sub_groups, c.sub_group_size, c.block_reads, c.image_a, c.image_b, c.in_step};
  std::uint64_t h = 14695981039346656037u;
  for (int v : fields) h = (h ^ std::uint32_t(v)) * 1099511628211u;
  return h;
}

// What is wrong with a space: configurations that break a policy rule, work-groups outside its ranges'
// sizes, and configurations there more than once.
struct Faults {
  std::size_t invalid = 0, threads = 0, repeated = 0;
  friend constexpr bool operator==(const Faults&, const Faults&) = default;
};

template <const tune::Ranges& R>
constexpr Faults faults() {
  constexpr auto& space = tune::space<R>;
  Faults f;
  std::array<std::uint64_t, space.size()> hashes{};
  for (std::size_t i = 0; i < space.size(); ++i) {
    const policy::Config& c = space[i];
    f.invalid += !policy::rule::valid(c);
    f.threads += c.threads() < R.min_threads || c.threads() > R.max_threads;
    hashes[i] = hash(c);
  }
  std::sort(hashes.begin(), hashes.end());
  for (std::size_t i = 1; i < hashes.size(); ++i) f.repeated += hashes[i] == hashes[i - 1];
  return f;
}

static_assert(!tune::space<tune::gpu_float>.empty() && faults<tune::gpu_float>() == Faults{});
static_assert(!tune::space<tune::gpu_double>.empty() && faults<tune::gpu_double>() == Faults{});
static_assert(!tune::space<tune::cpu_float>.empty() && faults<tune::cpu_float>() == Faults{});
static_assert(!tune::space<tune::cpu_double>.empty() && faults<tune::cpu_double>() == Faults{});

// The same at run time, each configuration with the element type the tuner gives it, comparing whole
// configurations, and naming the first that is wrong.
template <const tune::Ranges& R>
void check_space(const char* name, const element::Info& e) {
  const auto& space = tune::space<R>;
  INFO(name << ": " << space.size() << " configurations");
  CHECK_FALSE(space.empty());
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < space.size(); ++i) {
    policy::Config c = space[i];
    c.element = e;
    const bool valid = policy::rule::valid(c), sized = c.threads() >= R.min_threads && c.threads() <= R.max_threads;
    const auto before = space.begin() + std::ptrdiff_t(i);
    const bool repeated = std::find(space.begin(), before, space[i]) != before;
    if ((!valid || !sized || repeated) && wrong++ == 0)
      FAIL_CHECK(tf::entry_line(i, {"generic", c, dispatch::speeds(100), 1})
                 << (valid ? "" : ": breaks a rule") << (sized ? "" : ": work-items out of range")
                 << (repeated ? ": a second time" : ""));
  }
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("tuner: every candidate of each space passes the policy rules, fits its ranges, and is there once") {
  check_space<tune::gpu_float>("gpu_float", element::info_of<float>);
  check_space<tune::gpu_double>("gpu_double", element::info_of<double>);
  check_space<tune::cpu_float>("cpu_float", element::info_of<float>);
  check_space<tune::cpu_double>("cpu_double", element::info_of<double>);
}

TEST_CASE("tuner: neighbours differ in exactly one searched parameter") {
  tune::Trial a;
  a.target = "generic";
  a.config = config(64, 64, 16, 4, 4, 4, true, true, true);
  REQUIRE(policy::rule::valid(a.config));
  tune::Trial b = a;
  CHECK_FALSE(tune::neighbours(a, b));  // the same
  b.config.tile_k = 8;
  CHECK(tune::neighbours(a, b));
  CHECK(tune::neighbours(b, a));
  b.config.vec = 2;  // and a second parameter
  CHECK_FALSE(tune::neighbours(a, b));
  CHECK_FALSE(tune::neighbours(b, a));
  tune::Trial c = a;  // the staging is one parameter, the target another
  c.config.register_prefetch = true;
  CHECK(tune::neighbours(a, c));
  c.target = "nvidia";
  CHECK_FALSE(tune::neighbours(a, c));
  tune::Trial d = b;  // what is not searched makes no neighbours
  d.config.vec = 4;
  d.config.local_b = false;
  CHECK_FALSE(tune::neighbours(a, d));
}
