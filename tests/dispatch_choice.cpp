// Gemm<>'s choices (dispatch/): which built-in entry and split K the score and the shape rules give a
// product on devices described here, no device needed; each case is a measured choice, so a change to
// a table or a rule that moves one must be measured again. (dispatch.cpp runs the entries themselves.)

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "support/common.hpp"
#include "support/tuning.hpp"

using namespace gemmcl;

// Gemm<>'s choice through dispatch's entry point, as the index of the entry in its table.
struct Chosen {
  std::size_t entry;
  int split_k;
  std::size_t main_cols;
  int last_parts;
};
template <class Table, class Resolved = policy::resolve<Element<float>>>
Chosen chosen(const core::Problem& p, const core::DeviceInfo& d) {
  const dispatch::Plan plan = dispatch::plan<Resolved>(p, d, true);
  const auto entries = dispatch::candidates<Table>(p);
  std::size_t i = 0;
  while (i < entries.size() && entries[i].kernel != plan.kernel) ++i;
  return {i, plan.split_k, plan.main_cols, plan.last_parts};
}
// Stand-ins for devices' handles: dispatch remembers its picks per handle, and only compares them.
cl_device_id fake_device(int i) {
  static int handles[8] = {};
  return reinterpret_cast<cl_device_id>(&handles[i]);
}
// An NVIDIA GPU of 132 compute units, as the H100 and H200 the table was measured on, behind handle i.
core::DeviceInfo fake_nvidia(int i, const char* name) {
  core::DeviceInfo d;
  d.id = fake_device(i);
  d.name = name;
  d.vendor = "NVIDIA Corporation";
  d.type = CL_DEVICE_TYPE_GPU;
  d.compute_units = 132;
  d.max_work_group_size = 1024;
  d.local_mem_size = 49152;
  d.max_mem_alloc_size = std::size_t(1) << 34;
  return d;
}

