// Ceilings of the FP64 tensor cores (DMMA) through OpenCL on an NVIDIA GPU of compute capability 9.0:
// how fast mma.sync f64 runs when its fragments come from registers only (m16n8k8, the shape gemmcl's
// DMMA kernel uses; m16n8k16; A100's m8n8k4), and m16n8k8 with its fragments read from local memory as
// the kernel reads them (16 8-byte reads per eight MMAs of a 32 x 32 warp tile). No global memory is
// touched, so each figure bounds a GEMM built on that instruction and that local traffic.
//   g++ -std=c++20 -O2 bench/tuning/dmma_ceiling.cpp -o /tmp/dmma_ceiling -lOpenCL && /tmp/dmma_ceiling
// Environment: PLAT=name (platform substring, default NVIDIA), GROUPS=n (work-groups of 256; default
// 132 * 2 * 8), ITERS=n (loop rounds, default 4096).
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static const char* src = R"CL(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// Eight independent accumulator tiles per warp (a 32 x 32 warp tile of m16n8 fragments).
#define MMA_K8(d, a, b) asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};" \
  : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]))
#define MMA_K16(d, a, b) asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};" \
  : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]))
#define MMA_K4(d, a, b) asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};" \
  : "+d"(d[0]), "+d"(d[1]) : "d"(a[0]), "d"(b[0]))
#define INIT(NA, NB) \
  const int l = get_local_id(0); double acc[8][4], a[2][NA], b[4][NB]; \
  for (int i = 0; i < 8; ++i) for (int e = 0; e < 4; ++e) acc[i][e] = 0; \
  for (int i = 0; i < 2; ++i) for (int e = 0; e < NA; ++e) a[i][e] = 1.0 + (l + e + i) * 1e-6; \
  for (int j = 0; j < 4; ++j) for (int e = 0; e < NB; ++e) b[j][e] = 1.0 - (l + e + j) * 1e-6;
#define DONE \
  double s = 0; for (int i = 0; i < 8; ++i) for (int e = 0; e < 4; ++e) s += acc[i][e]; out[get_global_id(0)] = s;

__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void k8(__global double* out, int iters) {
  INIT(4, 2)
  for (int it = 0; it < iters; ++it)
    for (int i = 0; i < 2; ++i) for (int j = 0; j < 4; ++j) MMA_K8(acc[4 * i + j], a[i], b[j]);
  DONE
}
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void k16(__global double* out, int iters) {
  INIT(8, 4)
  for (int it = 0; it < iters; it += 2)
    for (int i = 0; i < 2; ++i) for (int j = 0; j < 4; ++j) MMA_K16(acc[4 * i + j], a[i], b[j]);
  DONE
}
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void k4(__global double* out, int iters) {
  INIT(1, 1)
  // m8n8k4: 8 x 8 x 4, a quarter of m16n8k8's work; four per m16n8k8 (two tiles, two k halves).
  for (int it = 0; it < iters; ++it)
    for (int i = 0; i < 8; ++i) { MMA_K4(acc[i], a[i & 1], b[i & 3]); MMA_K4((acc[i] + 2), a[i & 1], b[i & 3]);
                                  MMA_K4(acc[i], a[1 - (i & 1)], b[3 - (i & 3)]); MMA_K4((acc[i] + 2), a[1 - (i & 1)], b[3 - (i & 3)]); }
  DONE
}
// m16n8k8 with fragments from local memory: a 128 x 8 A tile and a 64 x 8 B tile, the warp at (w % 4,
// w / 4) reading its 2 x 4 fragments every k step (8-byte reads, the rows spread over distinct banks).
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void k8_local(__global double* out, int iters) {
  __local double sa[128 * 8], sb[64 * 8];
  INIT(4, 2)
  for (int i = l; i < 128 * 8; i += 256) sa[i] = 1.0 + i * 1e-6;
  for (int i = l; i < 64 * 8; i += 256) sb[i] = 1.0 - i * 1e-6;
  barrier(CLK_LOCAL_MEM_FENCE);
  const int lane = l & 31, w = l >> 5, g = lane >> 2, t = lane & 3;
  for (int it = 0; it < iters; ++it) {
    const int x = it & 1;  // keeps the reads in the loop
    for (int i = 0; i < 2; ++i) for (int e = 0; e < 4; ++e)
      a[i][e] = sa[(((w & 3) * 32 + i * 16 + g + 8 * (e & 1)) * 8 + ((t + 4 * (e >> 1)) ^ x)) ^ (g & 3) * 2];
    for (int j = 0; j < 4; ++j) for (int e = 0; e < 2; ++e)
      b[j][e] = sb[(((w >> 2) * 32 + j * 8 + g) * 8 + ((t + 4 * e) ^ x)) ^ (g & 3) * 2];
    for (int i = 0; i < 2; ++i) for (int j = 0; j < 4; ++j) MMA_K8(acc[4 * i + j], a[i], b[j]);
  }
  DONE
}
)CL";

int main() {
  const char* plat_env = std::getenv("PLAT");
  const std::string want = plat_env ? plat_env : "NVIDIA";
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  cl::Device dev;
  for (auto& p : platforms)
    if (p.getInfo<CL_PLATFORM_NAME>().find(want) != std::string::npos) {
      std::vector<cl::Device> ds;
      p.getDevices(CL_DEVICE_TYPE_ALL, &ds);
      dev = ds.at(0);
    }
  std::printf("device %s\n", dev.getInfo<CL_DEVICE_NAME>().c_str());
  cl::Context ctx(dev);
  cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  cl::Program prog(ctx, src);
  try {
    prog.build({dev}, "-cl-std=CL1.2");
  } catch (...) {
    std::printf("%s\n", prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str());
    return 1;
  }
  const int groups = std::getenv("GROUPS") ? std::atoi(std::getenv("GROUPS")) : 132 * 2 * 8;
  const int iters = std::getenv("ITERS") ? std::atoi(std::getenv("ITERS")) : 4096;
  cl::Buffer out(ctx, CL_MEM_READ_WRITE, sizeof(double) * 256 * groups);
  // flops per work-group per round: eight m16n8k8 tiles of a warp, eight warps.
  const double flops = 2.0 * 16 * 8 * 8 * 8 * 8 * double(groups) * iters;
  for (const char* name : {"k8", "k16", "k4", "k8_local"}) {
    cl::Kernel k(prog, name);
    k.setArg(0, out);
    k.setArg(1, iters);
    double best = 1e30;
    for (int rep = 0; rep < 5; ++rep) {
      cl::Event ev;
      q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(256 * groups), cl::NDRange(256), nullptr, &ev);
      ev.wait();
      const double s = (ev.getProfilingInfo<CL_PROFILING_COMMAND_END>() - ev.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
      best = std::min(best, s);
    }
    std::printf("%-10s %7.2f TFLOPS\n", name, flops / best * 1e-12);
  }
}
