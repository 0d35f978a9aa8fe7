// The CPU peer (OpenBLAS through CBLAS) and the CPU reference used for validation.

#include <chrono>
#include <cstdint>
#include <unordered_set>

#include "common.hpp"

#if GEMMCL_BENCH_OPENBLAS
#include <cblas.h>
#endif

namespace bench {
namespace cpu {

#if GEMMCL_BENCH_OPENBLAS

namespace {
CBLAS_ORDER order(const Case& c) { return c.col() ? CblasColMajor : CblasRowMajor; }
CBLAS_TRANSPOSE trans(bool t) { return t ? CblasTrans : CblasNoTrans; }

void gemm(const Case& c, float alpha, const float* a, const float* b, float beta, float* cm) {
  cblas_sgemm(order(c), trans(c.trans_a()), trans(c.trans_b()), static_cast<int>(c.shape.m),
              static_cast<int>(c.shape.n), static_cast<int>(c.shape.k), alpha, a, static_cast<int>(c.lda()),
              b, static_cast<int>(c.ldb()), beta, cm, static_cast<int>(c.ldc()));
}
void gemm(const Case& c, double alpha, const double* a, const double* b, double beta, double* cm) {
  cblas_dgemm(order(c), trans(c.trans_a()), trans(c.trans_b()), static_cast<int>(c.shape.m),
              static_cast<int>(c.shape.n), static_cast<int>(c.shape.k), alpha, a, static_cast<int>(c.lda()),
              b, static_cast<int>(c.ldb()), beta, cm, static_cast<int>(c.ldc()));
}

// CBLAS takes int sizes.
bool fits_int(const Case& c) {
  const std::size_t limit = static_cast<std::size_t>(INT32_MAX);
  return c.shape.m <= limit && c.shape.n <= limit && c.shape.k <= limit && c.lda() <= limit &&
         c.ldb() <= limit && c.ldc() <= limit;
}
}  // namespace

bool built() { return true; }

std::string describe() {
  std::string config = openblas_get_config();
  while (!config.empty() && config.back() == ' ') config.pop_back();
  return "OpenBLAS (" + config + "; core " + openblas_get_corename() + ", " +
         std::to_string(openblas_get_num_threads()) + " threads)";
}

template <class T>
PeerResult<T> run(const Case& c, const HostData<T>& d, T alpha, T beta, const Timing& t, bool want_result,
                  double seconds_budget) {
  PeerResult<T> r;
  if (!fits_int(c)) {
    r.note = "sizes exceed CBLAS's int";
    return r;
  }
  // The same rotation as the device: separate copies, so a run does not find its inputs in cache.
  const int sets = std::max(1, t.sets);
  std::vector<HostData<T>> copies(static_cast<std::size_t>(sets), d);
  if (want_result) {
    std::vector<T> cm = d.c0;
    gemm(c, alpha, d.a.data(), d.b.data(), beta, cm.data());
    r.c = std::move(cm);
  }
  using clock = std::chrono::steady_clock;
  auto once = [&](int i) {
    HostData<T>& s = copies[static_cast<std::size_t>(i % sets)];
    const auto t0 = clock::now();
    gemm(c, alpha, s.a.data(), s.b.data(), beta, s.c0.data());
    return std::chrono::duration<double, std::milli>(clock::now() - t0).count();
  };
  int call = 0;
  double first = 0;
  for (int w = 0; w < std::max(1, t.warmup); ++w) first = once(call++);
  // A slow CPU is given fewer repetitions, never fewer than one, so that it cannot stall the run.
  int reps = t.iterations;
  if (first > 0 && seconds_budget > 0) {
    const int affordable = static_cast<int>(seconds_budget * 1000.0 / first);
    reps = std::max(1, std::min(reps, affordable));
  }
  for (int i = 0; i < reps; ++i) r.stats.ms.push_back(once(call++));
  if (reps < t.iterations) r.note = std::to_string(reps) + " of " + std::to_string(t.iterations) + " runs";
  r.ran = true;
  return r;
}

bool dgemm(const Case& c, const std::vector<double>& a, const std::vector<double>& b, double alpha,
           double beta, std::vector<double>& cm) {
  if (!fits_int(c)) return false;
  gemm(c, alpha, a.data(), b.data(), beta, cm.data());
  return true;
}

#else  // no OpenBLAS

bool built() { return false; }
std::string describe() { return "not built (OpenBLAS not found)"; }

template <class T>
PeerResult<T> run(const Case&, const HostData<T>&, T, T, const Timing&, bool, double) {
  PeerResult<T> r;
  r.note = "not built";
  return r;
}

bool dgemm(const Case&, const std::vector<double>&, const std::vector<double>&, double, double,
           std::vector<double>&) {
  return false;
}

#endif

template PeerResult<float> run<float>(const Case&, const HostData<float>&, float, float, const Timing&, bool,
                                      double);
template PeerResult<double> run<double>(const Case&, const HostData<double>&, double, double, const Timing&,
                                        bool, double);

}  // namespace cpu

// ---- The reference ----

namespace {
// Full references are computed when cheap enough: through dgemm up to ~2 G multiply-adds, through the
// plain loop up to ~64 M.
constexpr double full_dgemm_limit = 2.2e9;
constexpr double full_loop_limit = 6.8e7;
}  // namespace

template <class T>
Reference cpu_reference(const Case& c, const HostData<T>& d, double alpha, double beta, std::size_t samples,
                        std::mt19937_64& rng) {
  Reference ref;
  const Shape& s = c.shape;
  const double work = static_cast<double>(s.m) * static_cast<double>(s.n) * static_cast<double>(s.k);
  if (cpu::built() && work <= full_dgemm_limit) {
    std::vector<double> a(d.a.begin(), d.a.end()), b(d.b.begin(), d.b.end());
    std::vector<double> cm(d.c0.begin(), d.c0.end());
    if (cpu::dgemm(c, a, b, alpha, beta, cm)) {
      ref.value = std::move(cm);
      ref.kind = "cpu-dgemm";
      return ref;
    }
  }
  if (work <= full_loop_limit) {
    // Column by column, so that the inner loop runs along p for both operands' indices.
    ref.value.assign(c.c_elems(), 0.0);
    for (std::size_t j = 0; j < s.n; ++j) {
      for (std::size_t i = 0; i < s.m; ++i) {
        double acc = 0;
        for (std::size_t p = 0; p < s.k; ++p) {
          acc += static_cast<double>(d.a[c.a_index(i, p)]) * static_cast<double>(d.b[c.b_index(p, j)]);
        }
        const std::size_t at = c.c_index(i, j);
        ref.value[at] = alpha * acc + beta * static_cast<double>(d.c0[at]);
      }
    }
    ref.kind = "cpu-loop";
    return ref;
  }
  // A sample of distinct entries, each in long double.
  const std::size_t total = c.c_elems();
  const std::size_t count = std::min(samples, total);
  std::uniform_int_distribution<std::size_t> pick_i(0, s.m - 1), pick_j(0, s.n - 1);
  std::unordered_set<std::size_t> seen;
  while (ref.index.size() < count) {
    const std::size_t i = pick_i(rng), j = pick_j(rng);
    const std::size_t at = c.c_index(i, j);
    if (!seen.insert(at).second) continue;
    long double acc = 0;
    for (std::size_t p = 0; p < s.k; ++p) {
      acc += static_cast<long double>(d.a[c.a_index(i, p)]) * static_cast<long double>(d.b[c.b_index(p, j)]);
    }
    ref.index.push_back(at);
    ref.value.push_back(static_cast<double>(static_cast<long double>(alpha) * acc +
                                            static_cast<long double>(beta) * d.c0[at]));
  }
  ref.kind = "cpu-sample-" + std::to_string(count);
  return ref;
}

template Reference cpu_reference<float>(const Case&, const HostData<float>&, double, double, std::size_t,
                                        std::mt19937_64&);
template Reference cpu_reference<double>(const Case&, const HostData<double>&, double, double, std::size_t,
                                         std::mt19937_64&);

}  // namespace bench