// Gemm<>'s choice for the NVIDIA float class on a device like the H200 the table was measured on (132
// compute units; no device needed). These are the measured choices of bench/TUNING.md runs 58-68, 106-109
// (896^3-1216^3: the 128 x 64 entry with three groups per unit), 111 (the busiest units counted: 1088^3
// NT, 1536^3 NT), 113 (parts beyond one wave: 1280^3), 117 (the 256 x 128 entry where the kernel reads A
// as it lies: 2048^3-8192^3) and 122 (short parts: the 64 x 64 entry split in the kernel at 256^3-576^3,
// not with parts of 256 K as at 256 x 256 x 1024) and 154-162 (one wave of sliced work-groups in
// place of a split K: 384^3-704^3 and rectangles, 64 x 32 / 32 x 64 or 64 x 64 tiles; not with more
// tiles than units, nor at 768 x 384 x 768; 64 x 48 tiles where the 64 x 64 ones qualify too, at
// 544^3-600^3 and rectangles, but not where they alone would, as at 704 x 384 x 1024 and
// 448 x 640 x 768; the 128 x 64 one where its tiles fill 80% of the units: 960^3-1024^3,
// 2048 x 512 x 1024, 4096 x 256 x 1024, 1024 x 1024 x 256, not 896^3 or 768 x 1024 x 1024; 2026-12-02),
// and the skinny rule's (bench/results/h100.md, tall and skinny
// products: the 256 x 64 entry where C is one tile wide and 16 tall, K of 4096 or more, and the 64 x 256
// one where C is one tile tall and 16 wide; not with fewer tiles, a shorter K or a wider C; parts of at
// least 32 K steps): a change to the table or the score that moves one must be measured again.
TEST_CASE("Gemm<> choice: NVIDIA float class on 132 compute units") {
  const core::DeviceInfo d = fake_nvidia(0, "H200");
  // Entries of tables::nvidia_gpu<float>: 0 = 128x256, 1 = 128x128, 2 = 256x128, 3 = 64x128, 4 = 128x64, 5 = 64x64,
  // 6 = 64x32, 7 = 32x64, 8 = 64x64 sliced, 9 = 256x64 (tall), 10 = 64x256 (wide), 11 = 64x48
  // sliced and 12 = 128x64 sliced.
  struct Case {
    std::size_t m, n, k;
    bool ta, tb;
    std::size_t entry;
    int split_k;  // 0: the automatic rule
  };
  const Case cases[] = {
      {512, 512, 512, false, false, 6, 1},         {1000, 1000, 1000, false, false, 12, 1},
      {1024, 1024, 1024, true, false, 12, 1},       {1536, 1536, 1536, false, false, 4, 4},
      {768, 768, 768, false, false, 3, 3},         {896, 896, 896, true, true, 4, 4},
      {1152, 1152, 1152, false, false, 4, 2},      {1040, 520, 1040, false, false, 3, 3},
      {1536, 1536, 1536, false, true, 4, 4},       {2048, 2048, 2048, false, false, 2, 0},
      {1088, 1088, 1088, false, true, 4, 2},       {1280, 1280, 1280, false, false, 4, 3},
      {2049, 2049, 2049, false, false, 4, 4},      {4096, 4096, 4096, true, true, 0, 0},
      {4097, 4097, 4097, false, true, 4, 4},       {8192, 8192, 8192, false, false, 2, 0},
      {8192, 64, 8192, false, false, 9, 4},        {64, 8192, 8192, false, false, 10, 4},
      {16384, 64, 16384, true, false, 9, 4},       {8192, 32, 8192, false, true, 9, 4},
      {4096, 64, 4096, true, true, 9, 8},          {32768, 64, 4096, false, true, 9, 1},
      {2048, 64, 2048, false, false, 4, 0},        {8192, 64, 2048, false, false, 4, 0},
      {8192, 128, 8192, false, false, 1, 0},       {64, 4096, 4096, true, false, 10, 8},
      {64, 16384, 16384, false, true, 10, 4},      {64, 2048, 2048, false, false, 3, 0},
      {6000, 64, 6000, false, false, 9, 0},        {64, 6000, 6000, true, true, 10, 0},
      {64, 8192, 2048, true, true, 3, 4},          {128, 8192, 8192, false, false, 1, 0},
      {128, 128, 65536, false, false, 1, 0},       {1024, 1024, 8192, false, false, 1, 0},
      {8192, 8192, 8192, false, true, 2, 0},       {4097, 4097, 4097, false, false, 4, 4},
      {2048, 2048, 2048, false, true, 2, 0},       {4096, 4096, 4096, false, false, 2, 0},
      {256, 256, 256, false, false, 5, 4},         {384, 384, 384, true, true, 7, 1},
      {576, 576, 576, false, true, 11, 1},         {256, 256, 1024, false, false, 3, 0},
      {512, 512, 512, false, true, 7, 1},          {448, 448, 448, true, false, 6, 1},
      {512, 512, 512, true, true, 7, 1},           {320, 320, 320, false, false, 5, 4},
      {640, 640, 640, false, false, 8, 1},         {704, 704, 704, true, false, 8, 1},
      {576, 576, 1152, true, true, 11, 1},         {512, 512, 64, false, false, 6, 1},
      {768, 384, 768, false, false, 3, 3},         {448, 448, 640, false, false, 6, 1},
      {960, 384, 576, true, false, 11, 1},         {512, 608, 1024, false, true, 11, 1},
      {704, 384, 1024, false, true, 3, 4},         {448, 640, 768, true, false, 3, 0},
      {960, 960, 960, false, true, 12, 1},         {2048, 512, 1024, false, false, 12, 1},
      {4096, 256, 1024, false, true, 12, 1},       {1024, 1024, 256, false, false, 12, 1},
      {768, 1024, 1024, false, false, 4, 4},
  };
  for (const Case& c : cases) {
    const core::Problem p{.m = c.m, .n = c.n, .k = c.k, .trans_a = c.ta, .trans_b = c.tb};
    const Chosen pick = chosen<dispatch::tables::nvidia_gpu<float>>(p, d);
    INFO(c.m << "x" << c.n << "x" << c.k << (c.ta ? " t" : " n") << (c.tb ? "t" : "n"));
    CHECK(pick.entry == c.entry);
    CHECK(pick.split_k == c.split_k);
  }
  // Many tiles but a short K: no split into parts of a few K steps each.
  core::Problem shallow;
  shallow.m = shallow.n = 8192;
  shallow.k = 64;
  CHECK(chosen<dispatch::tables::nvidia_gpu<float>>(shallow, d).split_k == 0);
}

