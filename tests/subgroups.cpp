// The sub-group vendor paths (vendor::IntelSubgroups<S>, vendor::KhronosSubgroups) and Images<O>.
//
// On a device that has what a path needs (Intel's OpenCL runtime for CPUs, an Intel GPU): the
// correctness sweep for each configuration below (every layout x transpose pair, edge and whole tiles,
// offsets, alpha/beta with a NaN-poisoned C, split K), a test that the kernels really use shuffles and
// block reads (in the source, and in the device's build of it), bad arguments rejected before anything
// is enqueued, and calls from several threads at once. On a device that lacks it (PoCL): every call is
// rejected with VendorMismatch, naming what the device lacks, and leaves C untouched.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <atomic>
#include <cstddef>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;
using vendor::IntelLoads;
using vendor::IntelSubgroups;
using vendor::KhronosSubgroups;

// Block reads at every sub-group size, the article's block_read family (default tiles).
using Block8 = Gemm<IntelSubgroups<8>>;
using Block16 = Gemm<IntelSubgroups<16>>;
using Block32 = Gemm<IntelSubgroups<32, IntelLoads::Block>>;  // Xe-HPC and the CPU runtime have them
// Sub-groups of 32 default to plain loads.
using Default32 = Gemm<IntelSubgroups<32>>;
// Plain loads (L3_SIMD) with four-wide vectors per lane, a register tile of 4 x 6, in-step barriers.
using Plain16 = Gemm<IntelSubgroups<16, IntelLoads::Plain>, Tile<128, 24, 16>, Vec<4>, WorkPerThread<8, 6>,
                     InStep<true>>;
// A staged in local memory, read back with local block reads (L3_SLM); K split in three.
using Slm16 = Gemm<IntelSubgroups<16>, LocalMemory<Operands::A>, SplitK<3>>;
// Double: block reads of 64-bit elements; sub-groups of 8 with a wider tile.
using Double8 = Gemm<IntelSubgroups<8>, Tile<32, 48, 16>, WorkPerThread<4, 6>, Element<double>>;
// Images: both operands (block reads from images), A only with plain loads, and B in double.
using Images16 = Gemm<IntelSubgroups<16>, Images<Operands::Both>>;
using ImageA8 = Gemm<IntelSubgroups<8, IntelLoads::Plain>, Images<Operands::A>>;
using ImageB32Double = Gemm<IntelSubgroups<32>, Images<Operands::B>, Element<double>>;
// Khronos sub-groups, with buffers and with images and K split.
using Khronos = Gemm<KhronosSubgroups>;
using KhronosImages = Gemm<KhronosSubgroups, Images<Operands::Both>, SplitK<3>>;

// The built-in entries (dispatch/tables/intel.hpp): Intel's CPU runtime, then Intel GPUs.
using EntryCpuF = Gemm<IntelSubgroups<16>, Tile<64, 96, 16>, WorkPerThread<4, 6>, InStep<true>>;
using EntryCpuD = Gemm<IntelSubgroups<8>, Tile<32, 96, 16>, WorkPerThread<4, 6>, InStep<true>, Element<double>>;
using EntryGpuF0 = Gemm<IntelSubgroups<8>, Tile<16, 32, 16>, WorkPerThread<2, 32>>;
using EntryGpuF1 = Gemm<IntelSubgroups<8>, Tile<16, 64, 16>, WorkPerThread<2, 16>>;
using EntryGpuF2 = Gemm<IntelSubgroups<8, IntelLoads::Plain>, Tile<32, 64, 8>, WorkPerThread<4, 8>, InStep<true>>;
using EntryGpuD0 = Gemm<IntelSubgroups<8>, Tile<16, 16, 16>, WorkPerThread<2, 16>, Element<double>>;
using EntryGpuD1 =
    Gemm<IntelSubgroups<8, IntelLoads::Plain>, Tile<32, 32, 8>, WorkPerThread<4, 4>, InStep<true>, Element<double>>;

