#pragma once
// What the tuner does to one candidate: make its kernel, check it computes right, and time it on a
// problem. Operands are random, made once per shape, and every timed run is the same product.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "../dispatch/dispatch.hpp"
#include "../dispatch/tunable.hpp"
#include "../runtime/enqueue.hpp"
#include "../runtime/launch.hpp"
#include "../runtime/self_check.hpp"

namespace gemmcl::tune {

// A product size with its transposes (as the kernel sees them: column-major).
struct Shape {
  std::size_t m, n, k;
  bool trans_a = false, trans_b = false;
  std::string kind;  // "square", "odd", "skinny", "deep": for the report
};

inline double gflops(const Shape& s, double seconds) {
  return seconds > 0 ? 2.0 * double(s.m) * double(s.n) * double(s.k) / seconds * 1e-9 : 0;
}

template <class T>
class Bench {
 public:
  Bench(cl::CommandQueue& queue) : queue_(queue), target_(runtime::queue_target(queue)) {}

  const runtime::QueueTarget& target() const { return target_; }
  const core::DeviceInfo& device() const { return core::device_info(target_.device); }

  // A kernel for a configuration on a tunable target, made once and kept (stable address).
  const codegen::Kernel& kernel(const std::string& key, const policy::Config& c) {
    for (const auto& [k, kernel] : kernels_)
      if (k == key && kernel.config == c) return kernel;
    kernels_.emplace_back(key, codegen::Kernel{});
    dispatch::tunable_kernel(key, c, sources_, kernels_.back().second);
    return kernels_.back().second;
  }

  // The problem of a shape on this bench's operands (made on first use, random in [-1, 1]).
  core::Problem problem(const Shape& s) {
    Operands& o = operands(s);
    return core::Problem{s.m, s.n, s.k, s.trans_a, s.trans_b, {&o.a, 0, o.lda}, {&o.b, 0, o.ldb}, {&o.c, 0, s.m}};
  }

  // Whether the kernel computes a small product with edges right (runtime/self_check.hpp), with this
  // shape's transposes.
  bool verified(const codegen::Kernel& kernel, const Shape& s) {
    return runtime::self_check::product_is_right<T>(queue_, target_, kernel, policy::Rules{}, problem(s));
  }

  // Seconds per product: one run to build and warm up, then runs until `seconds` have passed (at most
  // 50), in two rounds; the faster round counts. Returns early for a kernel `cutoff` times slower than
  // `best` (seconds; 0: none): its first timed run says enough.
  template <class Run>
  double time(Run&& run, double seconds, double best = 0, double cutoff = 3) {
    using clock = std::chrono::steady_clock;
    const auto once = [&] {
      const auto start = clock::now();
      std::vector<cl::Event> events = run();
      core::check(clFinish(queue_()), "clFinish(tuner)");
      return std::chrono::duration<double>(clock::now() - start).count();
    };
    once();
    const double first = once();
    if (best > 0 && first > cutoff * best) return first;
    const int runs = std::clamp(int(seconds / 2 / std::max(first, 1e-6)), 1, 25);
    double fastest = first;
    for (int round = 0; round < 2; ++round) {
      const auto start = clock::now();
      for (int i = 0; i < runs; ++i) run();
      core::check(clFinish(queue_()), "clFinish(tuner)");
      fastest = std::min(fastest, std::chrono::duration<double>(clock::now() - start).count() / runs);
    }
    return fastest;
  }

  // Seconds per product of a kernel with K in `split` parts at most (1: whole).
  double time_kernel(const codegen::Kernel& kernel, const Shape& s, int split, int resident, double seconds,
                     double best = 0) {
    const core::Problem p = problem(s);
    return time([&] { return runtime::run<T>(queue_, target_, p, kernel, policy::Rules{}, T(1), T(0), {}, resident, split); },
                seconds, best);
  }

  // Seconds per product of Gemm<>'s built-in choice (no tuning file), and its plan.
  double time_builtin(const Shape& s, double seconds, dispatch::Plan& plan) {
    const core::Problem p = problem(s);
    plan = dispatch::plan<policy::resolve<Element<T>>>(p, device(), true, nullptr);
    return time([&] { return runtime::run<T>(queue_, target_, p, plan, T(1), T(0), {}); }, seconds);
  }

 private:
  struct Operands {
    cl::Buffer a, b, c;
    std::size_t lda, ldb;
  };
  Operands& operands(const Shape& s) {
    const auto key = std::make_tuple(s.m, s.n, s.k, s.trans_a, s.trans_b);
    if (auto it = operands_.find(key); it != operands_.end()) return it->second;
    const std::size_t rows_a = s.trans_a ? s.k : s.m, cols_a = s.trans_a ? s.m : s.k;
    const std::size_t rows_b = s.trans_b ? s.n : s.k, cols_b = s.trans_b ? s.k : s.n;
    cl::Context context(target_.context, true);
    const auto random = [&](std::size_t count) {
      std::vector<T> v(count);
      std::uniform_real_distribution<double> d(-1, 1);
      for (T& x : v) x = T(d(rng_));
      return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, count * sizeof(T), v.data());
    };
    Operands o{random(rows_a * cols_a), random(rows_b * cols_b), random(s.m * s.n), rows_a, rows_b};
    return operands_.emplace(key, std::move(o)).first->second;
  }

  cl::CommandQueue& queue_;
  runtime::QueueTarget target_;
  std::mt19937_64 rng_{2026};
  std::deque<codegen::Source> sources_;
  std::deque<std::pair<std::string, codegen::Kernel>> kernels_;
  std::map<std::tuple<std::size_t, std::size_t, std::size_t, bool, bool>, Operands> operands_;
};

}  // namespace gemmcl::tune
