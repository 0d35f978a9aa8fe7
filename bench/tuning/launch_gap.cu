// The CUDA twin of event_gpu_cost.cpp: the same spinning kernel (132 blocks of 128 threads, T ns by
// %globaltimer), 200 times back to back on a stream, no events, host clock, median of 7 runs. Run in the
// same session as event_gpu_cost, the difference per call at equal T is what NVIDIA's OpenCL adds to a
// launch beyond CUDA's, before any kernel of gemmcl's runs (bench/results.md at 43e8a2d, "DGEMM 512^3: the
// kernel itself").
//   nvcc -O2 bench/tuning/launch_gap.cu -o /tmp/launch_gap && /tmp/launch_gap
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
__device__ unsigned long long now() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__global__ void spin(unsigned long long* out, unsigned long long ns) {
  if (threadIdx.x == 0) {
    const unsigned long long t0 = now();
    unsigned long long t = t0;
    while (t - t0 < ns) t = now();
    if (ns == 1) out[blockIdx.x] = t;
  }
  __syncthreads();
}
int main() {
  unsigned long long* out;
  cudaMalloc(&out, 4096);
  cudaStream_t s;
  cudaStreamCreate(&s);
  const int calls = 200;
  for (unsigned long long ns : {0ull, 2000ull, 5000ull, 8000ull, 10000ull}) {
    std::vector<double> t;
    for (int r = 0; r < 8; ++r) {
      cudaStreamSynchronize(s);
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < calls; ++i) spin<<<132, 128, 0, s>>>(out, ns);
      cudaStreamSynchronize(s);
      if (r > 0) t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / calls);
    }
    std::sort(t.begin(), t.end());
    std::printf("spin %5llu ns  cuda     %6.2f us/call\n", ns, t[t.size() / 2]);
  }
  return cudaGetLastError() != cudaSuccess;
}
