// How cuBLAS's TF32 mode (CUBLAS_COMPUTE_32F_FAST_TF32) rounds its inputs: C = A * B with one operand
// all x and the other all ones, so C / K - 1 is what the tensor cores saw of x - 1, printed in units of
// 2^-12 (a TF32 unit at 1 is 4 of them). x - 1 = 3 units: nearest gives 4, truncation 0. Ties: 2 units
// (to even: 0, away: 4), 6 (to even and away: 8, towards zero: 4), 10 (to even: 8, away: 12).
//   nvcc -O2 bench/tuning/cublas_tf32_rounding.cu -o /tmp/tf32_rounding -lcublas && /tmp/tf32_rounding
// On an H200 (cuBLAS 13.1, 2026-11-27): 3 -> 4, 2 -> 0, 6 -> 8, 5 -> 4, 10 -> 8, whichever operand: both
// operands are rounded to nearest, ties to even.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <cmath>
static void run(cublasHandle_t h, int n, bool a_odd, float x, cublasOperation_t ta, cublasOperation_t tb) {
  std::vector<float> ha((size_t)n * n, a_odd ? x : 1.0f), hb((size_t)n * n, a_odd ? 1.0f : x), hc((size_t)n * n);
  float *a, *b, *c; cudaMalloc(&a, ha.size() * 4); cudaMalloc(&b, hb.size() * 4); cudaMalloc(&c, hc.size() * 4);
  cudaMemcpy(a, ha.data(), ha.size() * 4, cudaMemcpyHostToDevice); cudaMemcpy(b, hb.data(), hb.size() * 4, cudaMemcpyHostToDevice);
  const float one = 1, zero = 0;
  cublasStatus_t s = cublasGemmEx(h, ta, tb, n, n, n, &one, a, CUDA_R_32F, n, b, CUDA_R_32F, n, &zero, c, CUDA_R_32F, n,
                                  CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT);
  cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost);
  const double seen = hc[0] / n;
  std::printf("n %5d %s%s  odd operand %s  x-1 = %.3g * 2^-12: C/K - 1 = %.4g * 2^-12  (status %d)\n", n,
              ta == CUBLAS_OP_N ? "N" : "T", tb == CUBLAS_OP_N ? "N" : "T", a_odd ? "A" : "B", (x - 1) * 4096,
              (seen - 1) * 4096, (int)s);
  cudaFree(a); cudaFree(b); cudaFree(c);
}
int main() {
  cublasHandle_t h; cublasCreate(&h);
  const float xs[] = {1.0f + 3.0f / 4096, 1.0f + 2.0f / 4096, 1.0f + 6.0f / 4096, 1.0f + 5.0f / 4096, 1.0f + 10.0f / 4096};
  for (int n : {256, 1024, 4096, 4097})
    for (float x : xs)
      for (bool a_odd : {true, false})
        for (auto ta : {CUBLAS_OP_N, CUBLAS_OP_T})
          run(h, n, a_odd, x, ta, CUBLAS_OP_N);
}
