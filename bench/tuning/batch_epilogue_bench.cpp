// Batched GEMM and fused epilogues beside their peers on the first NVIDIA GPU, in one run:
//   batched   gemmcl's Gemm<>::strided_batched against cublasSgemmStridedBatched and CLBlast's
//             GemmStridedBatched (same data, column-major, the transposes asked for), and
//             Gemm<>::batched (offset arrays) on the same products;
//   epilogue  Gemm<Epilogue<ReLU, PerRow>> at n^3 against the plain Gemm<>, against Gemm<> followed by a
//             separate bias + ReLU kernel, and against cuBLAS SGEMM for scale.
// Timings: the median of 5 runs of back-to-back calls (gemmcl and CLBlast: OpenCL event profiling,
// first start to last end; cuBLAS: CUDA events). Results are compared with cuBLAS's (largest relative
// difference), and the fused epilogue with the separate kernel's.
//
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/batch_epilogue_bench.cpp
//       -o /tmp/batch_bench -L/usr/local/cuda/lib64 -lcublas -lcudart -lclblast -lOpenCL
//   /tmp/batch_bench            env BB_TRANS ("nn,tn"), BB_ITERS, BB_EPILOGUE_N (4096), BB_BATCHED=0 (epilogue only),
//                               BB_VARIANTS=1 (fixed configurations beside Gemm<>'s batched choice)

#include <clblast.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <gemmcl/gemm.hpp>

#include "nvidia_peer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace gemmcl;
using peer::env;
using peer::median;



// Seconds per call: OpenCL calls returning their last event, timed from the first call's first event.
double time_cl(cl::CommandQueue& q, const std::function<std::vector<cl::Event>()>& call, int iters) {
  for (int w = 0; w < 2; ++w) call().back().wait();
  std::vector<double> t;
  for (int r = 0; r < 5; ++r) {
    std::vector<std::vector<cl::Event>> ev;
    for (int i = 0; i < iters; ++i) ev.push_back(call());
    q.finish();
    const cl_ulong t0 = ev.front().front().getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const cl_ulong t1 = ev.back().back().getProfilingInfo<CL_PROFILING_COMMAND_END>();
    t.push_back(double(t1 - t0) * 1e-9 / iters);
  }
  return median(t);
}
double time_cuda(const std::function<void()>& call, int iters) {
  for (int w = 0; w < 2; ++w) call();
  CU(cudaDeviceSynchronize());
  std::vector<double> t;
  for (int r = 0; r < 5; ++r) t.push_back(peer::cuda_seconds(iters, call));
  return median(t);
}

double max_rel_diff(const std::vector<float>& x, const std::vector<float>& y) {
  double worst = 0, scale = 0;
  for (std::size_t i = 0; i < x.size(); ++i) scale = std::max(scale, double(std::abs(y[i])));
  for (std::size_t i = 0; i < x.size(); ++i) worst = std::max(worst, std::abs(double(x[i]) - double(y[i])));
  return worst / std::max(scale, 1e-30);
}

