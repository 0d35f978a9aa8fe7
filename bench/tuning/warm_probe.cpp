// Gemm<> beside cuBLAS SGEMM on the same shapes with operands warm in L2 (one buffer set, called again
// and again), column-major, the transposes of PROBE_TRANS (default nn,nt,tn,tt). Three timings each:
//  - one call at a time: the median of PROBE_ITERS calls (default 20) after three, gemmcl by its OpenCL
//    profiling events (first command's start to the last one's end), cuBLAS by CUDA events around it
//    (which can then include its launch on the host: the GPU is idle when the first is recorded);
//  - back to back: PROBE_B2B calls (default 100) by the host's clock, the median of five rounds, gemmcl on
//    a queue without profiling; the pace a loop of calls gets;
//  - cuBLAS back to back with a 4-byte cudaMemsetAsync between its calls, so no two of its kernels are
//    adjacent in the stream (a pace that then holds is not owed to overlapping its own kernels).
// A shape is MxNxK, or MxNxK:lda,ldb,ldc for other leading dimensions (A, B as stored). To compare a
// change to the library, build it twice (-I of each tree) and run both in turn; GEMMCL_CACHE_DIR apart.
//
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/warm_probe.cpp -o /tmp/warm_probe
//       -L/usr/local/cuda/lib64 -lcublas -lcudart -lOpenCL     (one line)
//   /tmp/warm_probe 1000x1000x1000 1016x1024x1024:1024,1024,1024 8192x64x8192
#include "nvidia_peer.hpp"

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace gemmcl;

