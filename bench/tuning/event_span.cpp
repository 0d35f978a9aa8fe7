// What a command's START-to-END span on NVIDIA's OpenCL includes when the host sets the pace (why
// gemmcl_bench times calls behind a gate). The same kernels (a) between START and END on a profiling
// queue, enqueued back to back; (b) the same 50 calls held behind a user event until all are enqueued;
// (c) the host's time per enqueue with an event; (d) by the host's clock, back to back, no events.
// Kernels: empty; read4mb (256 groups read a warm 4 MB buffer); bigcode (long straight-line code, no
// memory); bigcode_small (the same work in a loop, little code); then Gemm<double> 512^3 warm and on
// 64 rotated sets. WITH_CUDA=1 first makes a CUDA context and a cuBLAS call, as gemmcl_bench's process has.
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/event_span.cpp -o /tmp/event_span
//     -L/usr/local/cuda/lib64 -lcublas -lcudart -lOpenCL && /tmp/event_span
#include <gemmcl/gemm.hpp>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdlib>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>
using namespace gemmcl;
using clk = std::chrono::steady_clock;
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
static std::string kernels() {
  std::string s = R"CL(
__kernel void empty(__global double* p, __global const double* a) { if (p == 0) p[get_global_id(0)] = 0; }
__kernel void read4mb(__global double* p, __global const double* a) {
  const __global double* x = a + get_group_id(0) * 2048;
  double s = 0; for (int i = get_local_id(0); i < 2048; i += 128) s += x[i];
  if (s == 12345.0) p[get_global_id(0)] = s; }
__kernel void bigcode_small(__global double* p, __global const double* a) {
  double x = get_global_id(0), y = 1.0;
  for (int i = 0; i < 3000; ++i) { x = fma(x, 1.0000001, y); y = fma(y, 0.9999999, x); }
  if (x == 12345.0) p[get_global_id(0)] = x + y; }
__kernel void bigcode(__global double* p, __global const double* a) {
  double x = get_global_id(0), y = 1.0;
)CL";
  for (int i = 0; i < 3000; ++i)
    s += "  x = fma(x, " + std::to_string(1.0 + i * 1e-9) + ", y); y = fma(y, " + std::to_string(1.0 - i * 1e-9) + ", x);\n";
  s += "  if (x == 12345.0) p[get_global_id(0)] = x + y; }\n";
  return s;
}
int main() {
  // WITH_CUDA=1: a CUDA context and a cuBLAS handle in the process first (as in gemmcl_bench), one call made.
  if (std::getenv("WITH_CUDA")) {
    cublasHandle_t hb; cublasCreate(&hb); double* d; cudaMalloc(&d, 512 * 512 * 8 * 3); const double one = 1, zero = 0;
    cublasDgemm(hb, CUBLAS_OP_N, CUBLAS_OP_N, 512, 512, 512, &one, d, 512, d + 512 * 512, 512, &zero, d + 2 * 512 * 512, 512);
    cudaDeviceSynchronize(); std::printf("CUDA context and cuBLAS handle made\n");
  }
  std::vector<cl::Platform> plats; cl::Platform::get(&plats);
  cl::Device dev; for (auto& p : plats) { std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_GPU, &ds); if (!ds.empty()) { dev = ds[0]; break; } }
  if (!dev()) { std::vector<cl::Device> ds; plats[0].getDevices(CL_DEVICE_TYPE_ALL, &ds); dev = ds[0]; }
  cl::Context ctx(dev); cl::CommandQueue prof(ctx, dev, CL_QUEUE_PROFILING_ENABLE), plain(ctx, dev, 0);
  std::printf("device %s driver %s\n", dev.getInfo<CL_DEVICE_NAME>().c_str(), dev.getInfo<CL_DRIVER_VERSION>().c_str());
  const std::size_t n = 512, sets = 64;
  std::vector<double> h(n * n, 0.5);
  cl::Buffer P(ctx, CL_MEM_READ_WRITE, 1 << 20);
  std::vector<cl::Buffer> A, B, C;
  for (std::size_t s = 0; s < sets; ++s) {
    A.emplace_back(ctx, CL_MEM_READ_WRITE, n * n * 8); B.emplace_back(ctx, CL_MEM_READ_WRITE, n * n * 8); C.emplace_back(ctx, CL_MEM_READ_WRITE, n * n * 8);
    prof.enqueueWriteBuffer(A.back(), true, 0, n * n * 8, h.data()); prof.enqueueWriteBuffer(B.back(), true, 0, n * n * 8, h.data());
  }
  cl::Buffer big(ctx, CL_MEM_READ_WRITE, 4 << 20); std::vector<double> hb(1 << 19, 0.25); prof.enqueueWriteBuffer(big, true, 0, 4 << 20, hb.data());
  cl::Program prog(ctx, kernels());
  if (prog.build("") != CL_SUCCESS) { std::printf("%s\n", prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str()); return 1; }
  // (a), (b), (c) for one call form: call(queue, with_event) returns the event (or an empty one).
  // (a) START..END back to back as the bench does; (b) the same 50 calls enqueued behind a user event
  // (the GPU then sees them all at once, not at the host's pace); (c) the host's time per enqueue with
  // an event; (d) by the host's clock, back to back, no events.
  auto measure = [&](const char* name, auto call) {
    for (int round = 0; round < 2; ++round) {
      for (int w = 0; w < 3; ++w) call(prof, true);
      prof.finish();
      const auto t_enq = clk::now();
      std::vector<cl::Event> ev; for (int i = 0; i < 50; ++i) ev.push_back(call(prof, true));
      const double enq = std::chrono::duration<double, std::micro>(clk::now() - t_enq).count() / 50;
      prof.finish();
      auto spans = [](std::vector<cl::Event>& ev, double& period) {
        std::vector<double> span, per;
        for (std::size_t i = 0; i < ev.size(); ++i) {
          const double s0 = ev[i].getProfilingInfo<CL_PROFILING_COMMAND_START>();
          span.push_back((ev[i].getProfilingInfo<CL_PROFILING_COMMAND_END>() - s0) * 1e-3);
          if (i) per.push_back((s0 - ev[i - 1].getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-3);
        }
        period = median(per); return median(span);
      };
      double per_a = 0, per_b = 0;
      const double a = spans(ev, per_a);
      cl::UserEvent gate(ctx);
      std::vector<cl::Event> wait{gate};
      cl::Event first; prof.enqueueMarkerWithWaitList(&wait, &first);
      std::vector<cl::Event> gated; for (int i = 0; i < 50; ++i) gated.push_back(call(prof, true));
      gate.setStatus(CL_COMPLETE); prof.finish();
      const double b = spans(gated, per_b);
      for (int w = 0; w < 20; ++w) call(plain, false);
      plain.finish();
      auto t0 = clk::now(); for (int i = 0; i < 300; ++i) call(plain, false); plain.finish();
      const double host_plain = std::chrono::duration<double, std::micro>(clk::now() - t0).count() / 300;
      std::printf("%-26s round %d: events START..END %6.2f (period %6.2f) | behind a gate %6.2f (period %6.2f) | enqueue with event %6.2f | host, no events %6.2f us\n",
                  name, round, a, per_a, b, per_b, enq, host_plain);
    }
  };
  for (const char* name : {"empty", "read4mb", "bigcode_small", "bigcode"}) {
    cl::Kernel k(prog, name); k.setArg(0, P); k.setArg(1, big);
    measure(name, [&](cl::CommandQueue& q, bool with_event) {
      cl::Event e; q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(256 * 128), cl::NDRange(128), nullptr, with_event ? &e : nullptr); return e; });
  }
  const Gemm<Element<double>> g;
  for (std::size_t nsets : {std::size_t(1), sets}) {
    std::size_t next = 0;
    measure(nsets == 1 ? "Gemm<double> 512^3 warm" : "Gemm<double> 512^3 64 sets", [&](cl::CommandQueue& q, bool with_event) {
      const std::size_t s = next++ % nsets;
      if (with_event) return g(q, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0, A[s], 0, n, B[s], 0, n, 0.0, C[s], 0, n);
      g.enqueue(q, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0, A[s], 0, n, B[s], 0, n, 0.0, C[s], 0, n);
      return cl::Event(); });
  }
}
