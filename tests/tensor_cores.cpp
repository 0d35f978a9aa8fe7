// The tensor-core path (runtime/tensor_cores.hpp, codegen/tensor/). On an NVIDIA device of compute
// capability 8.0 and up it runs as Gemm<> runs it; on any other device its kernel runs with every PTX
// instruction emulated (GEMMCL_TC_EMULATE), which checks the indexing of tiles, swizzles, fragments,
// edges and split K against the double-precision reference, every layout and transpose, both 16-bit
// types and both C types, float rounded to TF32 (Math<MathMode::TF32>) and double (DMMA); and the Hopper
// (wgmma) kernel emulated on any device. Also: what gemmcl::tensor_cores says about the device.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "support/cases.hpp"
#include "support/common.hpp"
#include "support/tensor_cases.hpp"
#include "support/tensor_path.hpp"

using namespace gemmcl;

using gt::TensorPath;

using DoublePath = TensorPath<double, double>;
using Tf32Path = TensorPath<float, float>;
using HalfPath = TensorPath<half, half>;
using HalfFloatPath = TensorPath<half, float>;
using Bf16Path = TensorPath<bfloat16, bfloat16>;
using Bf16FloatPath = TensorPath<bfloat16, float>;
TYPE_TO_STRING_AS("double (DMMA)", DoublePath);
TYPE_TO_STRING_AS("float as TF32", Tf32Path);
TYPE_TO_STRING_AS("half", HalfPath);
TYPE_TO_STRING_AS("half to float", HalfFloatPath);
TYPE_TO_STRING_AS("bfloat16", Bf16Path);
TYPE_TO_STRING_AS("bfloat16 to float", Bf16FloatPath);

TEST_CASE_TEMPLATE("tensor-core kernel", G, DoublePath, Tf32Path, HalfPath, HalfFloatPath, Bf16Path, Bf16FloatPath) {
  using T = typename G::value_type;
  gt::TensorCases<G> cases;
  auto& t = cases.t;
  const std::size_t& run = cases.run;
  const auto support = tensor_cores(t.device);
  const bool real = runtime::tensor::takes(core::device_info(t.device()), element::info_of<T>);
  INFO("on ", t.name, real ? " (tensor cores)" : " (emulated: " + (support.reason.empty() ? std::string("DMMA needs 9.0") : support.reason) + ")");
  struct Shape {
    std::size_t m, n, k;
  };
  // Edges in every direction, several tiles (128 x 128 x 32), and a deep one that splits K on a device
  // with few compute units.
  const Shape shapes[] = {{1, 1, 1}, {37, 53, 61}, {129, 131, 95}, {128, 128, 32}};
  const auto check = [&](const auto& combo, auto... rest) { cases.check(combo, rest...); };
  const auto& info = core::device_info(t.device());
  for (const auto& combo : gt::all_combinations)
    for (const Shape& s : shapes) check(combo, s.m, s.n, s.k, run % 2 ? 0.75 : 1.0, run % 3 ? 0.0 : -0.5, run % 2);
  SUBCASE("split K") {
    // Where the kernel runs for real, also deeper products and wider ones: on a Hopper GPU, K split on
    // 128 x 64 and on 128 x 128 tiles, into few parts and into many.
    std::vector<Shape> deep = {{40, 30, 5000}};
    if (real) deep.insert(deep.end(), {{200, 130, 6000}, {200, 130, 20000}, {40, 30, 20000}});
    for (const Shape& s : deep) {
      if (!real)
        CHECK(runtime::tensor::splits_for({s.m, s.n, s.k}, info, runtime::tensor::kernel_for(element::info_of<T>, info, true),
                                          element::info_of<T>.bytes) > 1);
      for (const auto& combo : {gt::all_combinations[0], gt::all_combinations[3], gt::all_combinations[6]})
        check(combo, s.m, s.n, s.k, 1.5, run % 2 ? 0.5 : 0.0, false);
    }
  }
  SUBCASE("128 x 128 tiles, where a device takes them") {
    // Enough tiles of 128 x 128 that a Hopper GPU's wgmma kernel takes neither its narrow nor its wide
    // variant, with edges; only where that kernel runs for real.
    const std::size_t m = 128 * 12 + 3, n = 128 * 12 - 5, k = 72;
    if (real && runtime::tensor::kernel_for(element::info_of<T>, info, false, false, m, n, k).tile_n == 128)
      for (const auto& combo : {gt::all_combinations[0], gt::all_combinations[3]})
        check(combo, m, n, k, 1.25, run % 2 ? -0.5 : 0.0, false);
  }
  SUBCASE("TF32 as C's transpose, where a device computes it so") {
    // On a Hopper GPU, TF32 with B read transposed and C of few rows runs as C^T, stored transposed
    // (tf32_as_transpose), K whole and split; column-major, and row-major of the transposed shape.
    if (std::is_same_v<T, float> && real && runtime::tensor::on_wgmma(info, false, false)) {
      CHECK(runtime::tensor::tf32_as_transpose(element::info_of<T>, info, false, true, true, true, 64, 600, 300));
      for (const Shape& s : {Shape{64, 600, 300}, Shape{100, 900, 6000}}) {
        for (const auto& combo : {gt::all_combinations[1], gt::all_combinations[3]})
          check(combo, s.m, s.n, s.k, 1.25, run % 2 ? -0.5 : 0.0, run % 3 == 1);
        for (const auto& combo : {gt::all_combinations[6], gt::all_combinations[7]})
          check(combo, s.n, s.m, s.k, 1.25, run % 2 ? -0.5 : 0.0, run % 3 == 1);
      }
    }
  }
  SUBCASE("wide tiles, where a device takes them") {
    // Enough 128 x 256 tiles for a Hopper GPU's wgmma kernel to take its wide variant, with edges in
    // every direction; only where that kernel runs for real (the emulated test below takes the wide
    // variant on smaller products).
    const std::size_t m = 128 * 12 + 5, n = 256 * 12 - 7, k = 200;
    if (real && runtime::tensor::kernel_for(element::info_of<T>, info, false, false, m, n, k).tile_n == 256)
      for (const auto& combo : {gt::all_combinations[0], gt::all_combinations[1], gt::all_combinations[2],
                                gt::all_combinations[3]})
        check(combo, m, n, k, 1.25, run % 2 ? -0.5 : 0.0, false);
  }
}