int main(int argc, char** argv) {
  cl::Device dev = peer::nvidia_gpu();
  cl::Context ctx(dev);
  cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  cublasHandle_t h;
  CU(cublasCreate(&h));
  const int iters = std::stoi(peer::env("PROBE_ITERS", "20"));
  const int b2b_calls = std::stoi(peer::env("PROBE_B2B", "100"));
  const std::string trans = peer::env("PROBE_TRANS", "nn,nt,tn,tt");
  std::printf("%s, driver %s\n", dev.getInfo<CL_DEVICE_NAME>().c_str(), dev.getInfo<CL_DRIVER_VERSION>().c_str());
  for (int i = 1; i < argc; ++i) {
    std::size_t m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
    if (std::sscanf(argv[i], "%zux%zux%zu:%zu,%zu,%zu", &m, &n, &k, &lda, &ldb, &ldc) < 3) {
      std::fprintf(stderr, "not a shape: %s\n", argv[i]);
      return 2;
    }
    for (std::size_t at = 0; at + 2 <= trans.size(); at += 3) {
      const bool ta = trans[at] == 't', tb = trans[at + 1] == 't';
      const std::size_t a_ld = lda ? lda : ta ? k : m, b_ld = ldb ? ldb : tb ? n : k, c_ld = ldc ? ldc : m;
      std::vector<float> A(a_ld * (ta ? m : k)), B(b_ld * (tb ? k : n)), C(c_ld * n, 0.0f);
      std::mt19937 rng(1);
      std::uniform_real_distribution<float> u(-1, 1);
      for (float& x : A) x = u(rng);
      for (float& x : B) x = u(rng);
      cl::Buffer a(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, A.size() * 4, A.data());
      cl::Buffer b(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, B.size() * 4, B.data());
      cl::Buffer c(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, C.size() * 4, C.data());
      const Gemm<> gemm;
      std::vector<double> tg, tc;
      for (int r = 0; r < iters + 3; ++r) {
        const std::vector<cl::Event> ev =
            gemm.enqueue_all(q, Layout::ColMajor, ta ? Transpose::Yes : Transpose::No, tb ? Transpose::Yes : Transpose::No,
                             m, n, k, 1.0f, a, 0, a_ld, b, 0, b_ld, 0.0f, c, 0, c_ld);
        q.finish();
        if (r >= 3)
          tg.push_back(double(ev.back().getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                              ev.front().getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-3);
      }
      cl::CommandQueue q2(ctx, dev);
      double g_b2b = 0;
      {
        for (int r = 0; r < 5; ++r) gemm(q2, Layout::ColMajor, ta ? Transpose::Yes : Transpose::No, tb ? Transpose::Yes : Transpose::No,
                                          m, n, k, 1.0f, a, 0, a_ld, b, 0, b_ld, 0.0f, c, 0, c_ld);
        q2.finish();
        std::vector<double> v;
        for (int r = 0; r < 5; ++r) {
          auto t0 = std::chrono::steady_clock::now();
          for (int i = 0; i < b2b_calls; ++i) gemm(q2, Layout::ColMajor, ta ? Transpose::Yes : Transpose::No, tb ? Transpose::Yes : Transpose::No,
                                              m, n, k, 1.0f, a, 0, a_ld, b, 0, b_ld, 0.0f, c, 0, c_ld);
          q2.finish();
          v.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / b2b_calls);
        }
        g_b2b = peer::median(v);
      }
      float *da, *db, *dc;
      CU(cudaMalloc(&da, A.size() * 4));
      CU(cudaMalloc(&db, B.size() * 4));
      CU(cudaMalloc(&dc, C.size() * 4));
      CU(cudaMemcpy(da, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
      CU(cudaMemcpy(db, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
      cudaEvent_t e0, e1;
      CU(cudaEventCreate(&e0));
      CU(cudaEventCreate(&e1));
      const float one = 1, zero = 0;
      for (int r = 0; r < iters + 3; ++r) {
        CU(cudaEventRecord(e0));
        CU(cublasSgemm(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, int(m), int(n), int(k), &one,
                       da, int(a_ld), db, int(b_ld), &zero, dc, int(c_ld)));
        CU(cudaEventRecord(e1));
        CU(cudaEventSynchronize(e1));
        float ms = 0;
        CU(cudaEventElapsedTime(&ms, e0, e1));
        if (r >= 3) tc.push_back(ms * 1e3);
      }
      double c_b2b = 0;
      {
        std::vector<double> v;
        for (int r = 0; r < 5; ++r) {
          CU(cudaDeviceSynchronize());
          auto t0 = std::chrono::steady_clock::now();
          for (int i = 0; i < b2b_calls; ++i)
            CU(cublasSgemm(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, int(m), int(n), int(k), &one,
                           da, int(a_ld), db, int(b_ld), &zero, dc, int(c_ld)));
          CU(cudaDeviceSynchronize());
          v.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / b2b_calls);
        }
        c_b2b = peer::median(v);
      }
      // The same with a 4-byte memset between the calls, so that no two cuBLAS kernels are adjacent.
      double c_sep = 0;
      {
        std::vector<double> v;
        for (int r = 0; r < 5; ++r) {
          CU(cudaDeviceSynchronize());
          auto t0 = std::chrono::steady_clock::now();
          for (int i = 0; i < b2b_calls; ++i) {
            CU(cublasSgemm(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, int(m), int(n), int(k), &one,
                           da, int(a_ld), db, int(b_ld), &zero, dc, int(c_ld)));
            CU(cudaMemsetAsync(dc + c_ld * n - 1, 0, 4));
          }
          CU(cudaDeviceSynchronize());
          v.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / b2b_calls);
        }
        c_sep = peer::median(v);
      }
      CU(cudaFree(da));
      CU(cudaFree(db));
      CU(cudaFree(dc));
      const double flops = 2.0 * double(m) * double(n) * double(k), g = peer::median(tg), cb = peer::median(tc);
      std::printf("%5zux%5zux%5zu %c%c lda %5zu ldb %5zu ldc %5zu  gemmcl %8.2f us %6.2f TFLOPS  cuBLAS %8.2f us %6.2f "
                  "TFLOPS  ratio %.3f  back-to-back gemmcl %.2f cuBLAS %.2f us ratio %.3f  cuBLAS with a memset between %.2f us\n",
                  m, n, k, ta ? 't' : 'n', tb ? 't' : 'n', a_ld, b_ld, c_ld, g, flops / g * 1e-6, cb, flops / cb * 1e-6,
                  cb / g, g_b2b, c_b2b, c_b2b / g_b2b, c_sep);
      std::fflush(stdout);
    }
  }
}
