// Tuning harness for the CPU device (PoCL): gemmcl configurations beside OpenBLAS on the same cores and
// data, in one process. Like perf.cpp (the GPU one) deliberately terse: it is for trying configurations,
// gemmcl_bench for the published figures. Build and run from the repository root:
//   g++ -std=c++20 -O2 -I include $(pkg-config --cflags openblas) -include bench/tuning/configs.example.hpp
//     bench/tuning/cpu_perf.cpp -o /tmp/cpu_perf $(pkg-config --libs openblas) -lOpenCL
//   CPU_TRS="nn tn" /tmp/cpu_perf 1024 2048x64x2048
// The included header (configs.example.hpp, or a copy with your own list) defines CPU_CONFIGS as a list of
// make<Gemm<...>>("name"), all of one element type, CPU_VALUE (float unless defined). Each result is
// checked against OpenBLAS's, norm-wise.
#include <gemmcl/gemm.hpp>
#include <cblas.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>
#ifndef CPU_CONFIGS
#error define CPU_CONFIGS
#endif
#ifndef CPU_VALUE
#define CPU_VALUE float
#endif
using namespace gemmcl;

template <class T>
struct Entry {
  std::string name;
  std::function<std::vector<cl::Event>(cl::CommandQueue&, Transpose, Transpose, size_t, size_t, size_t,
                                       const cl::Buffer&, const cl::Buffer&, cl::Buffer&)> run;
};
template <class G>
Entry<typename G::value_type> make(const char* name) {
  using T = typename G::value_type;
  return {name, [](cl::CommandQueue& q, Transpose ta, Transpose tb, size_t m, size_t n, size_t k,
                   const cl::Buffer& a, const cl::Buffer& b, cl::Buffer& c) {
            G g;
            return g.enqueue_all(q, Layout::ColMajor, ta, tb, m, n, k, T(1), a, 0, ta == Transpose::No ? m : k,
                                 b, 0, tb == Transpose::No ? k : n, T(0), c, 0, m);
          }};
}
static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
static void blas(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, const float* a, int lda,
                 const float* b, int ldb, float* c) {
  cblas_sgemm(CblasColMajor, ta, tb, m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, m);
}
static void blas(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, const double* a, int lda,
                 const double* b, int ldb, double* c) {
  cblas_dgemm(CblasColMajor, ta, tb, m, n, k, 1.0, a, lda, b, ldb, 0.0, c, m);
}