TYPE_TO_STRING_AS("IntelSubgroups<8>", Block8);
TYPE_TO_STRING_AS("IntelSubgroups<16>", Block16);
TYPE_TO_STRING_AS("IntelSubgroups<32 Block>", Block32);
TYPE_TO_STRING_AS("IntelSubgroups<32>", Default32);
TYPE_TO_STRING_AS("IntelSubgroups<16 Plain> Tile<128x24x16> Vec<4> InStep", Plain16);
TYPE_TO_STRING_AS("IntelSubgroups<16> LocalMemory<A> SplitK<3>", Slm16);
TYPE_TO_STRING_AS("IntelSubgroups<8> double Tile<32x48x16>", Double8);
TYPE_TO_STRING_AS("IntelSubgroups<16> Images<Both>", Images16);
TYPE_TO_STRING_AS("IntelSubgroups<8 Plain> Images<A>", ImageA8);
TYPE_TO_STRING_AS("IntelSubgroups<32> Images<B> double", ImageB32Double);
TYPE_TO_STRING_AS("KhronosSubgroups", Khronos);
TYPE_TO_STRING_AS("KhronosSubgroups Images<Both> SplitK<3>", KhronosImages);
TYPE_TO_STRING_AS("entry cpu float Tile<64x96x16> WorkPerThread<4x6> InStep", EntryCpuF);
TYPE_TO_STRING_AS("entry cpu double Tile<32x96x16> WorkPerThread<4x6> InStep", EntryCpuD);
TYPE_TO_STRING_AS("entry gpu float Tile<16x32x16> WorkPerThread<2x32>", EntryGpuF0);
TYPE_TO_STRING_AS("entry gpu float Tile<16x64x16> WorkPerThread<2x16>", EntryGpuF1);
TYPE_TO_STRING_AS("entry gpu float Plain Tile<32x64x8> WorkPerThread<4x8> InStep", EntryGpuF2);
TYPE_TO_STRING_AS("entry gpu double Tile<16x16x16> WorkPerThread<2x16>", EntryGpuD0);
TYPE_TO_STRING_AS("entry gpu double Plain Tile<32x32x8> WorkPerThread<4x4> InStep", EntryGpuD1);

#define GEMMCL_SUBGROUP_CONFIGS                                                                              \
  Block8, Block16, Block32, Default32, Plain16, Slm16, Double8, Images16, ImageA8, ImageB32Double, Khronos, KhronosImages, \
      EntryCpuF, EntryCpuD, EntryGpuF0, EntryGpuF1, EntryGpuF2, EntryGpuD0, EntryGpuD1

namespace {

template <class G>
const target::Info& info() {
  return target::info_of<typename G::vendor_type>;
}

// Whether the test device runs G; when not, checks that a call is rejected as it should be.
template <class G>
bool runs_here() {
  using T = typename G::value_type;
  auto& t = gt::target();
  const core::DeviceInfo& d = core::device_info(t.device());
  if (info<G>().matches(d)) return true;
  INFO("device: ", d.name);
  const std::vector<T> before(64 * 64, T(7));
  cl::Buffer a = gt::upload(before), b = gt::upload(before), c = gt::upload(before);
  bool threw = false;
  try {
    G{}(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, 64, 64, 64, T(1), a, 0, 64, b, 0, 64, T(0), c, 0,
        64);
  } catch (const Error& e) {
    threw = true;
    INFO("message: ", e.what());
    CHECK(e.code() == ErrorCode::VendorMismatch);
    CHECK(std::string(e.what()).find("it lacks") != std::string::npos);
  }
  CHECK(threw);
  CHECK(gt::download<T>(t.queue, c, before.size()) == before);
  return false;
}

struct Shape {
  std::size_t m, n, k;
};

std::vector<Shape> shapes_for(const policy::Config& c) {
  const std::size_t tm = c.tile_m, tn = c.tile_n, tk = c.tile_k;
  return {{tm + 1, tn - 1, 2 * tk - 1}, {2 * tm, 2 * tn, 2 * tk}, {tm - 3, tn + 5, tk + 3}, {131, 67, 61},
          {5, 2 * tn + 1, 3}};
}

// Runs `call`, which must throw `code` (with `says` in its message, where given) and leave C as `before`.
template <class T, class Call>
void expect_rejected(cl::Buffer& c, const std::vector<T>& before, ErrorCode code, const char* says, Call&& call) {
  bool threw = false;
  try {
    call();
  } catch (const Error& e) {
    threw = true;
    INFO("message: ", e.what());
    CHECK(e.code() == code);
    if (*says != '\0') CHECK(std::string(e.what()).find(says) != std::string::npos);
  }
  CHECK(threw);
  CHECK(gt::download<T>(gt::target().queue, c, before.size()) == before);
}

}  // namespace