// Calls that ask for no event (Gemm's enqueue): the product makes none, and the scratch it leases (packed
// copies, DMMA's TMA map slots, split K's workspace) stays with the queue. C is right, read after a
// marker.
using DoubleNoEvent = TensorPath<double, double, false, Epilogue<Activation::Identity>, false, true>;
using HalfFloatNoEvent = TensorPath<half, float, false, Epilogue<Activation::Identity>, false, true>;
TYPE_TO_STRING_AS("double (DMMA), no event", DoubleNoEvent);
TYPE_TO_STRING_AS("half to float, no event", HalfFloatNoEvent);

TEST_CASE_TEMPLATE("tensor-core kernel without an event", G, DoubleNoEvent, HalfFloatNoEvent) {
  gt::TensorCases<G> cases;
  for (const auto& combo : {gt::all_combinations[0], gt::all_combinations[5]}) {
    cases.check(combo, 37, 53, 61, 1.0, 0.0, false);
    CHECK(cases.path.events == 0);
    cases.check(combo, 37, 53, 61, 0.75, -0.5, true);  // A or B packed first
    CHECK(cases.path.events == 0);
    cases.check(combo, 40, 30, 5000, 1.5, 0.5, false);  // K split (a sum pass, where one runs, makes an event)
  }
}

// The Hopper (wgmma) kernel with its instructions emulated (codegen/tensor/wgmma_emulate.hpp), on any
// device: its four tile variants (the shapes below take the 64 x 128, 128 x 64, 128 x 128 and 128 x 256
// tiles on a device of two compute units, as PoCL on CI's machine; the checks hold whichever a device
// takes), more
// tiles than work-groups, every
// transpose pair, edges, a misaligned A or B, beta reading C or not, and K split; float as TF32 too,
// its operands copied transposed where they are not K-major.
using HopperHalf = TensorPath<half, half, true, Epilogue<Activation::Identity>, true>;
using HopperHalfFloat = TensorPath<half, float, true, Epilogue<Activation::Identity>, true>;
using HopperBf16 = TensorPath<bfloat16, bfloat16, true, Epilogue<Activation::Identity>, true>;
using HopperTf32 = TensorPath<float, float, true, Epilogue<Activation::Identity>, true>;
TYPE_TO_STRING_AS("float as TF32 (wgmma, emulated)", HopperTf32);
TYPE_TO_STRING_AS("half (wgmma, emulated)", HopperHalf);
TYPE_TO_STRING_AS("half to float (wgmma, emulated)", HopperHalfFloat);
TYPE_TO_STRING_AS("bfloat16 (wgmma, emulated)", HopperBf16);

