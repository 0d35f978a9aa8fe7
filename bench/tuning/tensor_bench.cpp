// gemmcl's tensor-core modes beside cuBLAS's cublasGemmEx (same types, transposes and data; compute type
// CUBLAS_COMPUTE_32F, or CUBLAS_COMPUTE_32F_FAST_TF32 for tf32), on the first NVIDIA GPU: fp16 -> fp32,
// bf16 -> fp32, fp16 -> fp16, bf16 -> bf16, tf32 (float, Math<MathMode::TF32>) and fp64 (cuBLAS's
// compute type CUBLAS_COMPUTE_64F), column- or
// row-major, any transposes. Each timing is the median of 5 runs of back-to-back calls, by the host's
// clock: the calls, then a wait for the last (gemmcl on a queue without profiling, as callers use it:
// NVIDIA's OpenCL spends about 6 us more on each enqueue into a profiling queue; cuBLAS on the legacy
// stream). "no event" is gemmcl through Gemm::enqueue, the same calls without an event (back to back,
// an event costs NVIDIA's OpenCL about 2 us of GPU time a call), and its ratio. "device clock" is the ratio from the device's timestamps instead (gemmcl: OpenCL event
// profiling, first start to last end; cuBLAS: CUDA events around the run), as this bench measured
// before. "kernels alone" adds up gemmcl's commands' own durations, leaving out the gaps where the
// device waited for the host's enqueues. Accuracy: on 512 sampled elements of
// C, the error of each library against an FP64 reference of the 16-bit inputs (random in [-1, 1]),
// reported as the ratio gemmcl / cuBLAS. Also says which path gemmcl took (tensor cores or not).
// Before a shape is timed, every program its cases need is built at once, one thread per case (the
// builds, not the products, took most of a run on a fresh machine); TB_PREBUILD=0 leaves that out.
//
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/tensor_bench.cpp -o /tmp/tensor_bench
//       -L/usr/local/cuda/lib64 -lcublas -lcudart -lOpenCL
//   /tmp/tensor_bench [shapes: 4096 or MxNxK ...]     env TB_MODES (e.g. "fp16-fp32,bf16-fp32"), TB_TRANS
//                                                      ("nn,nt,tn,tt"), TB_LAYOUTS ("col,row"), TB_ITERS,
//                                                      TB_COMMANDS=1 (each command's mean duration)

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <gemmcl/gemm.hpp>

#include "nvidia_peer.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace gemmcl;
using peer::env;
using peer::median;


std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string x; std::getline(ss, x, ',');) out.push_back(x);
  return out;
}

struct Shape {
  std::size_t m, n, k;
};

template <class T>
double to_double(T x) {
  if constexpr (sizeof(T) == 2)
    return double(float(x));
  else
    return double(x);
}

