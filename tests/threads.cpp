// Concurrent calls: several threads x many calls, with one shared Gemm object or one per thread, on one
// shared queue or one queue per thread. Every call is checked against the reference, and the first
// calls race on the program cache, which must build each program exactly once. Last, an out-of-order
// queue, on which a call's own commands (packing, product, split-K pass) must be chained by events.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <chrono>
#include <vector>

#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;
using G = Gemm<Tile<16, 16, 8>, Vec<2>, Prefetch<true>>;
using T = G::value_type;

namespace {

constexpr int threads = 4;
constexpr int calls_per_thread = 24;

// Two transpose pairs and odd offsets: exactly two programs (unaligned, TRANS_A = 0 or 1).
constexpr gt::Combination combinations[] = {
    {Layout::ColMajor, Transpose::No, Transpose::No},
    {Layout::RowMajor, Transpose::No, Transpose::Yes},  // column-major (Yes, No) after the swap
};
constexpr std::size_t programs_used = 2;

struct Outcome {
  std::atomic<int> passed{0};
  std::mutex mutex;
  std::vector<std::string> failures;
};

// A start line, so that the first calls of all threads meet in the program cache.
class StartLine {
 public:
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (++arrived_ == threads) cv_.notify_all();
    cv_.wait(lock, [this] { return arrived_ == threads; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  int arrived_ = 0;
};

void worker(int id, const G& gemm, cl::CommandQueue& queue, StartLine& start, Outcome& out) {
  std::mt19937_64 rng(gt::base_seed() + static_cast<std::uint64_t>(id) * 7919);
  // m and n within one span of tiles (three work-groups a side, each with an edge), so that every call
  // of a program runs on the same grid; k free. PoCL before 7.0 (Debian 12's 3.1) aborts when commands
  // of one kernel on different grids run at once: its kernel-handle cache releases by kernel and
  // work-group size alone, then finds the wrong entry (fixed in PoCL 7.0, commit c9ac4c0c).
  static_assert(G::config.tile_m == 16 && G::config.tile_n == 16, "the span of m and n below is in tiles of 16");
  std::uniform_int_distribution<std::size_t> span(33, 47), depth(17, 45);
  start.arrive_and_wait();
  for (int call = 0; call < calls_per_thread; ++call) {
    const gt::Combination& combo = combinations[(call + id) % 2];
    gt::Case<T> cs;
    cs.layout = combo.layout;
    cs.ta = combo.ta;
    cs.tb = combo.tb;
    cs.m = span(rng);
    cs.n = span(rng);
    cs.k = depth(rng);
    cs.alpha = T(call % 3 == 0 ? -1.0 : 0.5);
    cs.beta = T(call % 2 == 0 ? 0.0 : 2.0);
    cs.nan_c = cs.beta == T(0);
    cs.a_off = 1;
    cs.b_off = static_cast<std::size_t>(call % 4);
    cs.c_off = 3;
    cs.c_pad = static_cast<std::size_t>(id);
    try {
      const gt::Verdict v = gt::run_case(gemm, queue, cs, rng);
      if (v.ok) {
        ++out.passed;
        continue;
      }
      std::lock_guard<std::mutex> lock(out.mutex);
      out.failures.push_back("thread " + std::to_string(id) + ", call " + std::to_string(call) + ": " +
                             cs.describe() + "\n" + v.detail);
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(out.mutex);
      out.failures.push_back("thread " + std::to_string(id) + ": " + e.what());
    }
  }
}

void run(bool shared_object, bool shared_queue) {
  auto& target = gt::target();
  // A cold cache, so that the first calls of all threads race to build.
  runtime::ProgramCache::instance().clear();
  const std::size_t builds_before = runtime::ProgramCache::instance().builds();

  const G shared;
  std::vector<std::unique_ptr<G>> own;
  std::vector<cl::CommandQueue> queues;
  for (int i = 0; i < threads; ++i) {
    own.push_back(std::make_unique<G>());
    queues.push_back(shared_queue ? target.queue : cl::CommandQueue(target.context, target.device));
  }
  StartLine start;
  Outcome out;
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i) {
    pool.emplace_back(worker, i, std::cref(shared_object ? shared : *own[static_cast<std::size_t>(i)]),
                      std::ref(queues[static_cast<std::size_t>(i)]), std::ref(start), std::ref(out));
  }
  for (auto& t : pool) t.join();

  for (const std::string& f : out.failures) FAIL_CHECK(f);
  CHECK(out.passed == threads * calls_per_thread);
  CHECK(runtime::ProgramCache::instance().builds() - builds_before == programs_used);
}

}  // namespace

TEST_CASE("threads: one shared Gemm object, one shared queue") { run(true, true); }
TEST_CASE("threads: one Gemm object per thread, one queue per thread") { run(false, false); }
TEST_CASE("threads: one shared Gemm object, one queue per thread") { run(true, false); }
TEST_CASE("threads: one Gemm object per thread, one shared queue") { run(false, true); }

TEST_CASE("an out-of-order queue: packing, product and split-K pass wait for each other and the caller") {
  auto& target = gt::target();
  cl_int status = CL_SUCCESS;
  cl::CommandQueue queue(target.context, target.device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &status);
  if (status != CL_SUCCESS) {
    MESSAGE("this device has no out-of-order queues (", status, "); nothing to check");
    return;
  }
  // Misaligned A and B (packed), K long enough to split in three: four commands per call.
  using Chained = Gemm<Tile<16, 16, 8>, Vec<4>, SplitK<3>, Pack<Packing::Always>>;
  const Chained gemm;
  std::mt19937_64 rng(gt::base_seed() ^ 0x5eedu);
  for (int call = 0; call < 6; ++call) {
    const gt::Combination& combo = gt::all_combinations[static_cast<std::size_t>(call) % 8];
    gt::Case<T> cs = gt::base_case(combo, 37 + call, 29, 150, T(1.5), call % 2 == 0 ? T(0) : T(-1));
    cs.nan_c = call % 2 == 0;
    cs.a_off = 1;
    cs.b_off = 3;
    cs.c_off = 2;
    cs.a_pad = 1;
    INFO(cs.describe());
    gt::Operands<T> o = gt::make_operands(cs, rng);
    cl::Buffer a = gt::upload(o.a_host, target.context);
    cl::Buffer b = gt::upload(o.b_host, target.context);
    cl::Buffer c = gt::upload(o.c_host, target.context);
    // Nothing may start before the caller's event completes.
    cl::UserEvent go(target.context);
    const std::vector<cl::Event> wait = {go};
    cl::Event done = gemm(queue, cs.layout, cs.ta, cs.tb, cs.m, cs.n, cs.k, cs.alpha, a, o.a.offset, o.a.ld, b,
                          o.b.offset, o.b.ld, cs.beta, c, o.c.offset, o.c.ld, wait);
    // Still waiting. (C is not read back here: an implementation may run an out-of-order queue in
    // order, and a read would then wait behind the call.)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(done.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() > CL_COMPLETE);
    go.setStatus(CL_COMPLETE);
    done.wait();
    const gt::Verdict v = gt::judge(cs, o, gt::download<T>(queue, a, o.a_host.size()),
                                    gt::download<T>(queue, b, o.b_host.size()),
                                    gt::download<T>(queue, c, o.c_host.size()));
    CHECK_MESSAGE(v.ok, v.detail);
  }
}