// The skinny rule (dispatch/choose.hpp, skinny_entry) holds for a tuning file's entries as for a built-in
// table's: a tall or wide tile runs the skinny products of its turn and nothing else, however fast the
// file rates it.
TEST_CASE("Gemm<> choice: a tuning file's skinny tiles run only skinny products") {
  const core::DeviceInfo d = fake_nvidia(6, "H100");
  struct Case {
    std::size_t m, n, k, entry;
  };
  // A file of an ordinary tile (entry 0) and a skinny one (entry 1) that it rates faster; each case
  // names the entry that runs it.
  const auto check = [&](const policy::Config& plain, const policy::Config& skinny, std::initializer_list<Case> cases) {
    namespace tf = dispatch::tuning;
    tf::Section s{"float", {}, {}};
    s.entries.push_back({"nvidia", plain, dispatch::speeds(80), 2});
    s.entries.push_back({"nvidia", skinny, dispatch::speeds(100), 1});
    std::string why;
    const auto table = dispatch::make_tuned_table(s, element_traits<float>::info, d, why);
    REQUIRE_MESSAGE(table != nullptr, why);
    for (const Case& c : cases) {
      const core::Problem p{.m = c.m, .n = c.n, .k = c.k};
      INFO(c.m << "x" << c.n << "x" << c.k);
      const std::optional<dispatch::Plan> plan = dispatch::detail::from_tuned(*table, p, d, policy::Rules{}, 4, true);
      REQUIRE(plan.has_value());
      CHECK(plan->kernel == &table->kernels[c.entry]);
    }
  };
  check(gt::config(128, 64, 16, 4, 8, 8, true, true, true), gt::config(256, 64, 16, 4, 8, 8, true, true, true),
        {{8192, 64, 8192, 1}, {16384, 32, 4096, 1}, {4096, 64, 4096, 1}, {2048, 64, 8192, 0}, {8192, 64, 2048, 0},
         {8192, 128, 8192, 0}, {4096, 4096, 4096, 0}, {1000, 1000, 1000, 0}});
  // A wide tile only the turned-around products: C one tile tall.
  check(gt::config(64, 128, 16, 4, 8, 8, true, true, true), gt::config(64, 256, 16, 4, 8, 8, true, true, true),
        {{64, 8192, 8192, 1}, {32, 16384, 4096, 1}, {64, 2048, 8192, 0}, {64, 8192, 2048, 0}, {128, 8192, 8192, 0},
         {4096, 4096, 4096, 0}});
}

// Which tiles the skinny rule keeps to itself: one side four times the other and the short side 64 or
// more. The CPU tables' 32 x 256 and AMD's 64 x 16 DGEMM block stay with the score.
TEST_CASE("skinny tiles: only GPU-sized ones leave the score") {
  const auto tile = [](int m, int n) {
    policy::Config c;
    c.tile_m = m;
    c.tile_n = n;
    return c;
  };
  CHECK(dispatch::tall_tile(tile(256, 64)));
  CHECK(dispatch::wide_tile(tile(64, 256)));
  CHECK(!dispatch::by_score(tile(256, 64)));
  CHECK(!dispatch::by_score(tile(64, 256)));
  for (const std::pair<int, int>& mn : {std::pair{32, 256}, {64, 16}, {16, 256}, {128, 64}, {64, 128}, {128, 256}})
    CHECK_MESSAGE(dispatch::by_score(tile(mn.first, mn.second)), mn.first << "x" << mn.second);
}