// One mode: the Gemm type G, A and B of type T, C of type CT; cuBLAS's types and compute type for them.
template <class G, class T = typename G::value_type, class CT = typename G::c_type>
void run_mode(const char* name, cudaDataType_t ab_type, cudaDataType_t c_type, cublasComputeType_t compute,
              cl::Context& ctx, cl::CommandQueue& q, cl::CommandQueue& plain, cublasHandle_t h, const Shape& s,
              const std::string& layout, const std::string& trans, int iters) {
  const bool row = layout == "row", ta = trans[0] == 't', tb = trans[1] == 't';
  const std::size_t m = s.m, n = s.n, k = s.k;
  // Column-major storage of the problem cuBLAS sees: row-major C = A B is column-major C^T = B^T A^T.
  const std::size_t rows_a = ta ? k : m, cols_a = ta ? m : k, rows_b = tb ? n : k, cols_b = tb ? k : n;
  const std::size_t lda = row ? cols_a : rows_a, ldb = row ? cols_b : rows_b, ldc = row ? n : m;
  // splitmix64 into [-1, 1): full-precision doubles for fp64, rounded otherwise; fast enough that
  // drawing 8192^3's operands takes well under a second.
  std::uint64_t state = 42;
  const auto u = [&] {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return double((z ^ (z >> 31)) >> 11) * 0x1.0p-52 - 1.0;
  };
  std::vector<T> a(m * k), b(k * n);
  const auto draw = [&] {
    if constexpr (sizeof(T) == 2)
      return T(float(u()));
    else
      return T(u());
  };
  for (T& x : a) x = draw();
  for (T& x : b) x = draw();
  std::vector<CT> c0(m * n, CT(0.0f));
  cl::Buffer da(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a.size() * sizeof(T), a.data());
  cl::Buffer db(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, b.size() * sizeof(T), b.data());
  cl::Buffer dc(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, c0.size() * sizeof(CT), c0.data());
  void *ga, *gb, *gc;
  CU(cudaMalloc(&ga, a.size() * sizeof(T)));
  CU(cudaMalloc(&gb, b.size() * sizeof(T)));
  CU(cudaMalloc(&gc, c0.size() * sizeof(CT)));
  CU(cudaMemcpy(ga, a.data(), a.size() * sizeof(T), cudaMemcpyHostToDevice));
  CU(cudaMemcpy(gb, b.data(), b.size() * sizeof(T), cudaMemcpyHostToDevice));
  using S = typename G::scalar_type;
  const S alpha = 1, beta = 0;
  const G gemm;
  const Layout lay = row ? Layout::RowMajor : Layout::ColMajor;
  const Transpose opa = ta ? Transpose::Yes : Transpose::No, opb = tb ? Transpose::Yes : Transpose::No;
  const auto ours = [&] {
    return gemm.enqueue_all(q, lay, opa, opb, m, n, k, alpha, da, 0, lda, db, 0, ldb, beta, dc, 0, ldc);
  };
  const auto ours_plain = [&] {
    gemm(plain, lay, opa, opb, m, n, k, alpha, da, 0, lda, db, 0, ldb, beta, dc, 0, ldc);
  };
  // Gemm::enqueue: the same call without an event (cuBLAS's calls make none either).
  const auto ours_quiet = [&] {
    gemm.enqueue(plain, lay, opa, opb, m, n, k, alpha, da, 0, lda, db, 0, ldb, beta, dc, 0, ldc);
  };
  const auto theirs = [&] {
    const cublasOperation_t oa = ta ? CUBLAS_OP_T : CUBLAS_OP_N, ob = tb ? CUBLAS_OP_T : CUBLAS_OP_N;
    if (row)
      CU(cublasGemmEx(h, ob, oa, int(n), int(m), int(k), &alpha, gb, ab_type, int(ldb), ga, ab_type, int(lda), &beta,
                      gc, c_type, int(ldc), compute, CUBLAS_GEMM_DEFAULT));
    else
      CU(cublasGemmEx(h, oa, ob, int(m), int(n), int(k), &alpha, ga, ab_type, int(lda), gb, ab_type, int(ldb), &beta,
                      gc, c_type, int(ldc), compute, CUBLAS_GEMM_DEFAULT));
  };
  std::vector<double> t_ours, t_theirs, t_busy, w_ours, w_theirs, w_quiet;
  std::vector<double> per_command;  // each command of a call, its mean duration in us (TB_COMMANDS=1 prints it)
  const double flops = 2.0 * double(m) * double(n) * double(k);
  // By the host's clock, enough calls for about 2 ms at 300 TFLOPS, so that the wait for the last one
  // weighs little.
  const int wall_iters = std::clamp(int(2e-3 / (flops / 300e12)), iters, 500);
  const auto host_clock = [&](auto call, auto wait) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < wall_iters; ++i) call();
    wait();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / wall_iters;
  };
  for (int w = 0; w < 2; ++w) ours().back().wait();
  for (int w = 0; w < 2; ++w) theirs();
  CU(cudaDeviceSynchronize());
  for (int r = 0; r < 5; ++r) {
    std::vector<std::vector<cl::Event>> ev;
    for (int i = 0; i < iters; ++i) ev.push_back(ours());
    q.finish();
    const cl_ulong t0 = ev.front().front().getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const cl_ulong t1 = ev.back().back().getProfilingInfo<CL_PROFILING_COMMAND_END>();
    t_ours.push_back(double(t1 - t0) * 1e-9 / iters);
    double busy = 0;  // the device's own time: each command's START to END, gaps between them left out
    for (const auto& call : ev)
      for (std::size_t j = 0; j < call.size(); ++j) {
        const double d = double(call[j].getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                                call[j].getProfilingInfo<CL_PROFILING_COMMAND_START>());
        busy += d;
        if (j >= per_command.size()) per_command.resize(j + 1);
        per_command[j] += d * 1e-3 / (5.0 * iters);
      }
    t_busy.push_back(busy * 1e-9 / iters);
    t_theirs.push_back(peer::cuda_seconds(iters, theirs));
    w_ours.push_back(host_clock(ours_plain, [&] { plain.finish(); }));
    w_quiet.push_back(host_clock(ours_quiet, [&] { plain.finish(); }));
    w_theirs.push_back(host_clock(theirs, [] { CU(cudaDeviceSynchronize()); }));
  }
  // Accuracy on sampled elements against FP64.
  std::vector<CT> c_ours(m * n), c_theirs(m * n);
  q.enqueueReadBuffer(dc, CL_TRUE, 0, c_ours.size() * sizeof(CT), c_ours.data());
  CU(cudaMemcpy(c_theirs.data(), gc, c_theirs.size() * sizeof(CT), cudaMemcpyDeviceToHost));
  const auto a_at = [&](std::size_t i, std::size_t p) {  // op(A)(i, p), in the caller's storage
    const std::size_t r = ta ? p : i, c = ta ? i : p;
    return to_double(a[row ? r * lda + c : r + c * lda]);
  };
  const auto b_at = [&](std::size_t p, std::size_t j) {
    const std::size_t r = tb ? j : p, c = tb ? p : j;
    return to_double(b[row ? r * ldb + c : r + c * ldb]);
  };
  double e_ours = 0, e_theirs = 0, norm = 0;
  std::mt19937 pick(7);
  for (int x = 0; x < 512; ++x) {
    const std::size_t i = pick() % m, j = pick() % n, at = row ? i * ldc + j : i + j * ldc;
    double ref = 0;
    for (std::size_t p = 0; p < k; ++p) ref += a_at(i, p) * b_at(p, j);
    e_ours += std::pow(to_double(c_ours[at]) - ref, 2);
    e_theirs += std::pow(to_double(c_theirs[at]) - ref, 2);
    norm += ref * ref;
  }
  const double ours_tf = flops / median(w_ours) * 1e-12, theirs_tf = flops / median(w_theirs) * 1e-12;
  const double quiet_tf = flops / median(w_quiet) * 1e-12;
  const double device_ratio = median(t_theirs) / median(t_ours);
  const double busy_tf = flops / median(t_busy) * 1e-12;
  const bool tc = runtime::tensor::takes(core::device_info(q.getInfo<CL_QUEUE_DEVICE>()()), element::info_of<T>);
  std::printf("%-10s %-4s %-3s %5zux%5zux%5zu  gemmcl %7.1f  cuBLAS %7.1f TFLOPS  ratio %.3f  no event %7.1f (%.3f)  "
              "rel.err %.2e / %.2e (x%.2f)  %s  kernels alone %.1f (%.3f)  device clock %.3f\n",
              name, layout.c_str(), trans.c_str(), m, n, k, ours_tf, theirs_tf, ours_tf / theirs_tf, quiet_tf,
              quiet_tf / theirs_tf,
              std::sqrt(e_ours / norm), std::sqrt(e_theirs / norm), std::sqrt(e_ours / std::max(e_theirs, 1e-300)),
              tc ? "tensor cores" : "generic", busy_tf, busy_tf * median(t_theirs) / flops * 1e12, device_ratio);
  if (const char* e = std::getenv("TB_COMMANDS"); e && *e == '1') {
    std::printf("  commands of a call, us:");
    for (double d : per_command) std::printf(" %.1f", d);
    std::printf("  (cuBLAS's call by CUDA events: %.1f)\n", median(t_theirs) * 1e6);
  }
  std::fflush(stdout);
  cudaFree(ga);
  cudaFree(gb);
  cudaFree(gc);
}

