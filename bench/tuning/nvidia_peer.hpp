#pragma once
// Shared by the GPU benches that time gemmcl beside cuBLAS (tensor_bench.cpp, batch_epilogue_bench.cpp):
// CUDA error checks, environment knobs, medians, CUDA-event timing and the first NVIDIA GPU's OpenCL device.

#include <cuda_runtime.h>

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CU(x)                                                                   \
  do {                                                                          \
    if (auto s_ = (x); s_ != 0) {                                               \
      std::fprintf(stderr, "%s failed: %d (line %d)\n", #x, int(s_), __LINE__); \
      std::exit(1);                                                             \
    }                                                                           \
  } while (0)

namespace peer {

inline std::string env(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v ? v : fallback;
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Seconds per call of `calls` back-to-back calls of call() on the legacy stream, by CUDA events around
// them all.
template <class Call>
double cuda_seconds(int calls, Call call) {
  cudaEvent_t e0, e1;
  CU(cudaEventCreate(&e0));
  CU(cudaEventCreate(&e1));
  CU(cudaEventRecord(e0));
  for (int i = 0; i < calls; ++i) call();
  CU(cudaEventRecord(e1));
  CU(cudaEventSynchronize(e1));
  float ms = 0;
  CU(cudaEventElapsedTime(&ms, e0, e1));
  CU(cudaEventDestroy(e0));
  CU(cudaEventDestroy(e1));
  return double(ms) * 1e-3 / calls;
}

// The first GPU whose vendor is NVIDIA, of any platform; exits when there is none.
inline cl::Device nvidia_gpu() {
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  for (auto& p : platforms) {
    std::vector<cl::Device> ds;
    p.getDevices(CL_DEVICE_TYPE_GPU, &ds);
    for (auto& d : ds)
      if (d.getInfo<CL_DEVICE_VENDOR>().find("NVIDIA") != std::string::npos) return d;
  }
  std::fprintf(stderr, "no NVIDIA GPU\n");
  std::exit(1);
}

}  // namespace peer
