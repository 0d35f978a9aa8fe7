// The FMA ceiling of an OpenCL CPU device, as its OpenCL compiler reaches it: each work-item keeps
// independent chains of multiply-adds in registers (no memory traffic), so the kernel runs at the rate
// the device's vector units retire FMAs through that runtime. A GEMM on the same device cannot beat it;
// bench/results/cpu.md uses it to bound what any library can reach there.
//
//   g++ -std=c++20 -O2 bench/tuning/cpu_peak.cpp -lOpenCL -o cpu_peak && ./cpu_peak [platform-name]
#define CL_HPP_TARGET_OPENCL_VERSION 300
#include <CL/opencl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace {

// CHAINS independent accumulators per work-item, STEPS multiply-adds each; the compiler vectorizes
// across work-items (one lane each), so a sub-group of 16 keeps CHAINS vector registers busy.
const char* source = R"(
__kernel void peak(__global REAL* out, const REAL x, const REAL y, const int steps) {
  REAL acc[CHAINS];
  for (int c = 0; c < CHAINS; ++c) acc[c] = (REAL)get_global_id(0) + c;
  for (int s = 0; s < steps; ++s) {
#pragma unroll
    for (int c = 0; c < CHAINS; ++c) acc[c] = mad(acc[c], x, y);
  }
  REAL sum = 0;
  for (int c = 0; c < CHAINS; ++c) sum += acc[c];
  out[get_global_id(0)] = sum;
}
)";

double run(cl::Context& ctx, cl::CommandQueue& q, cl::Device& d, bool dbl, int chains) {
  cl::Program p(ctx, source);
  const std::string options = std::string("-DREAL=") + (dbl ? "double" : "float") + " -DCHAINS=" + std::to_string(chains);
  p.build({d}, options.c_str());
  cl::Kernel k(p, "peak");
  const std::size_t items = 2 * 16 * 1024, steps = 4096;
  cl::Buffer out(ctx, CL_MEM_WRITE_ONLY, items * 8);
  k.setArg(0, out);
  if (dbl) {
    k.setArg(1, 0.999999);
    k.setArg(2, 1e-7);
  } else {
    k.setArg(1, 0.999999f);
    k.setArg(2, 1e-7f);
  }
  k.setArg(3, int(steps));
  std::vector<double> times;
  for (int r = 0; r < 6; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), cl::NullRange);
    q.finish();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(times.begin() + 1, times.end());
  return 2.0 * double(items) * double(steps) * chains / times[1] / 1e9;  // best of the timed runs
}

}  // namespace

int main(int argc, char** argv) {
  const std::string want = argc > 1 ? argv[1] : "Intel";
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  for (auto& platform : platforms) {
    if (platform.getInfo<CL_PLATFORM_NAME>().find(want) == std::string::npos) continue;
    std::vector<cl::Device> devices;
    platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    cl::Context ctx(devices[0]);
    cl::CommandQueue q(ctx, devices[0]);
    std::printf("%s, %s, %u compute units\n", platform.getInfo<CL_PLATFORM_NAME>().c_str(),
                devices[0].getInfo<CL_DEVICE_NAME>().c_str(), devices[0].getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
    for (bool dbl : {false, true})
      for (int chains : {8, 16, 24, 32})
        std::printf("%-6s %2d chains per work-item: %7.1f GFLOPS\n", dbl ? "double" : "float", chains,
                    run(ctx, q, devices[0], dbl, chains));
    return 0;
  }
  std::fprintf(stderr, "no platform named like %s\n", want.c_str());
  return 1;
}