TEST_CASE_TEMPLATE("wgmma kernel, emulated", G, HopperHalf, HopperHalfFloat, HopperBf16, HopperTf32) {
  gt::TensorCases<G> cases;
  const std::size_t& run = cases.run;
  // alpha 1.25; every third case with A or B misaligned.
  const auto check = [&](const auto& combo, std::size_t m, std::size_t n, std::size_t k, double beta) {
    cases.check(combo, m, n, k, 1.25, beta, run % 3 == 1);
  };
  struct Shape {
    std::size_t m, n, k;
  };
  for (const Shape& s : {Shape{37, 53, 150}, Shape{100, 200, 70}, Shape{129, 131, 95}})
    for (const auto& combo : {gt::all_combinations[0], gt::all_combinations[1], gt::all_combinations[2],
                              gt::all_combinations[3]})
      check(combo, s.m, s.n, s.k, run % 2 ? -0.5 : 0.0);
  // More tiles than work-groups (the kernel is persistent: a device of two compute units runs two or four),
  // so that copies run on from one tile's last K step into the next tile's first: 128 x 256 tiles
  // (3 x 3), and 128 x 64 (9 x 1), with edges.
  check(gt::all_combinations[0], 300, 520, 70, 0.0);
  check(gt::all_combinations[3], 300, 520, 70, -0.5);
  check(gt::all_combinations[2], 1100, 60, 40, 0.5);
  // 64 x 128 tiles (C of at most 64 rows), 3 of them, with edges.
  check(gt::all_combinations[1], 60, 300, 70, 0.5);
  // K split once: emulated, it is the slowest case; the GPU tests split K for every type.
  if (std::is_same_v<G, HopperHalf>) check(gt::all_combinations[0], 40, 30, 5000, 0.5);
  // TF32 with B read transposed and C of few rows: run as C^T, stored transposed (tf32_as_transpose);
  // column-major NT and TT, and row-major TN and TT of the transposed shape.
  if (std::is_same_v<G, HopperTf32>) {
    CHECK(runtime::tensor::tf32_as_transpose(element::info_of<float>, core::device_info(cases.t.device()), false,
                                             true, true, true, 40, 600, 70));
    for (const std::size_t i : {1, 3}) check(gt::all_combinations[i], 40, 600, 70, 0.5);
    for (const std::size_t i : {6, 7}) check(gt::all_combinations[i], 600, 40, 70, -0.5);
    // K split on one tile of C^T: the parts' workspace laid out as the caller's C.
    const auto& info = core::device_info(cases.t.device());
    const auto& f32 = element::info_of<float>;
    CHECK(runtime::tensor::tf32_as_transpose(f32, info, true, true, true, true, 40, 100, 4100));
    CHECK(runtime::tensor::splits_for({100, 40, 4100}, info,
                                      runtime::tensor::kernel_for(f32, info, true, false, 100, 40, 4100, true),
                                      f32.bytes) > 1);
    check(gt::all_combinations[3], 40, 100, 4100, 0.5);
    // C^T stores a work-item's two adjacent elements of a row as one where C's address and ldc allow:
    // one at a time with ldc 43, in pairs with ldc 44 (an offset of 2), the odd last column alone.
    for (const std::size_t c_pad : {2, 3})
      cases.check_with(gt::all_combinations[3], 41, 600, 70, 1.25, 0.5, [&](auto& cs) {
        cs.c_off = 2, cs.c_pad = c_pad;
      });
  }
  // TF32 on a product large enough that the runtime's copies round A and B instead of the kernel.
  if (std::is_same_v<G, HopperTf32>) check(gt::all_combinations[0], 2050, 2049, 24, -0.5);
}

