// The host time of a cached call: how long Gemm<>'s operator() takes to return (argument checks, the
// remembered choice, the program cache, setting arguments, clEnqueueNDRangeKernel), beside CLBlast's
// clblast::Gemm on the same queue and data, for a small product whose kernel is already built. The
// kernels run meanwhile; each figure is the median, over 2000 calls, of the time a call's enqueueing
// took, with the queue drained every 100 calls. "OpenCL alone" is the floor under both: a kernel with
// gemmcl's sixteen arguments, its arguments set and enqueued directly with an event, as a call does.
//
//   g++ -std=c++20 -O2 -Iinclude bench/tuning/host_cost.cpp -lOpenCL -lclblast -o host_cost && ./host_cost Portable
#include <gemmcl/gemm.hpp>

#include <clblast.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

template <class Call>
double median_us(cl::CommandQueue& queue, Call call) {
  std::vector<double> t;
  for (int i = 0; i < 2000; ++i) {
    const auto start = std::chrono::steady_clock::now();
    call();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
    if (i % 100 == 99) queue.finish();
  }
  queue.finish();
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
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
    const std::size_t n = 64;
    std::vector<float> host(n * n, 1.0f);
    cl::Buffer a(context, CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data());
    cl::Buffer c(context, CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data());
    const gemmcl::Gemm<> gemm;
    const auto ours = [&] {
      gemm(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No, n, n, n, 1.0f, a, 0, n,
           a, 0, n, 0.0f, c, 0, n);
    };
    cl_command_queue q = queue();
    cl_event event = nullptr;
    const auto theirs = [&] {
      clblast::Gemm(clblast::Layout::kColMajor, clblast::Transpose::kNo, clblast::Transpose::kNo, n, n, n, 1.0f,
                    a(), 0, n, a(), 0, n, 0.0f, c(), 0, n, &q, &event);
      clReleaseEvent(event);
    };
    cl::Program floor_program(context, "__kernel void k(int a0, int a1, int a2, int a3, float a4, float a5,"
                                       " __global float* a6, ulong a7, int a8, __global float* a9, ulong a10,"
                                       " int a11, __global float* a12, ulong a13, int a14, ulong a15) {"
                                       " if (get_global_id(0) == 0) a12[a13] = a4; }");
    floor_program.build();
    cl_kernel k = clCreateKernel(floor_program(), "k", nullptr);
    const auto floor = [&] {
      const int i = 64;
      const float f = 1.0f;
      const cl_ulong u = 0;
      cl_mem m = c();
      for (cl_uint x : {0u, 1u, 2u, 3u, 8u, 11u, 14u}) clSetKernelArg(k, x, sizeof i, &i);
      for (cl_uint x : {4u, 5u}) clSetKernelArg(k, x, sizeof f, &f);
      for (cl_uint x : {6u, 9u, 12u}) clSetKernelArg(k, x, sizeof m, &m);
      for (cl_uint x : {7u, 10u, 13u, 15u}) clSetKernelArg(k, x, sizeof u, &u);
      const std::size_t global[2] = {64, 4}, local[2] = {16, 4};
      clEnqueueNDRangeKernel(q, k, 2, nullptr, global, local, 0, nullptr, &event);
      clReleaseEvent(event);
    };
    ours();
    theirs();
    floor();
    queue.finish();  // all built
    for (int round = 0; round < 2; ++round)
      std::printf("%s: host time per call, median: gemmcl %.2f us, CLBlast %.2f us, OpenCL alone %.2f us\n",
                  devices[0].getInfo<CL_DEVICE_NAME>().c_str(), median_us(queue, ours), median_us(queue, theirs),
                  median_us(queue, floor));
    clReleaseKernel(k);
    return 0;
  }
  return 1;
}
