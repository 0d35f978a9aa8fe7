// The program cache: one build per (context, device, source, options), shared by every Gemm object of a
// configuration, whatever the order its policies were given in. The source itself is a compile-time
// constant that differs whenever a policy does.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <array>
#include <cstddef>
#include <random>
#include <string_view>
#include <type_traits>

#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;

using G = Gemm<Tile<16, 16, 8>, Vec<2>>;
using Reordered = Gemm<Vec<2>, Tile<16, 16, 8>>;

// ---- The source is a constant expression ---------------------------------------------------------------

constexpr std::string_view g_source = G::source;
static_assert(!g_source.empty());
static_assert(G::source.data()[G::source.size()] == '\0', "handed to OpenCL as a C string");
static_assert(!std::is_same_v<G, Reordered>);
static_assert(G::config == Reordered::config && G::source == Reordered::source,
              "policies in another order resolve to the same configuration and text");

// Different policies give different source: a base configuration and one variant per policy.
namespace variants {
using Base = Gemm<Tile<32, 32, 8>, Vec<2>, WorkPerThread<4, 4>>;
constexpr std::array<std::string_view, 10> sources = {
    Base::source,
    Gemm<Tile<32, 64, 8>, Vec<2>, WorkPerThread<4, 4>>::source,                              // Tile
    Gemm<Tile<32, 32, 8>, Vec<4>, WorkPerThread<4, 4>>::source,                              // Vec
    Gemm<Tile<32, 32, 8>, Vec<2>, WorkPerThread<8, 4>>::source,                              // WorkPerThread
    Gemm<Tile<32, 32, 8>, Vec<2>, WorkPerThread<4, 4>, Element<double>>::source,             // Element
    Gemm<Tile<32, 32, 8>, Vec<2>, WorkPerThread<4, 4>, LocalMemory<Operands::A>>::source,    // LocalMemory
    Gemm<Tile<32, 32, 8>, Vec<2>, WorkPerThread<4, 4>, LocalMemory<Operands::B>>::source,
    Gemm<Tile<32, 32, 8>, Vec<2>, WorkPerThread<4, 4>, LocalMemory<Operands::None>>::source,
    Gemm<Tile<32, 32, 8>, Vec<2>, WorkPerThread<4, 4>, Padding<1>>::source,                  // Padding
    Gemm<Tile<32, 32, 8>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>::source,              // Prefetch
};
constexpr bool all_distinct() {
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::size_t j = i + 1; j < sources.size(); ++j)
      if (sources[i] == sources[j]) return false;
  return true;
}
static_assert(all_distinct(), "every policy changes the generated source");
}  // namespace variants

// A Gemm object is cheap to construct and copy: it holds nothing.
static_assert(std::is_empty_v<G>);
static_assert(std::is_trivially_copyable_v<G>);
static_assert(std::is_nothrow_default_constructible_v<G>);

// ---- Builds at run time -------------------------------------------------------------------------------

namespace {

std::size_t builds() { return runtime::ProgramCache::instance().builds(); }

// One checked call: 20 x 19 x 9 spans several work-groups; odd offsets of A and C keep the unaligned
// program and C's element-wise stores.
template <class Gm>
void call(const Gm& gemm, Transpose ta, Transpose tb, Layout layout = Layout::ColMajor,
          cl::CommandQueue* queue = nullptr, const cl::Context* context = nullptr) {
  static std::mt19937_64 rng(gt::base_seed());
  gt::Case<float> cs = gt::base_case(gt::Combination{layout, ta, tb}, 20, 19, 9, 1.5f, 0.5f);
  cs.a_off = 1;
  cs.c_off = 1;
  auto& target = gt::target();
  const gt::Verdict v = gt::run_case(gemm, queue ? *queue : target.queue, cs, rng, context ? *context : target.context);
  CHECK_MESSAGE(v.ok, v.detail);
}

}  // namespace

TEST_CASE("a second Gemm object of the same type does not rebuild") {
  runtime::ProgramCache::instance().clear();
  const std::size_t before = builds();
  const G first;
  call(first, Transpose::No, Transpose::No);
  CHECK(builds() == before + 1);

  const G second;
  call(second, Transpose::No, Transpose::No);
  call(second, Transpose::No, Transpose::No);
  const G copy = first;
  call(copy, Transpose::No, Transpose::No);
  CHECK(builds() == before + 1);

  // Another transpose pair is another program, built once.
  call(second, Transpose::Yes, Transpose::No);
  CHECK(builds() == before + 2);
  call(first, Transpose::Yes, Transpose::No);
  // Row-major (No, Yes) is column-major (Yes, No) with A and B swapped: the same program.
  call(copy, Transpose::No, Transpose::Yes, Layout::RowMajor);
  CHECK(builds() == before + 2);
}