TEST_CASE_TEMPLATE("sweep", G, GEMMCL_SUBGROUP_CONFIGS) {
  if (!runs_here<G>()) return;
  using T = typename G::value_type;
  auto& target = gt::target();
  const G gemm;
  std::mt19937_64 rng(gt::base_seed() ^ std::hash<std::string>{}(doctest::toString<G>().c_str()));
  INFO("configuration: ", gt::describe(G::config), " on ", target.name);
  const T alphas[] = {T(1), T(-1.5), T(0.75)}, betas[] = {T(0), T(0.5), T(1), T(-1)};
  std::size_t run = 0;
  for (const auto& combo : gt::all_combinations) {
    for (const Shape& s : shapes_for(G::config)) {
      gt::Case<T> cs = gt::base_case(combo, s.m, s.n, s.k, alphas[run % 3], betas[run % 4]);
      cs.nan_c = cs.beta == T(0);
      if (run % 2 == 0)
        gt::aligned(cs, run);
      else
        gt::unaligned(cs, run);
      INFO(cs.describe());
      const gt::Verdict v = gt::run_case(gemm, target.queue, cs, rng);
      CHECK_MESSAGE(v.ok, v.detail);
      ++run;
    }
  }
}

// What the configuration promises is in its text, and in the device's build of it: the compiled
// sub-group size is S, and Intel's runtimes keep the built-ins' names in their binaries.
TEST_CASE_TEMPLATE("shuffles and block reads are really used", G, GEMMCL_SUBGROUP_CONFIGS) {
  const std::string source(G::source);
  const bool intel = G::config.sub_group_size > 0;
  const bool block = G::config.block_reads && G::config.element.bytes == 4;
  CHECK(source.find(intel ? "intel_sub_group_shuffle(" : "sub_group_shuffle(") != std::string::npos);
  if (intel) CHECK(source.find("__attribute__((intel_reqd_sub_group_size(") != std::string::npos);
  if (block) CHECK(source.find("intel_sub_group_block_read(") != std::string::npos);
  if (G::config.image_a) CHECK(source.find("image2d_t a_image") != std::string::npos);
  if (G::config.image_b) CHECK(source.find("image2d_t b_image") != std::string::npos);
  if (!runs_here<G>()) return;

  auto& t = gt::target();
  const core::DeviceInfo& d = core::device_info(t.device());
  std::string options = "-DGEMMCL_TRANS_A=0 -DGEMMCL_TRANS_B=0";
  info<G>().build_options(options, d);
  cl::Program program(t.context, source);
  program.build({t.device}, options.c_str());
  cl::Kernel kernel(program, "gemmcl_gemm");
  if (intel) {
    std::size_t size = 0;
    constexpr cl_kernel_sub_group_info compile_size = 0x410A;  // CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL
    REQUIRE(clGetKernelSubGroupInfo(kernel(), t.device(), compile_size, 0, nullptr, sizeof size, &size, nullptr) ==
            CL_SUCCESS);
    CHECK(size == std::size_t(G::config.sub_group_size));
  }
  const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
  REQUIRE(binaries.size() == 1);
  const std::string binary(binaries[0].begin(), binaries[0].end());
  if (d.vendor.find("Intel") != std::string::npos && d.is_cpu()) {
    // The CPU runtime's binary carries the program's LLVM IR, with the built-ins' mangled names.
    CHECK(binary.find(intel ? "intel_sub_group_shuffle" : "sub_group_shuffle") != std::string::npos);
    if (block) CHECK(binary.find("intel_sub_group_block_read") != std::string::npos);
  }
}