void batched(cl::Context& ctx, cl::CommandQueue& q, cublasHandle_t h, std::size_t n, std::size_t count,
             const std::string& trans, int iters) {
  const bool ta = trans[0] == 't', tb = trans[1] == 't';
  const std::size_t m = n, k = n, lda = n, ldb = n, ldc = n, stride = n * n;
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> a(stride * count), b(stride * count), c(stride * count, 0.0f);
  for (float& x : a) x = u(rng);
  for (float& x : b) x = u(rng);
  const std::size_t bytes = a.size() * sizeof(float);
  cl::Buffer da(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, a.data());
  cl::Buffer db(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, b.data());
  cl::Buffer dc(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, c.data());
  float *ga, *gb, *gc;
  CU(cudaMalloc(&ga, bytes));
  CU(cudaMalloc(&gb, bytes));
  CU(cudaMalloc(&gc, bytes));
  CU(cudaMemcpy(ga, a.data(), bytes, cudaMemcpyHostToDevice));
  CU(cudaMemcpy(gb, b.data(), bytes, cudaMemcpyHostToDevice));
  const Transpose opa = ta ? Transpose::Yes : Transpose::No, opb = tb ? Transpose::Yes : Transpose::No;
  const Gemm<> gemm;
  const float alpha = 1, beta = 0;
  const double t_ours = time_cl(q, [&] {
    return std::vector<cl::Event>{gemm.strided_batched(q, Layout::ColMajor, opa, opb, m, n, k, alpha, da, 0, lda, stride,
                                                       db, 0, ldb, stride, beta, dc, 0, ldc, stride, count)};
  }, iters);
  std::vector<float> c_ours(c.size()), c_cublas(c.size());
  q.enqueueReadBuffer(dc, CL_TRUE, 0, bytes, c_ours.data());
  std::vector<float> alphas(count, alpha), betas(count, beta);
  std::vector<std::size_t> offsets(count);
  for (std::size_t i = 0; i < count; ++i) offsets[i] = i * stride;
  const double t_arrays = time_cl(q, [&] {
    return std::vector<cl::Event>{gemm.batched(q, Layout::ColMajor, opa, opb, m, n, k, alphas, da, offsets, lda, db,
                                               offsets, ldb, betas, dc, offsets, ldc)};
  }, iters);
  const double t_cublas = time_cuda([&] {
    CU(cublasSgemmStridedBatched(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, int(m), int(n),
                                 int(k), &alpha, ga, int(lda), (long long)stride, gb, int(ldb), (long long)stride, &beta,
                                 gc, int(ldc), (long long)stride, int(count)));
  }, iters);
  CU(cudaMemcpy(c_cublas.data(), gc, bytes, cudaMemcpyDeviceToHost));
  cl_command_queue raw = q();
  const double t_clblast = time_cl(q, [&] {
    cl_event e = nullptr;
    const auto status = clblast::GemmStridedBatched<float>(
        clblast::Layout::kColMajor, ta ? clblast::Transpose::kYes : clblast::Transpose::kNo,
        tb ? clblast::Transpose::kYes : clblast::Transpose::kNo, m, n, k, alpha, da(), 0, lda, stride, db(), 0, ldb,
        stride, beta, dc(), 0, ldc, stride, count, &raw, &e);
    if (status != clblast::StatusCode::kSuccess) {
      std::fprintf(stderr, "CLBlast GemmStridedBatched failed: %d\n", int(status));
      std::exit(1);
    }
    return std::vector<cl::Event>{cl::Event(e)};
  }, iters);
  const double flops = 2.0 * double(m) * double(n) * double(k) * double(count);
  // BB_VARIANTS=1: fixed configurations on the same products, for the built-in choice's sake.
  if (env("BB_VARIANTS", "0") == "1") {
    const auto variant = [&](const char* name, const auto& g) {
      const double t = time_cl(q, [&] {
        return std::vector<cl::Event>{g.strided_batched(q, Layout::ColMajor, opa, opb, m, n, k, alpha, da, 0, lda,
                                                        stride, db, 0, ldb, stride, beta, dc, 0, ldc, stride, count)};
      }, iters);
      std::printf("  variant %-44s %6.1f TFLOPS  %.3f of cuBLAS\n", name, flops / t * 1e-12, t_cublas / t);
      std::fflush(stdout);
    };
    using N = vendor::Nvidia<>;
    variant("64x64x16 4x4 Prefetch (table)", Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, N>());
    variant("64x64x16 8x8 Pipeline<3>", Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>, N>());
    variant("64x64x16 4x8 Pipeline<3> RP", Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>,
                                               RegisterPrefetch<true>, N>());
    variant("64x64x32 4x4 Pipeline<2>", Gemm<Tile<64, 64, 32>, Vec<4>, WorkPerThread<4, 4>, Pipeline<2>, Padding<4>, N>());
    variant("64x64x64 4x4 one step", Gemm<Tile<64, 64, 64>, Vec<4>, WorkPerThread<4, 4>, Padding<4>>());
    variant("32x32x16 4x4 Prefetch", Gemm<Tile<32, 32, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, N>());
    variant("32x64x32 4x8 Pipeline<2>", Gemm<Tile<32, 64, 32>, Vec<4>, WorkPerThread<4, 8>, Pipeline<2>, Padding<4>, N>());
    variant("128x64x16 8x8 Pipeline<3> RP (table)", Gemm<Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>,
                                                        Padding<4>, RegisterPrefetch<true>, N>());
    variant("128x128x8 8x16 Prefetch RP (table)", Gemm<Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>,
                                                      RegisterPrefetch<true>>());
    variant("128x128x16 8x8 Pipeline<2>", Gemm<Tile<128, 128, 16>, Vec<4>, WorkPerThread<8, 8>, Pipeline<2>,
                                              Padding<4>, N>());
  }
  std::printf("batched %-2s %4zu^3 x %5zu  gemmcl %6.1f  arrays %6.1f  cuBLAS %6.1f  CLBlast %6.1f TFLOPS  "
              "gemmcl/cuBLAS %.3f  arrays/cuBLAS %.3f  CLBlast/cuBLAS %.3f  max rel diff %.1e\n",
              trans.c_str(), n, count, flops / t_ours * 1e-12, flops / t_arrays * 1e-12, flops / t_cublas * 1e-12,
              flops / t_clblast * 1e-12, t_cublas / t_ours, t_cublas / t_arrays, t_cublas / t_clblast,
              max_rel_diff(c_ours, c_cublas));
  std::fflush(stdout);
  cudaFree(ga);
  cudaFree(gb);
  cudaFree(gc);
}

