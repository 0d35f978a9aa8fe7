#pragma once
// The first-use self-check. A kernel of a vendor path (inline PTX, sub-groups, a target of the user's)
// depends on a driver doing what its extensions promise, so the first time such a kernel runs on a
// device and driver, one small product with edges in every direction is computed and compared with a
// reference on the host. A kernel that fails is never used there again: its calls run the portable
// generic kernel of the same element type, and the failure is reported once (to stderr, or to the
// handler given to gemmcl::set_self_check_report). Verdicts are kept for the process and in the disk
// cache (<cache>/checks), so a later process does not check again. GEMMCL_SELF_CHECK=0 or
// gemmcl::set_self_check(false) turns the check off. Element types other than float and double are
// not checked (the check writes its inputs as host values).

#include <cmath>
#include <functional>
#include <mutex>
#include <optional>
#include <string_view>
#include <string>
#include <utility>
#include <vector>

#include "disk_cache.hpp"
#include "launch.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl {
namespace runtime::self_check {

struct State {
  std::mutex mutex;
  bool read_environment = false, enabled = true;
  std::function<void(const std::string&)> report;
  // Verdicts by kernel and device: a kernel's text is fixed for the process, so its address names it.
  struct Verdict {
    const codegen::Kernel* kernel;
    cl_device_id device;
    bool passed;
  };
  std::vector<Verdict> verdicts;
};

inline State& state() {
  static State* const s = new State;
  return *s;
}

inline bool enabled() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.read_environment) {
    s.read_environment = true;
    if (const char* on = std::getenv("GEMMCL_SELF_CHECK"); on != nullptr && std::string_view(on) == "0")
      s.enabled = false;
  }
  return s.enabled;
}

// How the check splits K: as the call's program does, so that it is the same program and a first call
// builds one, not two. 1: the call does not split; 2: it splits and adds the parts in the kernel; more
// parts than the kernel adds by default: it splits and adds them in a second pass. Batched calls
// never split; with a last-wave split (dispatch/split.hpp), the split columns are the ones mirrored.
template <class Unused = void>
int parts_like(const QueueTarget& target, const core::Problem& call, const codegen::Kernel& kernel,
               const policy::Rules& rules, int resident, int split_k) {
  if (call.batch.batched()) return 1;
  const policy::Config& c = kernel.config;
  const dispatch::SplitPlan plan =
      dispatch::plan_split(dispatch::tiles_of(call, c), call.m, call.n, call.k, c.tile_k, split_k,
                           core::device_info(target.device), std::size_t(c.element.bytes), resident);
  if (plan.splits <= 1) return 1;
  return dispatch::reduce_in_kernel(plan, rules.reduction, kernel.target->device_fence)
             ? 2
             : dispatch::kInKernelMaxParts + 1;
}