// The FP64 tensor-core kernel's TMA form (codegen/tensor/dmma_tma.hpp) emulated, on any device: its
// tilings (on a device of two compute units, as PoCL on CI's machine, 64 x 64 where 128 rows would
// pad m, 128 x 64, and 32 x 32 or 64 x 32 where even one 128 x 64 tile is too few; the others are forced
// by CTest's tensor_cores.dmma_* entries), every layout and
// transpose pair (the fragments' permutations and swizzle differ for K-major and MN-major tiles), edges
// in every direction, misaligned operands, K split; Gemm<> takes this form on compute capability 9.0.
using DmmaTma = TensorPath<double, double, true, Epilogue<Activation::Identity>, true>;
TEST_CASE("DMMA by TMA, emulated") {
  gt::TensorCases<DmmaTma> cases;
  const std::size_t& run = cases.run;
  const auto& info = core::device_info(cases.t.device());
  struct Shape {
    std::size_t m, n, k;
  };
  const Shape shapes[] = {{1, 1, 1}, {37, 53, 61}, {128, 128, 32}, {100, 60, 77}, {129, 131, 95}, {60, 300, 77}};
  // (Not where the tuning switches force a variant, as CTest's tensor_cores.dmma_turned_split does.)
  if (info.compute_units == 2 && runtime::tensor::dmma_variant_by_environment() < 0) {
    const auto& f64 = element::info_of<double>;
    using Tile = std::tuple<std::size_t, std::size_t, std::size_t>;
    const auto tile = [&](std::size_t m, std::size_t n, std::size_t k) {
      const auto x = runtime::tensor::kernel_for(f64, info, true, false, m, n, k, true);
      CHECK(x.tma);
      return Tile{x.tile_m, x.tile_n, x.threads};
    };
    CHECK(tile(37, 53, 61) == Tile{32, 32, 128});     // one 128 x 64 tile: four 32 x 32 ones, two a unit
    CHECK(tile(100, 60, 77) == Tile{64, 32, 128});    // eight of 32 x 32, four of 64 x 32
    CHECK(tile(128, 128, 32) == Tile{128, 64, 128});  // two 128 x 64 tiles: one a unit
    CHECK(tile(60, 300, 77) == Tile{64, 64, 128});    // m of 64
  }
  for (const auto& combo : gt::all_combinations)
    for (const Shape& s : shapes) cases.check(combo, s.m, s.n, s.k, 1.25, run % 2 ? -0.5 : 0.0, run % 3 == 1);
  for (const auto& combo : {gt::all_combinations[1], gt::all_combinations[6]})
    cases.check(combo, 40, 30, 5000, 0.75, 0.5, false);
}

// TF32 rounds its inputs to the nearest TF32 value, ties to even, as cuBLAS's TF32 mode does (measured
// on an H200), where the tensor cores alone would drop the low bits: with the other operand all ones,
// C = k * the element as rounded. K spans several K steps (each of which the kernels round); each
// operand holds the values in turn, stored both ways. On the Hopper kernel, 40 x 30 takes 64 x 128
// tiles, A from registers either way, B as stored or copied transposed (rounded by that copy); 100 x 200
// takes 128 x 128 tiles on a device of two compute units (as CI's PoCL), A through a descriptor, rounded
// in local memory or by its transposing copy. On a GPU of compute capability 8.x the kernel's cvt.rna
// rounds ties away from zero.
TEST_CASE_TEMPLATE("TF32 rounds its inputs to nearest, ties to even", G, Tf32Path, HopperTf32) {
  auto& t = gt::target();
  const core::DeviceInfo& info = core::device_info(t.device());
  const bool ties_away = !std::is_same_v<G, HopperTf32> && runtime::tensor::takes(info, element::info_of<float>) &&
                         target::nvidia::compute_capability(info) < 90;
  const std::size_t k = 100;
  struct Case {
    float x, rounded;
  };
  // 1 + 3 * 2^-12 up; ties 1 + 2^-11 down and 1 + 3 * 2^-11 up (to the even neighbour); 1 + 5 * 2^-12 down.
  const float tie_low = ties_away ? 1.0f + 0x1p-10f : 1.0f;
  for (const Case& r : {Case{1.0f + 3.0f * 0x1p-12f, 1.0f + 0x1p-10f}, Case{1.0f + 0x1p-11f, tie_low},
                        Case{1.0f + 3.0f * 0x1p-11f, 1.0f + 0x1p-9f}, Case{1.0f + 5.0f * 0x1p-12f, 1.0f + 0x1p-10f}}) {
    const float expected = float(k) * r.rounded;  // exact in float, as every partial sum
    for (const auto& shape : {std::pair<std::size_t, std::size_t>{40, 30}, {100, 200}}) {
      const std::size_t m = shape.first, n = shape.second;  // (not a structured binding: INFO captures them)
      for (const bool in_a : {true, false}) {
        std::vector<float> a(m * k, in_a ? r.x : 1.0f), b(k * n, in_a ? 1.0f : r.x);
        cl::Buffer da(t.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a.size() * sizeof(float), a.data());
        cl::Buffer db(t.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, b.size() * sizeof(float), b.data());
        for (const Transpose trans : {Transpose::Yes, Transpose::No}) {
          const Transpose ta = in_a ? trans : Transpose::No, tb = in_a ? Transpose::No : trans;
          std::vector<float> c(m * n, -1.0f);
          cl::Buffer dc(t.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, c.size() * sizeof(float), c.data());
          G{}(t.queue, Layout::ColMajor, ta, tb, m, n, k, 1.0f, da, 0, ta == Transpose::Yes ? k : m, db, 0,
              tb == Transpose::Yes ? n : k, 0.0f, dc, 0, m);
          t.queue.enqueueReadBuffer(dc, CL_TRUE, 0, c.size() * sizeof(float), c.data());
          std::size_t wrong = 0;
          for (const float x : c) wrong += x != expected;
          const std::string how = trans == Transpose::Yes ? " transposed" : " not transposed";
          INFO(m << " x " << n << ", " << (in_a ? "A" : "B") << how << ", its elements " << r.x
                 << ": C(0, 0) = " << c[0] << ", expected " << expected);
          CHECK(wrong == 0);
        }
      }
    }
  }
}