template <class T>
void bench(cl::Context& ctx, cl::CommandQueue& q, const std::vector<Entry<T>>& configs,
           const std::vector<std::vector<size_t>>& shapes, const std::string& trans) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<T> dist(-1, 1);
  for (const auto& s : shapes) {
    const size_t m = s[0], n = s[1], k = s[2];
    const bool ta = trans[0] == 't', tb = trans[1] == 't';
    const size_t lda = ta ? k : m, ldb = tb ? n : k;
    std::vector<T> ha(m * k), hb(k * n), ref(m * n), hc(m * n);
    for (auto& x : ha) x = dist(rng);
    for (auto& x : hb) x = dist(rng);
    cl::Buffer A(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, ha.size() * sizeof(T), ha.data());
    cl::Buffer B(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, hb.size() * sizeof(T), hb.data());
    cl::Buffer C(ctx, CL_MEM_READ_WRITE, m * n * sizeof(T));
    const double flop = 2.0 * m * n * k;
    const int iters = std::max(5, std::min(40, int(4e10 / flop)));
    const int rounds = std::getenv("CPU_ROUNDS") ? std::atoi(std::getenv("CPU_ROUNDS")) : 3;
    const Transpose xa = ta ? Transpose::Yes : Transpose::No, xb = tb ? Transpose::Yes : Transpose::No;
    const auto cb = [&] {
      blas(ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, int(m), int(n), int(k), ha.data(),
           int(lda), hb.data(), int(ldb), ref.data());
    };
    // Time per call of each round: [0] OpenBLAS, [1 + i] configuration i (0 where it failed).
    std::vector<std::vector<double>> times(configs.size() + 1);
    std::vector<double> errors(configs.size(), -1), first_call(configs.size(), 0);
    std::vector<std::string> failures(configs.size());
    cb();
    for (size_t i = 0; i < configs.size(); ++i) {
      try {
        q.enqueueFillBuffer(C, T(NAN), 0, m * n * sizeof(T));
        q.finish();
        const auto t0 = std::chrono::steady_clock::now();
        configs[i].run(q, xa, xb, m, n, k, A, B, C).back().wait();
        first_call[i] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        q.enqueueReadBuffer(C, true, 0, m * n * sizeof(T), hc.data());
        double e = 0, r = 0;
        for (size_t j = 0; j < hc.size(); ++j) {
          const double d = double(hc[j]) - double(ref[j]);
          e += d * d;
          r += double(ref[j]) * double(ref[j]);
        }
        errors[i] = std::sqrt(e / r);
      } catch (const std::exception& ex) {
        failures[i] = ex.what();
      }
    }
    std::vector<double> v;
    for (int round = 0; round < rounds; ++round) {
      v.clear();
      for (int it = 0; it < iters; ++it) {
        const auto t0 = std::chrono::steady_clock::now();
        cb();
        v.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      }
      times[0].push_back(median(v));
      for (size_t i = 0; i < configs.size(); ++i) {
        if (!failures[i].empty()) continue;
        v.clear();
        configs[i].run(q, xa, xb, m, n, k, A, B, C).back().wait();
        for (int it = 0; it < iters; ++it) {
          const auto ev = configs[i].run(q, xa, xb, m, n, k, A, B, C);
          ev.back().wait();
          v.push_back((ev.back().template getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                       ev.front().template getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9);
        }
        times[1 + i].push_back(median(v));
      }
    }
    // GFLOPS of the median round, and the range over rounds; ratios to OpenBLAS round by round.
    const auto gflops = [&](double t) { return flop / t * 1e-9; };
    const auto summary = [&](const std::vector<double>& t) {
      std::vector<double> g;
      for (double x : t) g.push_back(gflops(x));
      std::sort(g.begin(), g.end());
      char text[64];
      std::snprintf(text, sizeof text, "%6.1f (%5.1f-%5.1f)", g[g.size() / 2], g.front(), g.back());
      return std::string(text);
    };
    std::printf("\n%zux%zux%zu %s  OpenBLAS %s GFLOPS, %d rounds of %d calls\n", m, n, k, trans.c_str(),
                summary(times[0]).c_str(), rounds, iters);
    for (size_t i = 0; i < configs.size(); ++i) {
      if (!failures[i].empty()) {
        std::printf("  %-24s error: %s\n", configs[i].name.c_str(), failures[i].c_str());
        continue;
      }
      std::vector<double> ratio;
      for (int r = 0; r < rounds; ++r) ratio.push_back(times[0][r] / times[1 + i][r]);
      std::printf("  %-24s %s GFLOPS  %.2fx OpenBLAS  err %.1e  (first call %.1f s, %zu commands)\n",
                  configs[i].name.c_str(), summary(times[1 + i]).c_str(), median(ratio), errors[i],
                  first_call[i], configs[i].run(q, xa, xb, m, n, k, A, B, C).size());
    }
    q.finish();
  }
}

int main(int argc, char** argv) {
  std::vector<std::vector<size_t>> shapes;
  for (int i = 1; i < argc; ++i) {
    size_t m = 0, n = 0, k = 0;
    if (std::sscanf(argv[i], "%zux%zux%zu", &m, &n, &k) != 3) m = n = k = std::strtoull(argv[i], nullptr, 10);
    shapes.push_back({m, n, k});
  }
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  cl::Device device;
  for (auto& p : platforms) {
    std::vector<cl::Device> ds;
    p.getDevices(CL_DEVICE_TYPE_CPU, &ds);
    if (!ds.empty()) { device = ds[0]; break; }
  }
  std::printf("device: %s\n", device.getInfo<CL_DEVICE_NAME>().c_str());
  cl::Context ctx(device);
  cl::CommandQueue q(ctx, device, CL_QUEUE_PROFILING_ENABLE);
  using Value = CPU_VALUE;
  const std::vector<Entry<Value>> configs = {CPU_CONFIGS};
  const char* trs = std::getenv("CPU_TRS");
  std::string list = trs ? trs : "nn";
  for (size_t at = 0; at + 1 < list.size() + 1; at += 3) bench<Value>(ctx, q, configs, shapes, list.substr(at, 2));
}