// One call of G on a case's shape, layout and transposes, on buffers of the right sizes whose contents
// do not matter, on a queue of its own: it builds the programs the timed calls will find cached.
template <class G>
void prebuild(const cl::Context& ctx, const cl::Device& device, const Shape& s, const std::string& layout,
              const std::string& trans) {
  using T = typename G::value_type;
  using CT = typename G::c_type;
  const bool row = layout == "row", ta = trans[0] == 't', tb = trans[1] == 't';
  const std::size_t rows_a = ta ? s.k : s.m, cols_a = ta ? s.m : s.k, rows_b = tb ? s.n : s.k, cols_b = tb ? s.k : s.n;
  cl::CommandQueue q(ctx, device);
  cl::Buffer a(ctx, CL_MEM_READ_WRITE, s.m * s.k * sizeof(T)), b(ctx, CL_MEM_READ_WRITE, s.k * s.n * sizeof(T)),
      c(ctx, CL_MEM_READ_WRITE, s.m * s.n * sizeof(CT));
  using S = typename G::scalar_type;
  G{}.enqueue_all(q, row ? Layout::RowMajor : Layout::ColMajor, ta ? Transpose::Yes : Transpose::No,
                  tb ? Transpose::Yes : Transpose::No, s.m, s.n, s.k, S(1), a, 0, row ? cols_a : rows_a, b, 0,
                  row ? cols_b : rows_b, S(0), c, 0, row ? s.n : s.m);
  q.finish();
}