TEST_CASE_TEMPLATE("bad arguments are rejected before anything is enqueued", G, GEMMCL_SUBGROUP_CONFIGS) {
  if (!runs_here<G>()) return;
  using T = typename G::value_type;
  auto& t = gt::target();
  const std::vector<T> before(40 * 40, T(3));
  cl::Buffer a = gt::upload(before), b = gt::upload(before), c = gt::upload(before);
  const auto rejected = [&](ErrorCode code, auto call) { expect_rejected(c, before, code, "", call); };
  const G gemm;
  // lda below the rows of A; B's region past the end of its buffer; C's offset past its end.
  rejected(ErrorCode::InvalidLeadingDimension, [&] {
    gemm(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, 40, 20, 20, T(1), a, 0, 39, b, 0, 40, T(0), c, 0, 40);
  });
  rejected(ErrorCode::BufferTooSmall, [&] {
    gemm(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, 20, 40, 40, T(1), a, 0, 40, b, 1, 40, T(0), c, 0, 40);
  });
  rejected(ErrorCode::BufferTooSmall, [&] {
    gemm(t.queue, Layout::RowMajor, Transpose::Yes, Transpose::No, 20, 20, 20, T(1), a, 0, 40, b, 0, 40, T(0), c,
         40 * 40, 40);
  });
}

TEST_CASE_TEMPLATE("calls from several threads at once", G, Block16, Images16, Khronos) {
  if (!runs_here<G>()) return;
  using T = typename G::value_type;
  auto& t = gt::target();
  const G shared;
  std::atomic<int> passed{0};
  std::vector<std::string> failures(4);
  std::vector<std::thread> pool;
  for (int id = 0; id < 4; ++id) {
    pool.emplace_back([&, id] {
      cl::CommandQueue queue(t.context, t.device);
      std::mt19937_64 rng(gt::base_seed() + std::uint64_t(id) * 7919);
      std::uniform_int_distribution<std::size_t> size(17, 80);
      for (int call = 0; call < 6; ++call) {
        const auto& combo = gt::all_combinations[std::size_t(call + id) % 8];
        gt::Case<T> cs = gt::base_case(combo, size(rng), size(rng), size(rng), T(0.5), T(call % 2 ? 2 : 0));
        cs.nan_c = cs.beta == T(0);
        gt::unaligned(cs, std::size_t(call + id));
        try {
          const gt::Verdict v = gt::run_case(shared, id % 2 ? queue : t.queue, cs, rng);
          if (v.ok) ++passed;
          else failures[std::size_t(id)] += cs.describe() + ": " + v.detail + "\n";
        } catch (const std::exception& e) {
          failures[std::size_t(id)] += std::string(e.what()) + "\n";
        }
      }
    });
  }
  for (auto& th : pool) th.join();
  for (const std::string& f : failures)
    if (!f.empty()) FAIL_CHECK(f);
  CHECK(passed == 24);
}

