// What a call's parts cost the host through NVIDIA's OpenCL: an empty kernel with gemmcl's 16 arguments,
// 128 work-groups, 200 calls back to back on a queue without profiling, by the host's clock (median of
// 9 runs): the arguments set on every call or once, and an event per call or none. It is why a Gemm call
// makes an event for its last command only (runtime/enqueue.hpp, QueueTarget::last_event_only).
//
//   g++ -std=c++20 -O2 bench/tuning/event_cost.cpp -o /tmp/event_cost -lOpenCL && /tmp/event_cost
#define CL_HPP_TARGET_OPENCL_VERSION 300
#include <CL/opencl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
int main() {
  std::vector<cl::Platform> ps; cl::Platform::get(&ps);
  cl::Platform p; for (auto& x : ps) if (x.getInfo<CL_PLATFORM_NAME>().find("NVIDIA") != std::string::npos) p = x;
  std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_GPU, &ds);
  cl::Context ctx(ds[0]); cl::CommandQueue q(ctx, ds[0]);
  const char* src = "__kernel void k(int m, int n, int k, int kc, float al, float be, __global const float* a, ulong ao, int lda,"
                    " __global const float* b, ulong bo, int ldb, __global float* c, ulong co, int ldc, ulong cs) {"
                    " if (m < 0 && get_global_id(0) == 0) c[co] = al; }";
  cl::Program prog(ctx, src); prog.build();
  cl_kernel k = clCreateKernel(prog(), "k", nullptr);
  cl::Buffer a(ctx, CL_MEM_READ_WRITE, 1 << 20), b(ctx, CL_MEM_READ_WRITE, 1 << 20), c(ctx, CL_MEM_READ_WRITE, 1 << 20);
  int m = 1024, n = 1024, kk = 1024, kc = 1024, ld = 1024; float al = 1, be = 0; cl_ulong off = 0, cs = 0;
  cl_mem am = a(), bm = b(), cm = c();
  auto set = [&] {
    clSetKernelArg(k, 0, 4, &m); clSetKernelArg(k, 1, 4, &n); clSetKernelArg(k, 2, 4, &kk); clSetKernelArg(k, 3, 4, &kc);
    clSetKernelArg(k, 4, 4, &al); clSetKernelArg(k, 5, 4, &be); clSetKernelArg(k, 6, sizeof(cl_mem), &am);
    clSetKernelArg(k, 7, 8, &off); clSetKernelArg(k, 8, 4, &ld); clSetKernelArg(k, 9, sizeof(cl_mem), &bm);
    clSetKernelArg(k, 10, 8, &off); clSetKernelArg(k, 11, 4, &ld); clSetKernelArg(k, 12, sizeof(cl_mem), &cm);
    clSetKernelArg(k, 13, 8, &off); clSetKernelArg(k, 14, 4, &ld); clSetKernelArg(k, 15, 8, &cs);
  };
  set();
  const size_t g = 128 * 128, l = 128;
  auto measure = [&](bool args, bool event) {
    std::vector<double> t;
    for (int r = 0; r < 9; ++r) {
      cl_event last = nullptr;
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < 200; ++i) {
        if (args) set();
        cl_event e = nullptr;
        clEnqueueNDRangeKernel(q(), k, 1, nullptr, &g, &l, 0, nullptr, event ? &e : nullptr);
        if (e) { if (last) clReleaseEvent(last); last = e; }
      }
      q.finish();
      t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / 200);
      if (last) clReleaseEvent(last);
    }
    std::sort(t.begin(), t.end()); return t[t.size() / 2];
  };
  for (int round = 0; round < 3; ++round) {
    std::printf("round %d: args each call + event %.2f us | args each call, no event %.2f | args once + event %.2f | args once, no event %.2f\n",
                round, measure(true, true), measure(true, false), measure(false, true), measure(false, false));
  }
  // Setting the 16 arguments alone, 10000 times.
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 10000; ++i) set();
  std::printf("16 clSetKernelArg: %.3f us\n", std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / 10000);
}