// Calls f.template operator()<G>(name, A and B's CUDA type, C's, cuBLAS's compute type) for a mode's
// name; false for an unknown one.
template <class F>
bool with_mode(const std::string& mode, F&& f) {
  constexpr cublasComputeType_t f32 = CUBLAS_COMPUTE_32F;
  if (mode == "fp16-fp32")
    f.template operator()<Gemm<Element<gemmcl::half, float>>>("fp16-fp32", CUDA_R_16F, CUDA_R_32F, f32);
  else if (mode == "bf16-fp32")
    f.template operator()<Gemm<Element<gemmcl::bfloat16, float>>>("bf16-fp32", CUDA_R_16BF, CUDA_R_32F, f32);
  else if (mode == "fp16-fp16")
    f.template operator()<Gemm<Element<gemmcl::half>>>("fp16-fp16", CUDA_R_16F, CUDA_R_16F, f32);
  else if (mode == "bf16-bf16")
    f.template operator()<Gemm<Element<gemmcl::bfloat16>>>("bf16-bf16", CUDA_R_16BF, CUDA_R_16BF, f32);
  else if (mode == "fp64")
    f.template operator()<Gemm<Element<double>>>("fp64", CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F);
  else if (mode == "tf32")
    f.template operator()<Gemm<Math<MathMode::TF32>>>("tf32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32);
  else
    return false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Shape> shapes;
  for (int i = 1; i < argc; ++i) {
    Shape s{};
    if (std::sscanf(argv[i], "%zux%zux%zu", &s.m, &s.n, &s.k) != 3) s.m = s.n = s.k = std::strtoul(argv[i], nullptr, 10);
    shapes.push_back(s);
  }
  if (shapes.empty()) shapes = {{4096, 4096, 4096}};
  const cl::Device device = peer::nvidia_gpu();
  cl::Context ctx(device);
  cl::CommandQueue q(ctx, device, CL_QUEUE_PROFILING_ENABLE), plain(ctx, device);
  const TensorCoreSupport tc = tensor_cores(device);
  std::printf("device %s, driver %s; tensor cores: %s\n", device.getInfo<CL_DEVICE_NAME>().c_str(),
              device.getInfo<CL_DRIVER_VERSION>().c_str(), tc.available ? "yes" : tc.reason.c_str());
  cublasHandle_t h;
  CU(cublasCreate(&h));
  const int iters = std::atoi(env("TB_ITERS", "10").c_str());
  const auto modes = split(env("TB_MODES", "fp16-fp32,bf16-fp32,fp16-fp16,bf16-bf16,tf32,fp64"));
  const auto layouts = split(env("TB_LAYOUTS", "col")), transposes = split(env("TB_TRANS", "nn,nt,tn,tt"));
  for (const Shape& s : shapes) {
    if (env("TB_PREBUILD", "1") != "0") {
      std::vector<std::thread> builders;
      for (const std::string& mode : modes)
        for (const std::string& layout : layouts)
          for (const std::string& trans : transposes)
            with_mode(mode, [&]<class G>(const char*, cudaDataType_t, cudaDataType_t, cublasComputeType_t) {
              builders.emplace_back([&, layout, trans] { prebuild<G>(ctx, device, s, layout, trans); });
            });
      for (std::thread& t : builders) t.join();
    }
    for (const std::string& mode : modes)
      for (const std::string& layout : layouts)
        for (const std::string& trans : transposes)
          if (!with_mode(mode, [&]<class G>(const char* name, cudaDataType_t ab, cudaDataType_t c,
                                            cublasComputeType_t compute) {
                run_mode<G>(name, ab, c, compute, ctx, q, plain, h, s, layout, trans, iters);
              }))
            std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
  }
  cublasDestroy(h);
  return 0;
}
