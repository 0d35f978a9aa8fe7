// Whether an event per call costs NVIDIA's OpenCL GPU time, not only host time: a kernel of 132
// work-groups that spins for T ns (by %globaltimer, so its own time is known), 200 times back to back on
// a queue without profiling, with an event per call and without; host clock, median of 7 runs. When
// the GPU binds (T of several us), the difference per call is what the event costs the device. It is
// why Gemm has enqueue, the call without an event (docs/api.md).
//   g++ -std=c++20 -O2 -DCL_HPP_TARGET_OPENCL_VERSION=300 bench/tuning/event_gpu_cost.cpp -o /tmp/event_gpu_cost
//       -lOpenCL && /tmp/event_gpu_cost
#include <CL/opencl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
int main() {
  std::vector<cl::Platform> ps; cl::Platform::get(&ps);
  cl::Device dev;
  for (auto& p : ps) { std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_GPU, &ds); if (!ds.empty()) dev = ds[0]; }
  cl::Context ctx(dev);
  cl::CommandQueue q(ctx, dev, 0);
  cl::Program prog(ctx, R"(
ulong now(void) { ulong t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t; }
__kernel void spin(__global ulong* out, ulong ns) {
  if (get_local_id(0) == 0) { const ulong t0 = now(); ulong t = t0; while (t - t0 < ns) t = now(); if (ns == 1) out[get_group_id(0)] = t; }
  barrier(CLK_LOCAL_MEM_FENCE);
})");
  if (prog.build("") != CL_SUCCESS) { std::printf("%s\n", prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str()); return 1; }
  cl::Kernel k(prog, "spin");
  cl::Buffer out(ctx, CL_MEM_READ_WRITE, 4096);
  k.setArg(0, out);
  const int calls = 200;
  for (cl_ulong ns : {0ul, 2000ul, 5000ul, 8000ul, 10000ul}) {
    k.setArg(1, ns);
    for (int with_event = 0; with_event < 2; ++with_event) {
      std::vector<double> t;
      for (int r = 0; r < 8; ++r) {
        q.finish();
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < calls; ++i) {
          if (with_event) { cl::Event e; q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(132 * 128), cl::NDRange(128), nullptr, &e); }
          else q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(132 * 128), cl::NDRange(128));
        }
        q.finish();
        if (r > 0) t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / calls);
      }
      std::printf("spin %5lu ns  %s  %6.2f us/call\n", (unsigned long)ns, with_event ? "event   " : "no event", median(t));
    }
  }
}
