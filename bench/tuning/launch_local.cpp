// What a launch costs between OpenCL's events on the H200 as a function of static local memory and grid,
// and what one K step of plain loads and stores adds: is variant 16's fixed cost (8.2 us at K = 16
// against 5 us for an empty kernel) a local-memory or grid effect?
//   g++ -std=c++20 -O2 bench/tuning/launch_local.cpp -o /tmp/launch_local -lOpenCL && /tmp/launch_local
#define CL_HPP_TARGET_OPENCL_VERSION 300
#include <CL/opencl.hpp>
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
static std::string src_for(int kb) {
  std::string s;
  if (kb == 0) return "__kernel void k(__global double* p, __global const double* a, __global const double* b) { if (p == 0) p[get_global_id(0)] = 0; }\n";
  s = "__kernel __attribute__((reqd_work_group_size(128,1,1))) void k(__global double* p, __global const double* a, __global const double* b) {\n"
      "  __local double s[" + std::to_string(kb * 128) + "];\n"
      "  s[get_local_id(0) * " + std::to_string(kb) + "] = 1; barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  if (p == 0) p[get_global_id(0)] = s[(127 - get_local_id(0)) * " + std::to_string(kb) + "]; }\n";
  return s;
}
// One 32 x 32 tile a work-group: read 32x32 of A and of B (512 x 512, column-major), write C's tile.
static const char* onestep = R"CL(
__kernel __attribute__((reqd_work_group_size(128,1,1))) void k(__global double* c, __global const double* a, __global const double* b) {
  const int t = get_local_id(0), tm = get_group_id(0) % 16, tn = get_group_id(0) / 16;
  double acc[8];
  for (int i = 0; i < 8; ++i) { const int e = t + 128 * i, r = e % 32, col = e / 32;
    acc[i] = a[(tm * 32 + r) + 512 * col] + b[col + 512 * (tn * 32 + r)]; }
  for (int i = 0; i < 8; ++i) { const int e = t + 128 * i, r = e % 32, col = e / 32;
    c[(tm * 32 + r) + 512 * (tn * 32 + col)] = acc[i]; }
}
)CL";
int main() {
  std::vector<cl::Platform> plats; cl::Platform::get(&plats);
  cl::Device dev; for (auto& p : plats) { std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_GPU, &ds); if (!ds.empty()) { dev = ds[0]; break; } }
  cl::Context ctx(dev); cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  std::printf("device %s driver %s local %llu\n", dev.getInfo<CL_DEVICE_NAME>().c_str(), dev.getInfo<CL_DRIVER_VERSION>().c_str(),
              (unsigned long long)dev.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());
  cl::Buffer A(ctx, CL_MEM_READ_WRITE, 512 * 512 * 8), B(ctx, CL_MEM_READ_WRITE, 512 * 512 * 8), C(ctx, CL_MEM_READ_WRITE, 512 * 512 * 8);
  q.enqueueFillBuffer(A, 1.0, 0, 512 * 512 * 8); q.enqueueFillBuffer(B, 2.0, 0, 512 * 512 * 8); q.finish();
  struct K { std::string name; cl::Kernel k; };
  std::vector<K> ks;
  auto add = [&](const std::string& name, const std::string& s) {
    cl::Program p(ctx, s);
    if (p.build("") != CL_SUCCESS) { std::printf("%s: build failed %s\n", name.c_str(), p.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str()); return; }
    cl::Kernel k(p, "k"); k.setArg(0, C); k.setArg(1, A); k.setArg(2, B); ks.push_back({name, k});
  };
  for (int kb : {0, 16, 32, 48, 64, 96}) add("empty local " + std::to_string(kb) + " KB", src_for(kb));
  add("one step, plain loads", onestep);
  for (int round = 0; round < 2; ++round)
    for (auto& [name, k] : ks)
      for (int groups : {132, 256}) {
        std::vector<cl::Event> evs;
        for (int i = 0; i < 210; ++i) { cl::Event e; if (q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(groups * 128), cl::NDRange(128), nullptr, &e) != CL_SUCCESS) { std::printf("%s: enqueue failed\n", name.c_str()); break; } evs.push_back(e); }
        q.finish();
        std::vector<double> v, gap;
        for (std::size_t i = 10; i < evs.size(); ++i) {
          const double s = evs[i].getProfilingInfo<CL_PROFILING_COMMAND_START>(), e = evs[i].getProfilingInfo<CL_PROFILING_COMMAND_END>();
          v.push_back((e - s) * 1e-3);
          gap.push_back((s - evs[i - 1].getProfilingInfo<CL_PROFILING_COMMAND_END>()) * 1e-3);
        }
        std::printf("round %d %-24s groups %3d: START..END median %6.2f us, previous END..START %6.2f us\n", round, name.c_str(), groups, median(v), median(gap));
      }
}
