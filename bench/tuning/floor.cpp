// Timing floors on an NVIDIA GPU (why gemmcl_bench times gemmcl's calls back to back, as cuBLAS's): what
// OpenCL's START/END events and CUDA's events measure around an empty kernel and around a 512^3
// product, called back to back (as gemmcl_bench does: each call between its own events, no wait in
// between) or one at a time, with and without a buffer fill before each call (gemmcl_bench's bracket),
// so that the two sides' fixed costs can be told apart from the kernels' own time; then DGEMM 512x512xK warm,
// gemmcl's DMMA path beside cublasDgemm.
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/floor.cpp -o /tmp/floor
//     -L/usr/local/cuda/lib64 -lcublas -lcudart -lcuda -lOpenCL && /tmp/floor
#include <gemmcl/gemm.hpp>
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>
using namespace gemmcl;
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
static double lo(std::vector<double> v) { return *std::min_element(v.begin(), v.end()); }
static const char* cl_src = R"CL(
__kernel void empty1(__global float* p) { if (p == 0) p[get_global_id(0)] = 0; }
__kernel void empty24(__global float* p, __global float* a, __global float* b, __global float* c,
    int i0, int i1, int i2, int i3, int i4, int i5, int i6, int i7, long l0, long l1, long l2, long l3,
    float f0, float f1, __global uint* t, __global float* d, int j0, int j1, int j2, int j3) {
  if (p == 0) p[get_global_id(0)] = i0 + i1 + f0; }
