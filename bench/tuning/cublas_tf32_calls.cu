// cuBLAS TF32 (CUBLAS_COMPUTE_32F_FAST_TF32) at n^3 in the given transposes ("nn,nt,tn,tt" by default): one
// warm-up and 5 timed calls each, on zero-filled operands, as a target for Nsight Compute:
//   nvcc -O2 bench/tuning/cublas_tf32_calls.cu -o /tmp/cub -lcublas
//   ncu --clock-control none --metrics gpu__time_duration.sum /tmp/cub 4096 nn   # every kernel of each call
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  const char* tr = argc > 2 ? argv[2] : "nn,nt,tn,tt";
  cublasHandle_t h; cublasCreate(&h);
  float *a, *b, *c; size_t e = (size_t)n * n;
  cudaMalloc(&a, e * 4); cudaMalloc(&b, e * 4); cudaMalloc(&c, e * 4);
  cudaMemset(a, 0, e * 4); cudaMemset(b, 0, e * 4);
  const float one = 1, zero = 0;
  for (const char* p = tr; *p; p += (p[2] ? 3 : 2)) {
    cublasOperation_t ta = p[0] == 'n' ? CUBLAS_OP_N : CUBLAS_OP_T, tb = p[1] == 'n' ? CUBLAS_OP_N : CUBLAS_OP_T;
    cudaEvent_t s, t; cudaEventCreate(&s); cudaEventCreate(&t);
    for (int i = 0; i < 6; ++i) {
      if (i == 1) cudaEventRecord(s);
      cublasGemmEx(h, ta, tb, n, n, n, &one, a, CUDA_R_32F, n, b, CUDA_R_32F, n, &zero, c, CUDA_R_32F, n,
                   CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT);
    }
    cudaEventRecord(t); cudaEventSynchronize(t); float ms; cudaEventElapsedTime(&ms, s, t);
    std::printf("cublas tf32 %d %c%c: %.1f us/call, %.1f TFLOPS\n", n, p[0], p[1], ms * 200, 2.0 * n * n * (double)n / (ms / 5 * 1e-3) / 1e12);
    if (!p[2]) break;
  }
  cudaDeviceSynchronize();
}