// The product: m x n x k with edges past every tile, small integers so that float and double compute it
// exactly, C poisoned first with beta = 0. It takes the caller's transposes and epilogue, K split as the
// call splits it (parts, above, the last part one element deep; 1 keeps K whole, as the tuner asks),
// and, as far as the check's layout can, the alignment of the caller's A and B, so that it usually
// builds the very program the call needs. True when every element matches the host's.
template <class T>
bool product_is_right(cl::CommandQueue& queue, const QueueTarget& target, const codegen::Kernel& kernel,
                      const policy::Rules& rules, const core::Problem& call, int parts = 1) {
  const policy::Config& c = kernel.config;
  const std::size_t m = std::size_t(c.tile_m) + 3, n = std::size_t(c.tile_n) + 5;
  const std::size_t k = parts > 1 ? std::size_t(parts - 1) * std::size_t(c.tile_k) + 1 : 2 * std::size_t(c.tile_k) + 1;
  const bool aligned = c.vec > 1 && core::vector_aligned(call.a, c.vec) && core::vector_aligned(call.b, c.vec);
  const std::size_t pad = 16;  // a multiple of every vector width
  // As stored: A is rows_a x cols_a with leading dimension lda (op(A) = A or A^T), likewise B.
  const std::size_t rows_a = call.trans_a ? k : m, cols_a = call.trans_a ? m : k;
  const std::size_t rows_b = call.trans_b ? n : k, cols_b = call.trans_b ? k : n;
  const std::size_t lda = aligned ? (rows_a + pad - 1) / pad * pad : rows_a + 1;
  const std::size_t ldb = aligned ? (rows_b + pad - 1) / pad * pad : rows_b;
  const std::size_t a_off = aligned ? 0 : 1, b_off = 0;
  std::vector<T> a(a_off + lda * cols_a), b(b_off + ldb * cols_b), out(m * n, T(-12345));
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = T(int(i * 7 % 5) - 2);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = T(int(i * 3 % 7) - 3);
  cl::Context context(target.context, true);
  cl::Buffer da(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a.size() * sizeof(T), a.data());
  cl::Buffer db(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b.size() * sizeof(T), b.data());
  cl::Buffer dc(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, out.size() * sizeof(T), out.data());
  core::Problem p{m, n, k, call.trans_a, call.trans_b, {&da, a_off, lda}, {&db, b_off, ldb}, {&dc, 0, m}};
  // The call's epilogue (its activation and bias direction are build options) on values of the check's.
  const core::Epilogue& e = call.epilogue;
  std::vector<T> bias(e.bias == 1 ? m : e.bias == 2 ? n : 0);
  for (std::size_t i = 0; i < bias.size(); ++i) bias[i] = T(int(i * 5 % 9) - 4);
  cl::Buffer dbias;
  if (!bias.empty())
    dbias = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bias.size() * sizeof(T), bias.data());
  p.epilogue = {e.activation, e.bias, bias.empty() ? nullptr : &dbias, 0, -3.0, 5.0};
  const auto finish = [&](double x, std::size_t i, std::size_t j) {
    x += e.bias == 1 ? double(bias[i]) : e.bias == 2 ? double(bias[j]) : 0.0;
    if (e.activation == 1) return x < 0 ? 0.0 : x;
    if (e.activation == 2) return 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
    if (e.activation == 3) return x < -3 ? -3.0 : x > 5 ? 5.0 : x;
    return x;
  };
  // Integers throughout, exact in float, but for GELU's tanh, which the device rounds in its own way.
  const double tolerance = e.activation == 2 ? 1e-4 : 1e-6;
  const std::vector<cl::Event> events = run<T>(queue, target, p, kernel, rules, T(1), T(0), {}, 1, parts);
  core::check(clWaitForEvents(1, &events.back()()), "clWaitForEvents(self-check)");
  core::check(clEnqueueReadBuffer(queue(), dc(), CL_TRUE, 0, out.size() * sizeof(T), out.data(), 0, nullptr, nullptr),
              "clEnqueueReadBuffer(self-check)");
  const auto at_a = [&](std::size_t i, std::size_t l) { return a[a_off + (call.trans_a ? l + i * lda : i + l * lda)]; };
  const auto at_b = [&](std::size_t l, std::size_t j) { return b[b_off + (call.trans_b ? j + l * ldb : l + j * ldb)]; };
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < m; ++i) {
      double sum = 0;
      for (std::size_t l = 0; l < k; ++l) sum += double(at_a(i, l)) * double(at_b(l, j));
      const double want = finish(sum, i, j);
      if (!(std::abs(double(out[i + j * m]) - want) <= tolerance * (1 + std::abs(want)))) return false;
    }
  return true;
}