// Batched calls (dispatch/batched.hpp): the batch as a whole fills the device, so the entry whose tiles
// fit each product best wins, K whole. Measured on an H100 (bench/results/h100.md, batched): 64^3 x 10000 on
// the 64 x 64 entry 1.11x cuBLAS, 256^3 x 1000 on the 256 x 128 entry 0.99x; 128^3 x 5000 on the 128 x
// 128 entry 1.06x against 0.85x on the 64 x 64 one, which a batch scored as one product would take.
TEST_CASE("Gemm<> choice for batches: NVIDIA float class on 132 compute units") {
  const core::DeviceInfo d = fake_nvidia(5, "H100");
  using Table = dispatch::tables::nvidia_gpu<float>;
  const auto entry = [&](std::size_t n, std::size_t count) {
    core::Problem p;
    p.m = p.n = p.k = n;
    p.batch.count = count;
    const dispatch::Plan plan = dispatch::plan_batched<policy::resolve<Element<float>>>(p, d);
    const auto entries = dispatch::candidates<Table>(p);
    std::size_t i = 0;
    while (i < entries.size() && entries[i].kernel != plan.kernel) ++i;
    CHECK(plan.split_k == 1);
    return i;
  };
  CHECK(entry(64, 10000) == 5);
  CHECK(entry(128, 5000) == 1);
  CHECK(entry(256, 1000) == 2);
}

// Gemm<> remembers its choices per device, shape, transposes and rules (dispatch.hpp): what the entry
// point returns, first time or again, is what scoring the table gives on that device.
TEST_CASE("Gemm<> choice: remembered per device and shape") {
  core::DeviceInfo big, small;
  big.vendor = small.vendor = "NVIDIA Corporation";
  big.type = small.type = CL_DEVICE_TYPE_GPU;
  big.max_mem_alloc_size = small.max_mem_alloc_size = std::size_t(1) << 34;
  big.compute_units = 132;
  small.compute_units = 16;
  big.id = fake_device(1);
  small.id = fake_device(2);
  using Table = dispatch::tables::nvidia_gpu<float>;
  using Pick = dispatch::Pick;
  const auto same = [](const Pick& x, const Pick& y) {
    return x.entry == y.entry && x.choice.split_k == y.choice.split_k && x.choice.score == y.choice.score;
  };
  const auto scored = [](const core::Problem& p, const core::DeviceInfo& d) {
    const auto entries = dispatch::candidates<Table>(p);
    return dispatch::pick_entry(p, entries.data(), entries.size(), d, policy::Rules{}, sizeof(float));
  };
  const auto remembered = [](const core::Problem& p, const core::DeviceInfo& d) {
    const Chosen c = chosen<Table>(p, d);
    return Pick{c.entry, {0, c.split_k}};
  };
  const auto same_choice = [](const Pick& x, const Pick& y) {
    return x.entry == y.entry && x.choice.split_k == y.choice.split_k;
  };
  bool devices_differ = false;
  for (std::size_t s : {256, 512, 1000, 2048, 4097})
    for (int t = 0; t < 4; ++t) {
      core::Problem p;
      p.m = s;
      p.n = s / 2 + 1;
      p.k = s;
      p.trans_a = (t & 1) != 0;
      p.trans_b = (t & 2) != 0;
      INFO(p.m << "x" << p.n << "x" << p.k << " pair " << t);
      const Pick on_big = scored(p, big);
      const Pick on_small = scored(p, small);
      for (int round = 0; round < 2; ++round) {
        CHECK(same_choice(remembered(p, big), on_big));
        CHECK(same_choice(remembered(p, small), on_small));
      }
      devices_differ = devices_differ || !same(on_big, on_small);
    }
  // The two devices are told apart: some shape is chosen differently on 16 units than on 132.
  CHECK(devices_differ);
}

