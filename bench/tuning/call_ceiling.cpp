// The fastest a call through NVIDIA's OpenCL can go, beside cuBLAS's small tensor-core products: why
// 1024^3 cannot reach 0.7x of cuBLAS through an API whose every call returns an event.
//
// Calls back to back, as tensor_bench times them (first START to last END over N calls, divided by N):
//   - an empty kernel with gemmcl's sixteen arguments, one work-group per multiprocessor, enqueued with
//     an event per call (what Gemm's operator() must return), and without (a marker event before and
//     after the run);
//   - gemmcl's Gemm<Element<half, float>> at 1024^3 (the tensor-core path: one command a call);
//   - cuBLAS's cublasGemmEx at 1024^3, fp16 -> fp32 (CUDA events around the run).
// The ceiling of any OpenCL route is cuBLAS's time over the empty kernel's: when that is below 0.7, no
// kernel, however fast, lifts a call that returns an event to 0.7x cuBLAS on that machine.
//
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/call_ceiling.cpp -o /tmp/call_ceiling
//     -L/usr/local/cuda/lib64 -lcublas -lcudart -lOpenCL && /tmp/call_ceiling
#include <gemmcl/gemm.hpp>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace gemmcl;

namespace {

constexpr int calls = 200, rounds = 7;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Microseconds per call over `calls` calls back to back, the median of `rounds` runs; `run` enqueues
// one call and returns the event that ends it (and, for the first call, the one that starts it).
template <class Run>
double per_call(cl::CommandQueue& q, Run run) {
  for (int i = 0; i < 20; ++i) run();
  q.finish();
  std::vector<double> t;
  for (int r = 0; r < rounds; ++r) {
    cl::Event first, last;
    for (int i = 0; i < calls; ++i) {
      auto [start, end] = run();
      if (i == 0) first = start;
      last = end;
    }
    q.finish();
    t.push_back(double(last.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                       first.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-3 / calls);
  }
  return median(t);
}

// Microseconds per call by the host's clock: `calls` calls back to back and a wait for the last, the
// median of `rounds` runs. No profiling: a queue without it, as most callers use.
template <class Run, class Wait>
double wall_per_call(Run run, Wait wait) {
  for (int i = 0; i < 20; ++i) run();
  wait();
  std::vector<double> t;
  for (int r = 0; r < rounds; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) run();
    wait();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / calls);
  }
  return median(t);
}

}  // namespace

