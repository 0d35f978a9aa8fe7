// The host time of a cached call, and where it goes: how long Gemm<>'s operator() takes to return
// (argument checks, the remembered choice, the program cache, setting arguments, the enqueue) for a small
// float product and for half -> float products (on NVIDIA GPUs of compute capability 8.0 and up, the
// tensor-core path), beside CLBlast's clblast::Gemm (built with -DWITH_CLBLAST) and beside OpenCL alone:
// a kernel with gemmcl's sixteen arguments, set and enqueued with an event, enqueued without setting
// them, without an event, and the arguments alone. Each figure is the median, over 2000 calls, of the
// time a call's enqueueing took, with the queue drained every 100 calls. Under the shim of clshim.py
// (LD_PRELOAD=libclshim.so SHIM_ON=1) it also prints each OpenCL entry point's calls and time per call.
//
//   g++ -std=c++20 -O2 -Iinclude bench/tuning/host_cost.cpp -lOpenCL -ldl -o /tmp/host_cost && /tmp/host_cost Portable
//   (add -DWITH_CLBLAST -lclblast for CLBlast's row)
#include <gemmcl/gemm.hpp>
#ifdef WITH_CLBLAST
#include <clblast.h>
#endif
#include <dlfcn.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using reset_t = void (*)();
using dump_t = void (*)(const char*, long);
static reset_t shim_reset = (reset_t)dlsym(RTLD_DEFAULT, "shim_reset");
static dump_t shim_dump = (dump_t)dlsym(RTLD_DEFAULT, "shim_dump");

template <class Call>
void measure(const char* tag, cl::CommandQueue& queue, Call call) {
  for (int i = 0; i < 50; ++i) call();
  queue.finish();
  std::vector<double> t;
  const int n = 2000;
  if (shim_reset) shim_reset();
  for (int i = 0; i < n; ++i) {
    const auto start = std::chrono::steady_clock::now();
    call();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
    if (i % 100 == 99) queue.finish();
  }
  queue.finish();
  if (shim_dump) shim_dump(tag, n);
  std::sort(t.begin(), t.end());
  std::printf("%-40s median %7.2f us  p10 %7.2f  p90 %7.2f\n", tag, t[n / 2], t[n / 10], t[9 * n / 10]);
  std::fflush(stdout);
}

int main(int argc, char** argv) {
  const std::string want = argc > 1 ? argv[1] : "";
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  for (auto& platform : platforms) {
    if (platform.getInfo<CL_PLATFORM_NAME>().find(want) == std::string::npos) continue;
    std::vector<cl::Device> devices;
    platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    cl::Context context(devices[0]);
    cl::CommandQueue queue(context, devices[0]);
    std::printf("device: %s\n", devices[0].getInfo<CL_DEVICE_NAME>().c_str());
    const std::size_t n = 64, big = 1024;
    std::vector<float> host(big * big, 0.5f);
    cl::Buffer a(context, CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data());
    cl::Buffer c(context, CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data());
    const gemmcl::Gemm<> gemm;
    measure("gemmcl float 64^3", queue, [&] {
      gemm(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No, n, n, n, 1.0f, a, 0, n, a,
           0, n, 0.0f, c, 0, n);
    });
#ifdef WITH_CLBLAST
    cl_command_queue raw_queue = queue();
    measure("CLBlast float 64^3", queue, [&] {
      cl_event done = nullptr;
      clblast::Gemm(clblast::Layout::kColMajor, clblast::Transpose::kNo, clblast::Transpose::kNo, n, n, n, 1.0f,
                    a(), 0, n, a(), 0, n, 0.0f, c(), 0, n, &raw_queue, &done);
      clReleaseEvent(done);
    });
#endif
    const gemmcl::Gemm<gemmcl::Element<gemmcl::half, float>> hgemm;
    measure("gemmcl half->float 1024^3", queue, [&] {
      hgemm(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No, big, big, big, 1.0f, a, 0,
            big, a, 0, big, 0.0f, c, 0, big);
    });
    // A deep product: K split, so two commands a call (the parts, then their sum).
    const std::size_t deep = 65536, wide = 128;
    cl::Buffer da(context, CL_MEM_READ_WRITE, wide * deep * 2), db(context, CL_MEM_READ_WRITE, wide * deep * 2);
    queue.enqueueFillBuffer(da, cl_ushort(0x3c00), 0, wide * deep * 2);
    queue.enqueueFillBuffer(db, cl_ushort(0x3c00), 0, wide * deep * 2);
    measure("gemmcl half->float 128x128x65536", queue, [&] {
      hgemm(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No, wide, wide, deep, 1.0f,
            da, 0, wide, db, 0, deep, 0.0f, c, 0, wide);
    });
    measure("gemmcl half->float 64^3", queue, [&] {
      hgemm(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No, n, n, n, 1.0f, a, 0, n, a,
            0, n, 0.0f, c, 0, n);
    });
    cl::Program floor_program(context, "__kernel void k(int a0, int a1, int a2, int a3, float a4, float a5,"
                                       " __global float* a6, ulong a7, int a8, __global float* a9, ulong a10,"
                                       " int a11, __global float* a12, ulong a13, int a14, ulong a15) {"
                                       " if (get_global_id(0) == 0) a12[a13] = a4; }");
    floor_program.build();
    cl_kernel k = clCreateKernel(floor_program(), "k", nullptr);
    cl_command_queue q = queue();
    cl_event event = nullptr;
    const auto set_args = [&] {
      const int i = 64;
      const float f = 1.0f;
      const cl_ulong u = 0;
      cl_mem m = c();
      for (cl_uint x : {0u, 1u, 2u, 3u, 8u, 11u, 14u}) clSetKernelArg(k, x, sizeof i, &i);
      for (cl_uint x : {4u, 5u}) clSetKernelArg(k, x, sizeof f, &f);
      for (cl_uint x : {6u, 9u, 12u}) clSetKernelArg(k, x, sizeof m, &m);
      for (cl_uint x : {7u, 10u, 13u, 15u}) clSetKernelArg(k, x, sizeof u, &u);
    };
    const std::size_t global[2] = {64, 4}, local[2] = {16, 4};
    measure("OpenCL: 16 args + enqueue + event", queue, [&] {
      set_args();
      clEnqueueNDRangeKernel(q, k, 2, nullptr, global, local, 0, nullptr, &event);
      clReleaseEvent(event);
    });
    set_args();
    measure("OpenCL: enqueue + event", queue, [&] {
      clEnqueueNDRangeKernel(q, k, 2, nullptr, global, local, 0, nullptr, &event);
      clReleaseEvent(event);
    });
    measure("OpenCL: enqueue, no event", queue,
            [&] { clEnqueueNDRangeKernel(q, k, 2, nullptr, global, local, 0, nullptr, nullptr); });
    measure("OpenCL: 16 args only", queue, set_args);
    clReleaseKernel(k);
    return 0;
  }
  return 1;
}