// The one rounding function every TF32 path uses (codegen/tf32.hpp), run on the device against a
// rounding computed another way (nearbyint on the value scaled by its TF32 unit, ties to even) over
// every class of float: random bit patterns, exact ties, subnormals, the largest values, infinities, NaNs.
TEST_CASE("TF32 rounding: nearest, ties to even, every class of float") {
  auto& t = gt::target();
  std::vector<std::uint32_t> in;
  std::mt19937 rng(20261127);
  for (int i = 0; i < 100000; ++i) in.push_back(rng());
  for (int i = 0; i < 2000; ++i) in.push_back((rng() & ~0x1FFFu) | 0x1000u);  // exact ties
  for (const std::uint32_t x : {0u, 0x80000000u, 1u, 0x1000u, 0x3000u, 0x7FFFFFu, 0x7F7FFFFFu, 0x7F7FF000u,
                                0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F800001u, 0xFF801000u})
    in.push_back(x);
  const std::string source = std::string(codegen::tf32_round_function) +
                             "__kernel void round_all(__global uint* x) {\n"
                             "  x[get_global_id(0)] = tf32_round_nearest_even(x[get_global_id(0)]);\n}\n";
  cl::Program program(t.context, source);
  program.build({t.device});
  cl::Kernel kernel(program, "round_all");
  cl::Buffer buffer(t.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, in.size() * 4, in.data());
  kernel.setArg(0, buffer);
  t.queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(in.size()));
  std::vector<std::uint32_t> out(in.size());
  t.queue.enqueueReadBuffer(buffer, CL_TRUE, 0, out.size() * 4, out.data());
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    float x, y;
    std::memcpy(&x, &in[i], 4);
    std::memcpy(&y, &out[i], 4);
    bool right;
    if (std::isnan(x)) {
      right = std::isnan(y) && (out[i] & 0x400000u) != 0;  // still a NaN once the low 13 bits are gone
    } else if (std::isinf(x)) {
      right = out[i] == in[i];
    } else {
      int e = 0;
      std::frexp(x, &e);  // |x| = f * 2^e, f in [0.5, 1): TF32 keeps 11 significant bits, down to 2^-136
      const double unit = std::ldexp(1.0, std::max(e - 11, -136));
      const double want = std::nearbyint(double(x) / unit) * unit;  // ties to even (the default mode)
      right = std::signbit(y) == std::signbit(x) &&
              (double(y) == want || (std::isinf(y) && std::abs(want) > 0x1.ffep127));  // past the largest: infinity
    }
    if (!right && ++wrong <= 5) MESSAGE("float bits " << in[i] << " rounded to " << out[i]);
  }
  CHECK(wrong == 0);
}

TEST_CASE("tensor_cores says whether the device has them, and why not") {
  auto& t = gt::target();
  const TensorCoreSupport s = tensor_cores(t.device);
  const auto& d = core::device_info(t.device());
  if (d.vendor.find("NVIDIA") == std::string::npos) {
    CHECK_FALSE(s.available);
    CHECK(s.reason.find("not an NVIDIA device") != std::string::npos);
  } else {
    CHECK(s.available == (s.compute_capability >= 80 && runtime::tensor::enabled_by_environment()));
    CHECK(s.available == s.reason.empty());
  }
}