// C := max(C + bias (per row), 0), one work-item per element: the separate pass a fused epilogue saves.
const char* bias_relu_source = R"CLC(
__kernel void bias_relu(__global float* c, const int ldc, const __global float* bias, const int m) {
  const int i = get_global_id(0), j = get_global_id(1);
  if (i >= m) return;
  const float x = c[(long)j * ldc + i] + bias[i];
  c[(long)j * ldc + i] = x < 0.0f ? 0.0f : x;
}
)CLC";

void epilogue(cl::Context& ctx, cl::CommandQueue& q, cublasHandle_t h, std::size_t n, const std::string& trans,
              int iters) {
  const bool ta = trans[0] == 't', tb = trans[1] == 't';
  const Transpose opa = ta ? Transpose::Yes : Transpose::No, opb = tb ? Transpose::Yes : Transpose::No;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> a(n * n), b(n * n), bias(n);
  for (float& x : a) x = u(rng);
  for (float& x : b) x = u(rng);
  for (float& x : bias) x = u(rng);
  const std::size_t bytes = a.size() * sizeof(float);
  cl::Buffer da(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, a.data());
  cl::Buffer db(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, b.data());
  cl::Buffer dc(ctx, CL_MEM_READ_WRITE, bytes), dc2(ctx, CL_MEM_READ_WRITE, bytes);
  cl::Buffer dbias(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof(float), bias.data());
  cl::Program program(ctx, bias_relu_source, true);
  cl::Kernel k_bias_relu(program, "bias_relu");
  const Gemm<> plain;
  const Gemm<Epilogue<Activation::ReLU, Bias::PerRow>> fused;
  const int ni = int(n);
  const double t_plain = time_cl(q, [&] {
    return plain.enqueue_all(q, Layout::ColMajor, opa, opb, n, n, n, 1.0f, da, 0, n, db, 0, n, 0.0f, dc, 0, n);
  }, iters);
  const double t_fused = time_cl(q, [&] {
    return fused.enqueue_all(q, Layout::ColMajor, opa, opb, n, n, n, 1.0f, da, 0, n, db, 0, n, 0.0f, dc, 0, n,
                             {&dbias, 0});
  }, iters);
  const double t_separate = time_cl(q, [&] {
    std::vector<cl::Event> ev =
        plain.enqueue_all(q, Layout::ColMajor, opa, opb, n, n, n, 1.0f, da, 0, n, db, 0, n, 0.0f, dc2, 0, n);
    k_bias_relu.setArg(0, dc2);
    k_bias_relu.setArg(1, ni);
    k_bias_relu.setArg(2, dbias);
    k_bias_relu.setArg(3, ni);
    cl::Event e;
    q.enqueueNDRangeKernel(k_bias_relu, cl::NullRange, cl::NDRange((n + 63) / 64 * 64, n), cl::NDRange(64, 1),
                           nullptr, &e);
    ev.push_back(e);
    return ev;
  }, iters);
  std::vector<float> c_fused(n * n), c_separate(n * n);
  q.enqueueReadBuffer(dc, CL_TRUE, 0, bytes, c_fused.data());
  q.enqueueReadBuffer(dc2, CL_TRUE, 0, bytes, c_separate.data());
  // BB_VARIANTS=1: other epilogues beside the plain Gemm<>, time over plain.
  if (env("BB_VARIANTS", "0") == "1") {
    const auto other = [&](const char* name, const auto& g, auto with_bias) {
      const double t = time_cl(q, [&] {
        if constexpr (decltype(with_bias)::value)
          return g.enqueue_all(q, Layout::ColMajor, opa, opb, n, n, n, 1.0f, da, 0, n, db, 0, n, 0.0f, dc, 0, n,
                               {&dbias, 0});
        else
          return g.enqueue_all(q, Layout::ColMajor, opa, opb, n, n, n, 1.0f, da, 0, n, db, 0, n, 0.0f, dc, 0, n);
      }, iters);
      std::printf("  epilogue variant %-28s time over plain %.4f\n", name, t / t_plain);
      std::fflush(stdout);
    };
    const std::true_type bias;
    const std::false_type none;
    other("ReLU, no bias", Gemm<Epilogue<Activation::ReLU>>(), none);
    other("identity, bias per row", Gemm<Epilogue<Activation::Identity, Bias::PerRow>>(), bias);
    other("ReLU, bias per column", Gemm<Epilogue<Activation::ReLU, Bias::PerColumn>>(), bias);
    other("ReLU, bias per row (again)", fused, bias);
    other("plain (again)", plain, none);
  }
  float *ga, *gb, *gc;
  CU(cudaMalloc(&ga, bytes));
  CU(cudaMalloc(&gb, bytes));
  CU(cudaMalloc(&gc, bytes));
  CU(cudaMemcpy(ga, a.data(), bytes, cudaMemcpyHostToDevice));
  CU(cudaMemcpy(gb, b.data(), bytes, cudaMemcpyHostToDevice));
  const float one = 1, zero = 0;
  const double t_cublas = time_cuda([&] {
    CU(cublasSgemm(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, ni, ni, ni, &one, ga, ni, gb, ni,
                   &zero, gc, ni));
  }, iters);
  cudaFree(ga);
  cudaFree(gb);
  cudaFree(gc);
  const double flops = 2.0 * double(n) * double(n) * double(n);
  std::printf("epilogue %-2s %zu^3  plain %6.2f  fused bias+ReLU %6.2f  plain+separate %6.2f  cuBLAS SGEMM %6.2f "
              "TFLOPS  fused/plain time %.4f  separate/plain time %.4f  plain/cuBLAS %.3f  fused vs separate max "
              "rel diff %.1e\n",
              trans.c_str(), n, flops / t_plain * 1e-12, flops / t_fused * 1e-12, flops / t_separate * 1e-12,
              flops / t_cublas * 1e-12, t_fused / t_plain, t_separate / t_plain, t_cublas / t_plain,
              max_rel_diff(c_fused, c_separate));
  std::fflush(stdout);
}

}  // namespace