// Gemm<>'s choice for the CPU class on a device like this project's development machine (2 compute
// units, AVX2: 8 floats or 4 doubles per vector), as measured there with bench/tuning/cpu_perf.cpp
// (bench/TUNING.md, CPU runs): the 256-column tile where it divides N or nearly does, the 128-column
// one where that fits C better (384^3, 640^3, 896^3, 333 x 777 x 555, 128 x 128 x 16384), the 64-column
// one with K steps of 64 for small or narrow C (64^3, 192^3, 320^3, N = 64).
TEST_CASE("Gemm<> choice: CPU class, 2 compute units with AVX2") {
  core::DeviceInfo d;
  d.id = fake_device(3);
  d.type = CL_DEVICE_TYPE_CPU;
  d.compute_units = 2;
  d.native_width_float = 8;
  d.native_width_double = 4;
  d.max_mem_alloc_size = std::size_t(1) << 31;
  // Entries of tables::cpu<float> and <double>: 0 = AVX-512, 1 = 256 columns, 2 = 128 columns, 3 = 64 columns.
  struct Case {
    std::size_t m, n, k;
    std::size_t entry;
  };
  const Case cases[] = {
      {64, 64, 64, 3},       {128, 128, 128, 2},  {192, 192, 192, 3},     {256, 256, 256, 1},
      {320, 320, 320, 3},    {384, 384, 384, 2},  {640, 640, 640, 2},     {896, 896, 896, 2},
      {1000, 1000, 1000, 1}, {1024, 1024, 1024, 1}, {2048, 2048, 2048, 1}, {2048, 64, 2048, 3},
      {64, 2048, 2048, 1},   {128, 128, 16384, 2}, {333, 777, 555, 2},    {4096, 4096, 64, 1},
  };
  for (const Case& c : cases) {
    const core::Problem p{.m = c.m, .n = c.n, .k = c.k};
    INFO(c.m << "x" << c.n << "x" << c.k);
    CHECK(chosen<dispatch::tables::cpu<float>>(p, d).entry == c.entry);
    CHECK(chosen<dispatch::tables::cpu<double>, policy::resolve<Element<double>>>(p, d).entry == c.entry);
  }
}

// The last-wave split (dispatch::plan_last_wave) on the same 132 units: where 128 x 128 tiles (two
// groups per unit) leave their last wave partly empty, the leftover columns of tiles get K split.
TEST_CASE("last-wave plan: 132 compute units") {
  // 8192^3: 64 x 64 tiles, 15.5 waves of 264 -> 61 columns in 15 waves, 3 in 4 parts (15.75 waves).
  auto plan = dispatch::plan_last_wave(64, 64, 1024, 132, 2);
  CHECK(plan.main_cols == 61);
  CHECK(plan.parts == 4);
  // 4097^3: 33 x 33 tiles, 4.1 waves -> 32 columns in 4 waves, the last in 8 parts (1/8 of a wave).
  plan = dispatch::plan_last_wave(33, 33, 512, 132, 2);
  CHECK(plan.main_cols == 32);
  CHECK(plan.parts == 8);
  // 4096^3 (3.9 waves), one wave (2048^3), parts too short (K = 100 steps), one group per unit with
  // a leftover of nearly a whole wave (8192^3 in 128 x 256 tiles): nothing gained.
  CHECK(dispatch::plan_last_wave(32, 32, 512, 132, 2).parts == 1);
  CHECK(dispatch::plan_last_wave(16, 16, 256, 132, 2).parts == 1);
  CHECK(dispatch::plan_last_wave(64, 64, 100, 132, 2).parts == 1);
  CHECK(dispatch::plan_last_wave(64, 32, 1024, 132, 1).parts == 1);

  // Through Gemm<>'s choice: 8192^3 runs the 256 x 128 entry with K whole (2048 tiles, 15.5 waves of
  // 132), so it takes the plan, the same 61 columns and 4 parts; not with A misaligned (it would be
  // packed), nor where the entry's K is split anyway.
  const core::DeviceInfo d = fake_nvidia(4, "");
  core::Problem p;
  p.m = p.n = p.k = 8192;
  p.a.ld = p.b.ld = p.c.ld = 8192;
  using Table = dispatch::tables::nvidia_gpu<float>;
  const Chosen pick = chosen<Table>(p, d);
  using Tall = std::tuple_element_t<2, Table::entries>;
  REQUIRE(pick.entry == 2);
  CHECK(pick.main_cols == 61 * std::size_t(Tall::config.tile_n));
  CHECK(pick.last_parts == 4);
  core::Problem misaligned = p;
  misaligned.a.offset = 1;
  CHECK(chosen<Table>(misaligned, d).last_parts == 1);
  CHECK(dispatch::last_wave_plan(p, Tall::config, policy::Rules{}, Tall::resident, d, 4, sizeof(float)).parts == 1);
  // A caller's own rule is kept: Gemm<SplitK<1>> never splits K, not even in the last wave.
  CHECK(chosen<Table, policy::resolve<SplitK<1>>>(p, d).last_parts == 1);
}