TEST_CASE("Gemm<> objects share programs too") {
  // The automatic configuration goes through the same cache (double: its CPU kernel builds fastest).
  using Auto = Gemm<Element<double>>;
  std::mt19937_64 rng(gt::base_seed());
  gt::Case<double> cs;
  cs.m = 70;
  cs.n = 65;
  cs.k = 9;
  cs.alpha = 1.5;
  cs.beta = -1;
  cs.a_off = 1;
  const gt::Verdict first = gt::run_case(Auto(), gt::target().queue, cs, rng);
  CHECK_MESSAGE(first.ok, first.detail);
  const std::size_t before = builds();
  const Auto second;
  const gt::Verdict again = gt::run_case(second, gt::target().queue, cs, rng);
  CHECK_MESSAGE(again.ok, again.detail);
  CHECK(builds() == before);
}

TEST_CASE("policies in another order share the program") {
  runtime::ProgramCache::instance().clear();
  const std::size_t before = builds();
  call(G(), Transpose::No, Transpose::Yes);
  call(Reordered(), Transpose::No, Transpose::Yes);
  CHECK(builds() == before + 1);
}

TEST_CASE("another context builds its own program") {
  runtime::ProgramCache::instance().clear();
  auto& target = gt::target();
  const std::size_t before = builds();
  call(G(), Transpose::Yes, Transpose::Yes);
  CHECK(builds() == before + 1);
  cl::Context other(target.device);
  cl::CommandQueue queue(other, target.device);
  call(G(), Transpose::Yes, Transpose::Yes, Layout::ColMajor, &queue, &other);
  CHECK(builds() == before + 2);
  call(G(), Transpose::Yes, Transpose::Yes, Layout::ColMajor, &queue, &other);
  call(G(), Transpose::Yes, Transpose::Yes);
  CHECK(builds() == before + 2);
}

TEST_CASE("clear() drops the programs, and the next call builds again") {
  runtime::ProgramCache::instance().clear();
  const std::size_t before = builds();
  call(G(), Transpose::No, Transpose::No);
  call(G(), Transpose::No, Transpose::No);
  CHECK(builds() == before + 1);
  runtime::ProgramCache::instance().clear();
  call(G(), Transpose::No, Transpose::No);
  CHECK(builds() == before + 2);
}

TEST_CASE("calls with nothing to compute build nothing") {
  runtime::ProgramCache::instance().clear();
  const std::size_t before = builds();
  auto& target = gt::target();
  cl::Buffer none;
  // m = 0, and alpha = 0 with beta = 1: no kernel is needed.
  G()(target.queue, Layout::ColMajor, Transpose::No, Transpose::No, 0, 4, 3, 1.0f, none, 0, 1, none, 0, 3, 0.0f, none,
      0, 1)
      .wait();
  gt::Case<float> cs;
  cs.m = 20;
  cs.n = 19;
  cs.k = 9;
  cs.alpha = 0.0f;
  cs.beta = 1.0f;
  cs.nan_ab = true;
  std::mt19937_64 rng(gt::base_seed());
  const gt::Verdict v = gt::run_case(G(), target.queue, cs, rng);
  CHECK_MESSAGE(v.ok, v.detail);
  CHECK(builds() == before);
}