int main() {
  const cl::Device device = peer::nvidia_gpu();
  cl::Context ctx(device);
  cl::CommandQueue q(ctx, device, CL_QUEUE_PROFILING_ENABLE);
  cublasHandle_t h;
  CU(cublasCreate(&h));
  int driver = 0;
  cudaDriverGetVersion(&driver);
  std::printf("device %s, OpenCL driver %s, CUDA driver API %d\n", device.getInfo<CL_DEVICE_NAME>().c_str(),
              device.getInfo<CL_DRIVER_VERSION>().c_str(), driver);
  const int iters = std::atoi(env("BB_ITERS", "20").c_str());
  std::stringstream trans_list(env("BB_TRANS", "nn,tn"));
  std::vector<std::string> trans;
  for (std::string t; std::getline(trans_list, t, ',');) trans.push_back(t);
  for (const std::string& t : trans) {
    if (env("BB_BATCHED", "1") == "0") break;
    batched(ctx, q, h, 64, 10000, t, iters);
    batched(ctx, q, h, 128, 5000, t, iters);
    batched(ctx, q, h, 256, 1000, t, iters);
  }
  const std::size_t n = std::strtoul(env("BB_EPILOGUE_N", "4096").c_str(), nullptr, 10);
  for (const std::string& t : trans) epilogue(ctx, q, h, n, t, iters);
  cublasDestroy(h);
}