int main() {
  const std::size_t n = 1024;
  // cuBLAS, the same product on the CUDA side.
  void *da, *db, *dc;
  cudaMalloc(&da, n * n * 2);
  cudaMalloc(&db, n * n * 2);
  cudaMalloc(&dc, n * n * 4);
  cudaMemset(da, 0, n * n * 2);
  cudaMemset(db, 0, n * n * 2);
  cudaStream_t st;
  cudaStreamCreate(&st);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, st);
  const float one = 1, zero = 0;
  const auto gemm = [&] {
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(n), int(n), &one, da, CUDA_R_16F, int(n), db, CUDA_R_16F,
                 int(n), &zero, dc, CUDA_R_32F, int(n), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  };
  // The same by the host's clock before OpenCL is touched, on that stream and on the legacy default
  // stream (tensor_bench's).
  cublasHandle_t h0;
  cublasCreate(&h0);
  const auto gemm0 = [&] {
    cublasGemmEx(h0, CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(n), int(n), &one, da, CUDA_R_16F, int(n), db, CUDA_R_16F,
                 int(n), &zero, dc, CUDA_R_32F, int(n), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  };
  const double wall_cublas_alone = wall_per_call(gemm, [&] { cudaStreamSynchronize(st); });
  const double wall_cublas_legacy = wall_per_call(gemm0, [&] { cudaDeviceSynchronize(); });
  // And as tensor_bench times it: CUDA events around 20 calls on the legacy stream.
  std::vector<double> legacy;
  {
    cudaEvent_t l0, l1;
    cudaEventCreate(&l0);
    cudaEventCreate(&l1);
    for (int r = 0; r < rounds; ++r) {
      cudaEventRecord(l0);
      for (int i = 0; i < 20; ++i) gemm0();
      cudaEventRecord(l1);
      cudaEventSynchronize(l1);
      float ms = 0;
      cudaEventElapsedTime(&ms, l0, l1);
      legacy.push_back(ms * 1e3 / 20);
    }
  }
  const double events_cublas_legacy = median(legacy);

  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  cl::Device dev;
  for (auto& p : platforms) {
    std::vector<cl::Device> ds;
    p.getDevices(CL_DEVICE_TYPE_GPU, &ds);
    if (!ds.empty() && ds[0].getInfo<CL_DEVICE_VENDOR>().find("NVIDIA") != std::string::npos) dev = ds[0];
  }
  if (dev() == nullptr) return std::puts("no NVIDIA OpenCL GPU"), 1;
  cl::Context ctx(dev);
  cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  const std::size_t units = dev.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  std::printf("device %s, driver %s, %zu compute units\n", dev.getInfo<CL_DEVICE_NAME>().c_str(),
              dev.getInfo<CL_DRIVER_VERSION>().c_str(), units);

  cl::Program prog(ctx,
                   "__kernel void empty(int a0, int a1, int a2, int a3, float a4, float a5, __global float* a6,"
                   " ulong a7, int a8, __global float* a9, ulong a10, int a11, __global float* a12, ulong a13,"
                   " int a14, ulong a15) { if (a12 == 0) a12[a13] = a4; }");
  prog.build();
  cl::Kernel k(prog, "empty");
  cl::Buffer a(ctx, CL_MEM_READ_WRITE, n * n * 2), b(ctx, CL_MEM_READ_WRITE, n * n * 2), c(ctx, CL_MEM_READ_WRITE, n * n * 4);
  q.enqueueFillBuffer(a, cl_ushort(0x3c00), 0, n * n * 2);
  q.enqueueFillBuffer(b, cl_ushort(0x3c00), 0, n * n * 2);
  for (cl_uint x : {0u, 1u, 2u, 3u, 8u, 11u, 14u}) k.setArg(x, 64);
  for (cl_uint x : {4u, 5u}) k.setArg(x, 1.0f);
  for (cl_uint x : {6u, 9u, 12u}) k.setArg(x, c);
  for (cl_uint x : {7u, 10u, 13u, 15u}) k.setArg(x, cl_ulong(0));
  const cl::NDRange global(units * 256), local(256);

  const double with_event = per_call(q, [&] {
    cl::Event e;
    q.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, &e);
    return std::pair{e, e};
  });
  // Without an event per call: markers around the run stand for its first START and last END.
  std::vector<double> t;
  for (int r = 0; r < rounds; ++r) {
    cl::Event before, after;
    q.enqueueMarkerWithWaitList(nullptr, &before);
    for (int i = 0; i < calls; ++i) q.enqueueNDRangeKernel(k, cl::NullRange, global, local);
    q.enqueueMarkerWithWaitList(nullptr, &after);
    q.finish();
    t.push_back(double(after.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                       before.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-3 / calls);
  }
  const double without_event = median(t);

  const Gemm<Element<gemmcl::half, float>> hgemm;
  const double gemmcl_1024 = per_call(q, [&] {
    auto ev = hgemm.enqueue_all(q, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0f, a, 0, n, b, 0, n,
                                0.0f, c, 0, n);
    return std::pair{ev.front(), ev.back()};
  });

  for (int i = 0; i < 20; ++i) gemm();
  cudaStreamSynchronize(st);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  t.clear();
  for (int r = 0; r < rounds; ++r) {
    cudaEventRecord(e0, st);
    for (int i = 0; i < calls; ++i) gemm();
    cudaEventRecord(e1, st);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    t.push_back(ms * 1e3 / calls);
  }
  const double cublas_1024 = median(t);
  // tensor_bench's runs are 20 calls long: the same with 20.
  t.clear();
  for (int r = 0; r < rounds; ++r) {
    cudaEventRecord(e0, st);
    for (int i = 0; i < 20; ++i) gemm();
    cudaEventRecord(e1, st);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    t.push_back(ms * 1e3 / 20);
  }
  const double cublas_1024_20 = median(t);

  // The same by the host's clock, OpenCL on a queue without profiling.
  cl::CommandQueue plain(ctx, dev);
  const double wall_empty = wall_per_call([&] {
    cl::Event e;
    plain.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, &e);
  }, [&] { plain.finish(); });
  const double wall_gemmcl = wall_per_call([&] {
    hgemm(plain, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0f, a, 0, n, b, 0, n, 0.0f, c, 0, n);
  }, [&] { plain.finish(); });
  const double wall_cublas = wall_per_call(gemm, [&] { cudaStreamSynchronize(st); });

  std::printf("per call, back to back (medians of %d runs of %d calls):\n", rounds, calls);
  std::printf("  OpenCL empty kernel, 16 arguments, an event each  %6.2f us\n", with_event);
  std::printf("  OpenCL empty kernel, 16 arguments, no events      %6.2f us\n", without_event);
  std::printf("  gemmcl half->float 1024^3 (tensor cores)          %6.2f us\n", gemmcl_1024);
  std::printf("  cuBLAS half->float 1024^3                         %6.2f us (runs of 20 calls: %.2f us)\n", cublas_1024,
              cublas_1024_20);
  std::printf("by the host's clock (OpenCL queue without profiling):\n");
  std::printf("  OpenCL empty kernel, an event each                %6.2f us\n", wall_empty);
  std::printf("  gemmcl half->float 1024^3                         %6.2f us\n", wall_gemmcl);
  std::printf("  cuBLAS half->float 1024^3                         %6.2f us\n", wall_cublas);
  std::printf("  cuBLAS before any OpenCL call: %.2f us (its own stream), %.2f us (legacy stream)\n",
              wall_cublas_alone, wall_cublas_legacy);
  std::printf("  cuBLAS before any OpenCL call, CUDA events around 20 calls on the legacy stream: %.2f us\n",
              events_cublas_legacy);
  std::printf("  gemmcl / cuBLAS %.3f, ceiling %.3f\n", wall_cublas / wall_gemmcl, wall_cublas / wall_empty);
  std::printf("ceiling at 1024^3, a call returning an event: %.3f x cuBLAS (without events: %.3f); gemmcl %.3f\n",
              cublas_1024 / with_event, cublas_1024 / without_event, cublas_1024 / gemmcl_1024);
  return 0;
}