__kernel void touch(__global float* p) { p[get_global_id(0)] = get_global_id(0); }
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void emptylocal(__global float* p) {
  __local float s[8192]; s[get_local_id(0)] = 1; barrier(CLK_LOCAL_MEM_FENCE);
  if (p == 0) p[get_global_id(0)] = s[255 - get_local_id(0)]; }
)CL";
static const char* ptx_src = ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry empty(.param .u64 p) { ret; }\n";
int main() {
  std::vector<cl::Platform> plats; cl::Platform::get(&plats);
  cl::Device dev; for (auto& p : plats) { std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_GPU, &ds); if (!ds.empty()) { dev = ds[0]; break; } }
  cl::Context ctx(dev); cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  std::printf("device %s driver %s\n", dev.getInfo<CL_DEVICE_NAME>().c_str(), dev.getInfo<CL_DRIVER_VERSION>().c_str());
  cl::Program prog(ctx, cl_src);
  if (prog.build("") != CL_SUCCESS) std::printf("%s\n", prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str());
  cl::Buffer scratch(ctx, CL_MEM_READ_WRITE, 132 * 256 * 4);
  const int N = 200;
  // mode 0: one at a time (wait each); 1: back to back; 2: back to back, a 4-byte fill before each
  auto time_cl = [&](auto enqueue, int mode) {
    std::vector<double> v; std::vector<cl::Event> evs;
    for (int w = 0; w < 5; ++w) enqueue();
    q.finish();
    const cl_uint zero = 0;
    for (int i = 0; i < N; ++i) {
      if (mode == 2) q.enqueueFillBuffer(scratch, zero, 0, 4);
      evs.push_back(enqueue());
      if (mode == 0) evs.back().wait();
    }
    q.finish();
    for (auto& e : evs) v.push_back((e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-3);
    return v;
  };
  const char* modes[] = {"one at a time", "back to back", "back to back + fill"};
  for (const char* name : {"empty1", "empty24", "emptylocal", "touch"}) {
    cl::Kernel k(prog, name);
    // Arguments by position (empty24: 4 pointers, 8 ints, 4 longs, 2 floats, 2 pointers, 4 ints).
    const cl_uint nargs = k.getInfo<CL_KERNEL_NUM_ARGS>();
    for (cl_uint a = 0; a < nargs; ++a) {
      cl_int st = CL_SUCCESS;
      if (nargs == 1 || a < 4 || a == 18 || a == 19) st = k.setArg(a, scratch);
      else if (a >= 12 && a < 16) st = k.setArg(a, (cl_long)1);
      else if (a == 16 || a == 17) st = k.setArg(a, 1.0f);
      else st = k.setArg(a, 1);
      if (st != CL_SUCCESS) std::printf("setArg(%s, %u) = %d\n", name, a, st);
    }
    for (int mode = 0; mode < 3; ++mode) {
      auto v = time_cl([&] { cl::Event e; const cl_int st = q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(132 * 256), cl::NDRange(256), nullptr, &e); if (st != CL_SUCCESS) std::printf("enqueue %s = %d\n", name, st); return e; }, mode);
      std::printf("OpenCL %-10s %-20s median %6.2f us  min %6.2f\n", name, modes[mode], median(v), lo(v));
      if (mode == 1) {
        cl::Event e; q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(132 * 256), cl::NDRange(256), nullptr, &e); e.wait();
        const cl_ulong qd = e.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>(), sb = e.getProfilingInfo<CL_PROFILING_COMMAND_SUBMIT>();
        const cl_ulong s0 = e.getProfilingInfo<CL_PROFILING_COMMAND_START>(), e0 = e.getProfilingInfo<CL_PROFILING_COMMAND_END>();
        std::printf("  stamps (ns after QUEUED): submit %llu start %llu end %llu\n", (unsigned long long)(sb - qd), (unsigned long long)(s0 - qd), (unsigned long long)(e0 - qd));
      }
    }
  }
  // gemmcl Gemm<> and cuBLAS at 512^3 on 41 rotated sets
  const size_t n = 512, sets = 41;
  std::mt19937 rng(1); std::uniform_real_distribution<float> dist(-1, 1);
  std::vector<float> h(n * n); for (auto& x : h) x = dist(rng);
  std::vector<cl::Buffer> A, B, C; std::vector<float*> dA, dB, dC;
  for (size_t s = 0; s < sets; ++s) {
    A.emplace_back(ctx, CL_MEM_READ_WRITE, n * n * 4); B.emplace_back(ctx, CL_MEM_READ_WRITE, n * n * 4); C.emplace_back(ctx, CL_MEM_READ_WRITE, n * n * 4);
    q.enqueueWriteBuffer(A.back(), true, 0, n * n * 4, h.data()); q.enqueueWriteBuffer(B.back(), true, 0, n * n * 4, h.data());
    float *a, *b, *c; cudaMalloc(&a, n * n * 4); cudaMalloc(&b, n * n * 4); cudaMalloc(&c, n * n * 4);
    cudaMemcpy(a, h.data(), n * n * 4, cudaMemcpyHostToDevice); cudaMemcpy(b, h.data(), n * n * 4, cudaMemcpyHostToDevice);
    dA.push_back(a); dB.push_back(b); dC.push_back(c);
  }
  Gemm<> g; size_t call = 0;
  for (size_t kk : {16, 128, 512}) for (int mode = 0; mode < 3; ++mode) {
    size_t events = 0;
    auto v = time_cl([&] { size_t s = call++ % sets; auto evs = g.enqueue_all(q, Layout::ColMajor, Transpose::No, Transpose::No, n, n, kk, 1.0f, A[s], 0, n, B[s], 0, kk, 0.0f, C[s], 0, n); events = evs.size(); return evs.back(); }, mode);
    std::printf("OpenCL Gemm<> 512x512x%zu (%zu events) %-20s median %6.2f us  min %6.2f\n", kk, events, modes[mode], median(v), lo(v));
  }
  cudaStream_t st; cudaStreamCreate(&st);
  cublasHandle_t hb; cublasCreate(&hb); cublasSetStream(hb, st);
  CUmodule mod; CUfunction fn; cuModuleLoadData(&mod, ptx_src); cuModuleGetFunction(&fn, mod, "empty");
  auto time_cuda = [&](auto launch, bool sync) {
    std::vector<cudaEvent_t> e(2 * N); for (auto& x : e) cudaEventCreate(&x);
    for (int w = 0; w < 5; ++w) launch();
    cudaStreamSynchronize(st);
    for (int i = 0; i < N; ++i) { cudaEventRecord(e[2 * i], st); launch(); cudaEventRecord(e[2 * i + 1], st); if (sync) cudaEventSynchronize(e[2 * i + 1]); }
    cudaStreamSynchronize(st);
    std::vector<double> v; for (int i = 0; i < N; ++i) { float ms; cudaEventElapsedTime(&ms, e[2 * i], e[2 * i + 1]); v.push_back(ms * 1e3); }
    for (auto& x : e) cudaEventDestroy(x);
    return v;
  };
  for (int sync = 1; sync >= 0; --sync) {
    void* p = dC[0]; void* args[] = {&p};
    auto v = time_cuda([&] { cuLaunchKernel(fn, 132, 1, 1, 256, 1, 1, 0, st, args, nullptr); }, sync);
    std::printf("CUDA   empty      %-20s median %6.2f us  min %6.2f\n", sync ? "one at a time" : "back to back", median(v), lo(v));
    const float one = 1, zero = 0;
    for (int kk : {16, 128, 512}) {
      auto w = time_cuda([&] { size_t s = call++ % sets; cublasSgemm(hb, CUBLAS_OP_N, CUBLAS_OP_N, n, n, kk, &one, dA[s], n, dB[s], kk, &zero, dC[s], n); }, sync);
      std::printf("cuBLAS 512x512x%-4d %-20s median %6.2f us  min %6.2f\n", kk, sync ? "one at a time" : "back to back", median(w), lo(w));
    }
  }
  // DGEMM 512x512xK, warm (one set, as gemmcl_bench --max-sets 1), back to back: gemmcl's tensor-core
  // path (Gemm<Element<double>>) and cublasDgemm, each a few rounds, alternating.
  std::vector<double> hd(n * n); for (auto& x : hd) x = dist(rng);
  cl::Buffer Ad(ctx, CL_MEM_READ_WRITE, n * n * 8), Bd(ctx, CL_MEM_READ_WRITE, n * n * 8), Cd(ctx, CL_MEM_READ_WRITE, n * n * 8);
  q.enqueueWriteBuffer(Ad, true, 0, n * n * 8, hd.data()); q.enqueueWriteBuffer(Bd, true, 0, n * n * 8, hd.data());
  double *da, *db, *dc; cudaMalloc(&da, n * n * 8); cudaMalloc(&db, n * n * 8); cudaMalloc(&dc, n * n * 8);
  cudaMemcpy(da, hd.data(), n * n * 8, cudaMemcpyHostToDevice); cudaMemcpy(db, hd.data(), n * n * 8, cudaMemcpyHostToDevice);
  const Gemm<Element<double>> dg;
  for (int round = 0; round < 3; ++round)
    for (size_t kk : {16, 128, 512}) {
      auto v = time_cl([&] { return dg(q, Layout::ColMajor, Transpose::No, Transpose::No, n, n, kk, 1.0, Ad, 0, n, Bd, 0, kk, 0.0, Cd, 0, n); }, 1);
      const double one = 1, zero = 0;
      auto w = time_cuda([&] { cublasDgemm(hb, CUBLAS_OP_N, CUBLAS_OP_N, n, n, kk, &one, da, n, db, kk, &zero, dc, n); }, false);
      std::printf("DGEMM 512x512x%-4zu back to back: gemmcl median %6.2f us (min %6.2f), cuBLAS %6.2f us (min %6.2f)\n", kk,
                  median(v), lo(v), median(w), lo(w));
    }
}