// Images change where A and B are read from, not what is computed: the same inputs give the same bits
// as the buffer path of the same configuration, views of the caller's buffers and aligned copies
// alike (odd offsets and leading dimensions take the copy where the device needs aligned pitches).
TEST_CASE_TEMPLATE("images give the buffer path's bits", G, Images16, KhronosImages) {
  if (!runs_here<G>()) return;
  using T = typename G::value_type;
  using Buffers = std::conditional_t<std::is_same_v<G, Images16>, Block16, Gemm<KhronosSubgroups, SplitK<3>>>;
  auto& t = gt::target();
  std::mt19937_64 rng(gt::base_seed() + 17);
  std::size_t run = 0;
  for (const auto& combo : gt::all_combinations) {
    gt::Case<T> cs = gt::base_case(combo, 133, 70, 91, T(-0.75), T(0.5));
    if (run % 2 == 0)
      gt::aligned(cs, run);
    else
      gt::unaligned(cs, run);
    ++run;
    INFO(cs.describe());
    const gt::Operands<T> o = gt::make_operands(cs, rng);
    cl::Buffer a = gt::upload(o.a_host), b = gt::upload(o.b_host);
    cl::Buffer c_images = gt::upload(o.c_host), c_buffers = gt::upload(o.c_host);
    G{}(t.queue, cs.layout, cs.ta, cs.tb, cs.m, cs.n, cs.k, cs.alpha, a, o.a.offset, o.a.ld, b, o.b.offset,
        o.b.ld, cs.beta, c_images, o.c.offset, o.c.ld)
        .wait();
    Buffers{}(t.queue, cs.layout, cs.ta, cs.tb, cs.m, cs.n, cs.k, cs.alpha, a, o.a.offset, o.a.ld, b, o.b.offset,
              o.b.ld, cs.beta, c_buffers, o.c.offset, o.c.ld)
        .wait();
    const auto with_images = gt::download<T>(t.queue, c_images, o.c_host.size());
    const auto with_buffers = gt::download<T>(t.queue, c_buffers, o.c_host.size());
    const auto differing = [](const std::vector<T>& x, const std::vector<T>& y) {
      std::size_t n = 0;
      for (std::size_t i = 0; i < x.size(); ++i) n += gt::same_bits(x[i], y[i]) ? 0 : 1;
      return n;
    };
    CHECK(differing(with_images, with_buffers) == 0);
    // Images are read-only views: A and B (and the gaps around them) keep their bits.
    CHECK(differing(gt::download<T>(t.queue, a, o.a_host.size()), o.a_host) == 0);
    CHECK(differing(gt::download<T>(t.queue, b, o.b_host.size()), o.b_host) == 0);
  }
}

// What images cannot take is refused with ImagesUnsupported before anything is enqueued, C unchanged: an
// operand larger than the device's images, and a batch (an image holds one matrix).
TEST_CASE_TEMPLATE("images refuse what they cannot hold", G, Images16, KhronosImages) {
  if (!runs_here<G>()) return;
  using T = typename G::value_type;
  auto& t = gt::target();
  const core::DeviceInfo& d = core::device_info(t.device());
  const auto rejected = [](cl::Buffer& c, const std::vector<T>& before, const char* says, auto call) {
    expect_rejected(c, before, ErrorCode::ImagesUnsupported, says, call);
  };
  // A stored as 4 x k (column-major, untransposed): one more column than an image may have rows.
  const std::size_t m = 4, n = 4, k = d.image2d_max[1] + 1;
  INFO("device: ", d.name, ", images up to ", d.image2d_max[0], " x ", d.image2d_max[1]);
  const std::vector<T> ab(m * k, T(1)), before(m * n, T(5));
  cl::Buffer a = gt::upload(ab), b = gt::upload(ab), c = gt::upload(before);
  rejected(c, before, "read it from a buffer", [&] {
    G{}(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, T(1), a, 0, m, b, 0, k, T(0), c, 0, m);
  });
  // Two products of 4 x 4 x 4, each matrix 16 elements after the last.
  const std::vector<T> small(32, T(1)), before2(32, T(5));
  cl::Buffer a2 = gt::upload(small), b2 = gt::upload(small), c2 = gt::upload(before2);
  rejected(c2, before2, "a batched call needs a configuration that reads buffers", [&] {
    G{}.strided_batched(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, 4, 4, 4, T(1), a2, 0, 4, 16, b2, 0,
                        4, 16, T(0), c2, 0, 4, 16, 2);
  });
}
