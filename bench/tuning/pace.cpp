// Whether cuBLAS's DGEMM 512^3 pace moves with the GPU's clock. gemmcl (OpenCL events) and cuBLAS (CUDA events),
// each timed as gemmcl_bench times them (2 warm-up calls, 30 back to back, median), either right after
// 200 ms idle ("idle") or after 100 ms of the same library's calls back to back ("busy"); the SM clock
// read through NVML after each; gemmcl's START, END and the next START back to back and one call at a
// time. Then both by the host's clock after 100 ms busy.
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/pace.cpp -o /tmp/pace
//     -L/usr/local/cuda/lib64 -lcublas -lcudart -lOpenCL -ldl && /tmp/pace
#include <gemmcl/gemm.hpp>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <thread>
#include <vector>
using namespace gemmcl;
using clk = std::chrono::steady_clock;
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
int main() {
  // NVML by hand (no header needed): init, device 0, its SM clock (NVML_CLOCK_SM = 1).
  void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
  using Init = int (*)(); using Handle = int (*)(unsigned, void**); using Clock = int (*)(void*, int, unsigned*);
  void* nd = nullptr; Clock clock_info = nullptr;
  if (lib) { reinterpret_cast<Init>(dlsym(lib, "nvmlInit_v2"))(); reinterpret_cast<Handle>(dlsym(lib, "nvmlDeviceGetHandleByIndex_v2"))(0, &nd);
             clock_info = reinterpret_cast<Clock>(dlsym(lib, "nvmlDeviceGetClockInfo")); }
  auto sm = [&] { unsigned mhz = 0; if (clock_info) clock_info(nd, 1, &mhz); return mhz; };
  std::vector<cl::Platform> plats; cl::Platform::get(&plats);
  cl::Device dev; for (auto& p : plats) { std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_GPU, &ds); if (!ds.empty()) { dev = ds[0]; break; } }
  cl::Context ctx(dev); cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE), plain(ctx, dev, 0);
  const size_t n = 512;
  std::mt19937 rng(1); std::uniform_real_distribution<double> dist(-1, 1);
  std::vector<double> h(n * n); for (auto& x : h) x = dist(rng);
  cl::Buffer A(ctx, CL_MEM_READ_WRITE, n * n * 8), B(ctx, CL_MEM_READ_WRITE, n * n * 8), C(ctx, CL_MEM_READ_WRITE, n * n * 8);
  q.enqueueWriteBuffer(A, true, 0, n * n * 8, h.data()); q.enqueueWriteBuffer(B, true, 0, n * n * 8, h.data());
  double *da, *db, *dc; cudaMalloc(&da, n * n * 8); cudaMalloc(&db, n * n * 8); cudaMalloc(&dc, n * n * 8);
  cudaMemcpy(da, h.data(), n * n * 8, cudaMemcpyHostToDevice); cudaMemcpy(db, h.data(), n * n * 8, cudaMemcpyHostToDevice);
  cudaStream_t st; cudaStreamCreate(&st); cublasHandle_t hb; cublasCreate(&hb); cublasSetStream(hb, st);
  const Gemm<Element<double>> g;
  const double one = 1, zero = 0;
  auto gem = [&] { return g(q, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0, A, 0, n, B, 0, n, 0.0, C, 0, n); };
  auto cub = [&] { cublasDgemm(hb, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, da, n, db, n, &zero, dc, n); };
  auto busy_gem = [&](double ms) { auto t0 = clk::now(); while (std::chrono::duration<double, std::milli>(clk::now() - t0).count() < ms) { for (int i = 0; i < 20; ++i) g.enqueue(plain, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0, A, 0, n, B, 0, n, 0.0, C, 0, n); plain.finish(); } };
  auto busy_cub = [&](double ms) { auto t0 = clk::now(); while (std::chrono::duration<double, std::milli>(clk::now() - t0).count() < ms) { for (int i = 0; i < 20; ++i) cub(); cudaStreamSynchronize(st); } };
  struct T3 { double span, period, gap; };
  auto time_gem3 = [&](bool wait_each) {
    for (int w = 0; w < 2; ++w) gem();
    q.finish();
    std::vector<cl::Event> e; for (int i = 0; i < 30; ++i) { e.push_back(gem()); if (wait_each) e.back().wait(); } q.finish();
    std::vector<double> v, per, gap;
    for (std::size_t i = 0; i < e.size(); ++i) {
      const double s0 = e[i].getProfilingInfo<CL_PROFILING_COMMAND_START>(), e0 = e[i].getProfilingInfo<CL_PROFILING_COMMAND_END>();
      v.push_back((e0 - s0) * 1e-3);
      if (i > 0) { per.push_back((s0 - e[i - 1].getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-3);
                   gap.push_back((s0 - e[i - 1].getProfilingInfo<CL_PROFILING_COMMAND_END>()) * 1e-3); }
    }
    return T3{median(v), median(per), median(gap)};
  };
  auto time_gem = [&] { return time_gem3(false).span; };
  auto time_cub = [&] {
    for (int w = 0; w < 2; ++w) cub();
    cudaStreamSynchronize(st);
    std::vector<cudaEvent_t> e(60); for (auto& x : e) cudaEventCreate(&x);
    for (int i = 0; i < 30; ++i) { cudaEventRecord(e[2 * i], st); cub(); cudaEventRecord(e[2 * i + 1], st); }
    cudaStreamSynchronize(st);
    std::vector<double> v; for (int i = 0; i < 30; ++i) { float ms; cudaEventElapsedTime(&ms, e[2 * i], e[2 * i + 1]); v.push_back(ms * 1e3); }
    for (auto& x : e) cudaEventDestroy(x);
    return median(v);
  };
  const double flop = 2.0 * n * n * n;
  gem(); q.finish(); cub(); cudaStreamSynchronize(st);  // build, load
  for (int round = 0; round < 4; ++round) {
    for (int busy = 0; busy < 2; ++busy) {
      if (busy) busy_gem(100); else std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const double tg = time_gem(); const unsigned cg = sm();
      if (busy) busy_cub(100); else std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const double tc = time_cub(); const unsigned cc = sm();
      std::printf("round %d %-4s events: gemmcl %6.2f us (%5.2f TFLOPS, SM %4u MHz)  cuBLAS %6.2f us (%5.2f TFLOPS, SM %4u MHz)  ratio %.3f\n",
                  round, busy ? "busy" : "idle", tg, flop / tg * 1e-6, cg, tc, flop / tc * 1e-6, cc, tc / tg);
    }
    { const T3 b = time_gem3(false), o = time_gem3(true);
      std::printf("round %d gemmcl events back to back: START..END %6.2f, START..next START %6.2f, END..next START %6.2f us; one at a time: START..END %6.2f us\n",
                  round, b.span, b.period, b.gap, o.span); }
    // Host's clock after 100 ms busy: 400 calls back to back then a wait.
    busy_gem(100);
    auto t0 = clk::now(); for (int i = 0; i < 400; ++i) g.enqueue(plain, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0, A, 0, n, B, 0, n, 0.0, C, 0, n); plain.finish();
    const double hg = std::chrono::duration<double, std::micro>(clk::now() - t0).count() / 400; const unsigned cg = sm();
    busy_cub(100);
    t0 = clk::now(); for (int i = 0; i < 400; ++i) cub(); cudaStreamSynchronize(st);
    const double hc = std::chrono::duration<double, std::micro>(clk::now() - t0).count() / 400; const unsigned cc = sm();
    std::printf("round %d busy host  : gemmcl %6.2f us (%5.2f TFLOPS, SM %4u MHz)  cuBLAS %6.2f us (%5.2f TFLOPS, SM %4u MHz)  ratio %.3f\n",
                round, hg, flop / hg * 1e-6, cg, hc, flop / hc * 1e-6, cc, hc / hg);
  }
}