TEST_CASE("scratch buffers are reused: repeated split-K calls with packing allocate once") {
  // Each call needs three scratch buffers (packed A, packed B, split-K workspace). On one in-order
  // queue the pool lends the same three again, whether or not the last call has finished.
  using Scratchy = Gemm<Tile<16, 16, 8>, Vec<4>, SplitK<3>, Pack<Packing::Always>>;
  auto& pool = runtime::ScratchPool::instance();
  pool.clear();
  REQUIRE(pool.size() == 0);
  std::mt19937_64 rng(gt::base_seed());
  gt::Case<float> cs = gt::base_case(gt::Combination{Layout::ColMajor, Transpose::No, Transpose::Yes}, 33, 21, 100,
                                     1.0f, 0.5f);
  cs.a_off = 1;
  cs.b_off = 3;
  for (int call = 0; call < 4; ++call) {
    const gt::Verdict v = gt::run_case(Scratchy(), gt::target().queue, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
    CHECK(pool.size() == 3);
  }
  // A smaller problem fits in the same buffers.
  cs.m = 20;
  cs.k = 60;
  const gt::Verdict v = gt::run_case(Scratchy(), gt::target().queue, cs, rng);
  CHECK_MESSAGE(v.ok, v.detail);
  CHECK(pool.size() == 3);
  pool.clear();
  CHECK(pool.size() == 0);
}

TEST_CASE("scratch of a call without an event stays with its queue") {
  // A call without an event (Gemm::enqueue, an in-order queue) gives its buffers back for its queue
  // alone, which runs its commands in order: another queue gets buffers of its own meanwhile, and the
  // first queue takes its own back. A buffer whose last call ended with an event that has completed is
  // free for any queue again.
  auto& pool = runtime::ScratchPool::instance();
  pool.clear();
  auto& t = gt::target();
  cl::CommandQueue other(t.context, t.device);
  const cl_context context = t.context();
  cl_mem first = nullptr;
  {
    auto lease = pool.acquire(t.queue, context, true, 4096, "test buffer");
    first = lease.buffer()();
    lease.used_until(nullptr);
  }
  cl_mem second = nullptr;
  {
    auto lease = pool.acquire(other, context, true, 4096, "test buffer");
    second = lease.buffer()();
    CHECK(second != first);
    lease.used_until(nullptr);
  }
  {
    auto lease = pool.acquire(t.queue, context, true, 4096, "test buffer");
    CHECK(lease.buffer()() == first);
    cl::Event done;
    t.queue.enqueueMarkerWithWaitList(nullptr, &done);
    lease.used_until(&done);
  }
  t.queue.finish();
  cl::CommandQueue third(t.context, t.device);
  {
    auto lease = pool.acquire(third, context, true, 4096, "test buffer");
    CHECK(lease.buffer()() == first);  // ended with a completed event; the other one stays with `other`
  }
  CHECK(pool.size() == 2);
  // Whole calls whose last command is the product (K split, its parts added in the kernel; operands
  // packed): each queue keeps a set of buffers of its own, and each call's result is right.
  using Scratchy = Gemm<Tile<16, 16, 8>, Vec<4>, SplitK<3, Reduction::InKernel>, Pack<Packing::Always>>;
  pool.clear();
  std::mt19937_64 rng(gt::base_seed());
  gt::Case<float> cs = gt::base_case(gt::Combination{Layout::ColMajor, Transpose::Yes, Transpose::No}, 33, 21, 100,
                                     1.0f, 0.5f);
  cs.a_off = 1;
  std::size_t per_queue = 0;
  for (cl::CommandQueue* q : {&t.queue, &other, &t.queue, &other}) {
    const gt::Verdict v = gt::run_case(gt::WithoutEvent<Scratchy>{}, *q, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
    if (per_queue == 0) per_queue = pool.size();
  }
  CHECK(per_queue >= 2);  // the workspace and the tickets, at least
  CHECK(pool.size() == 2 * per_queue);
  pool.clear();
}

// A Gemm that records how many commands its last call enqueued.
template <class Gm>
struct Counting {
  using value_type = typename Gm::value_type;
  std::size_t* commands;
  cl::Event operator()(cl::CommandQueue& q, Layout l, Transpose ta, Transpose tb, std::size_t m, std::size_t n,
                       std::size_t k, value_type alpha, const cl::Buffer& a, std::size_t ao, std::size_t lda,
                       const cl::Buffer& b, std::size_t bo, std::size_t ldb, value_type beta, cl::Buffer& c,
                       std::size_t co, std::size_t ldc) const {
    const auto events = Gm().enqueue_all(q, l, ta, tb, m, n, k, alpha, a, ao, lda, b, bo, ldb, beta, c, co, ldc);
    *commands = events.size();
    return events.back();
  }
};

TEST_CASE("split K added in the kernel: one command per call, tickets zeroed once and reused") {
  // The first call creates the ticket buffer and zero-fills it (a command of its own); the kernel
  // leaves every ticket at zero, so later calls enqueue only the product. A second kernel would add
  // the parts otherwise.
  using InKernel = Gemm<Tile<16, 16, 8>, Vec<4>, SplitK<3, Reduction::InKernel>>;
  using SecondPass = Gemm<Tile<16, 16, 8>, Vec<4>, SplitK<3, Reduction::SecondPass>>;
  auto& pool = runtime::ScratchPool::instance();
  pool.clear();
  std::mt19937_64 rng(gt::base_seed());
  gt::Case<float> cs = gt::base_case(gt::Combination{Layout::ColMajor, Transpose::No, Transpose::No}, 40, 24, 200,
                                     1.0f, 0.5f);
  std::size_t commands = 0;
  for (int call = 0; call < 3; ++call) {
    const gt::Verdict v = gt::run_case(Counting<InKernel>{&commands}, gt::target().queue, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
    CHECK(commands == (call == 0 ? 2u : 1u));
    CHECK(pool.size() == 2);  // the workspace and the tickets
  }
  const gt::Verdict v = gt::run_case(Counting<SecondPass>{&commands}, gt::target().queue, cs, rng);
  CHECK_MESSAGE(v.ok, v.detail);
  CHECK(commands == 2u);
  pool.clear();
}