// Whether the kernel computes right on this queue's device: checked on first use, then remembered.
// parts() gives product_is_right's parts; it is asked only when the kernel is checked.
template <class T, class Parts>
bool passes(cl::CommandQueue& queue, const QueueTarget& target, const codegen::Kernel& kernel,
            const policy::Rules& rules, const core::Problem& call, Parts parts) {
  const std::string_view name = kernel.config.element.name;
  if (name != "float" && name != "double") return true;
  State& s = state();
  {
    // Every call of a vendor kernel asks: a search by two pointers, nothing allocated.
    std::lock_guard<std::mutex> lock(s.mutex);
    for (const State::Verdict& v : s.verdicts)
      if (v.kernel == &kernel && v.device == target.device) return v.passed;
  }
  const core::DeviceInfo& device = core::device_info(target.device);
  const codegen::Source& source = kernel.text();
  const std::string key = "self-check\ndevice " + device.name + " | " + device.vendor + " | driver " +
                          device.driver_version + "\nsource " + std::to_string(source.hash) + " " +
                          std::to_string(source.text.size());
  const std::string directory = disk::programs_directory();
  // <cache>/checks, beside <cache>/programs.
  const std::string checks =
      directory.empty() ? std::string() : directory.substr(0, directory.rfind('/')) + "/checks";
  bool passed = true;
  if (const auto kept = checks.empty() ? std::nullopt : disk::load(checks, key); kept && kept->size() == 1) {
    passed = (*kept)[0] == 1;
  } else {
    passed = product_is_right<T>(queue, target, kernel, rules, call, parts());
    if (!checks.empty()) disk::store(checks, key, {static_cast<unsigned char>(passed ? 1 : 0)});
  }
  std::lock_guard<std::mutex> lock(s.mutex);
  for (const State::Verdict& v : s.verdicts)
    if (v.kernel == &kernel && v.device == target.device) return v.passed;  // another thread was first
  s.verdicts.push_back({&kernel, target.device, passed});
  if (!passed) {
    const std::string message = "gemmcl: the kernel (" + std::string(source.describe) +
                                ") computed a wrong result on " + device.name + " (driver " +
                                device.driver_version + ") in its first-use check; its calls run the generic "
                                "kernel there instead";
    if (s.report)
      s.report(message);
    else
      std::fprintf(stderr, "%s\n", message.c_str());
  }
  return passed;
}

}  // namespace runtime::self_check

namespace runtime {

// Runs a plan, its kernel first checked where it is vendor-specific (see above).
template <class T>
std::vector<cl::Event> run_checked(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                                   const dispatch::Plan& plan, T alpha, T beta, const Events& wait) {
  // Kernels of a tuning file are checked too: the tuner verified them, but the file may be edited.
  const bool vendor = plan.kernel->target != &target::info_of<vendor::Generic> || plan.kernel->tuned;
  const auto parts = [&] {
    return plan.last_parts > 1
               ? self_check::parts_like(target, columns(p, plan.main_cols, p.n - plan.main_cols), *plan.kernel,
                                        plan.rules, plan.resident, plan.last_parts)
               : self_check::parts_like(target, p, *plan.kernel, plan.rules, plan.resident, plan.split_k);
  };
  if (vendor && plan.fallback != nullptr && self_check::enabled() &&
      !self_check::passes<T>(queue, with_events(target), *plan.kernel, plan.rules, p, parts)) {
    dispatch::Plan generic = plan;
    generic.kernel = plan.fallback;
    generic.resident = 1;
    generic.last_parts = 1;
    return run<T>(queue, target, p, generic, alpha, beta, wait);
  }
  return run<T>(queue, target, p, plan, alpha, beta, wait);
}

}  // namespace runtime

// Receives the report of a kernel that failed its first-use check (default: a line on stderr).
inline void set_self_check_report(std::function<void(const std::string&)> report) {
  auto& s = runtime::self_check::state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.report = std::move(report);
}

// Turns the first-use check of vendor-specific kernels on or off (GEMMCL_SELF_CHECK=0 turns it off).
inline void set_self_check(bool enabled) {
  (void)runtime::self_check::enabled();  // the environment is read first, so this call wins
  auto& s = runtime::self_check::state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.enabled = enabled;
}

}  // namespace gemmcl
GEMMCL_COLD_END
