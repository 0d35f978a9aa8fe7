// The transposing copy on an NVIDIA GPU: the library's packing kernel (codegen/pack.hpp) in several
// work-group shapes, the library's transposing kernel (codegen/transpose.hpp, which GPUs run) and two
// other local-memory forms (one 32 x 32 block a work-group; 64 x 64 blocks moved as float4), beside a
// plain buffer copy, on n x n floats rounded to TF32 on the way (as TF32's copies are); each result is
// checked element by element. Times: OpenCL profiling, median of 10 after 2 warm-ups.
//   g++ -std=c++20 -O2 -Iinclude bench/tuning/transpose_bench.cpp -o transpose_bench -lOpenCL
// H200 (bench/results/h200-transpose.txt): the transposing kernel 3.3-3.7 TB/s at 4096^2 and 8192^2,
// against 1.4-1.5 TB/s for the packing kernel as it was launched (64 x 4).
#include <gemmcl/gemm.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
#include <string>
#include <chrono>
#include <random>
#include <cstring>

static const char* extra = R"CLC(
#define TF(x) as_float(tf32_round_nearest_even(as_uint(x)))
// 32x32 tile, work-group 32 x 8, 4 elements each
__kernel void t32(const int rows, const int cols, const __global float* restrict src, const ulong off, const int src_ld,
                  __global float* restrict dst, const int dst_ld) {
  __local float tile[32][33];
  const int tx = get_local_id(0), ty = get_local_id(1);
  const int i0 = get_group_id(0) * 32, j0 = get_group_id(1) * 32;
  for (int c = 0; c < 32; c += 8) {
    const int i = i0 + tx, j = j0 + ty + c;
    if (i < rows && j < cols) tile[ty + c][tx] = src[off + (ulong)j * src_ld + i];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int c = 0; c < 32; c += 8) {
    const int j = j0 + tx, i = i0 + ty + c;
    if (i < rows && j < cols) dst[(ulong)i * dst_ld + j] = TF(tile[tx][ty + c]);
  }
}
// 64x64 tile, work-group 16 x 16, float4 loads along i and float4 stores along j
__kernel void t64(const int rows, const int cols, const __global float* restrict src, const ulong off, const int src_ld,
                  __global float* restrict dst, const int dst_ld) {
  __local float tile[64][65];
  const int tx = get_local_id(0), ty = get_local_id(1);
  const int i0 = get_group_id(0) * 64, j0 = get_group_id(1) * 64;
  float4 v[4];
  for (int c = 0; c < 4; ++c) v[c] = vload4(0, src + off + (ulong)(j0 + ty + 16 * c) * src_ld + i0 + 4 * tx);
  for (int c = 0; c < 4; ++c) {
    tile[ty + 16 * c][4 * tx] = v[c].x; tile[ty + 16 * c][4 * tx + 1] = v[c].y;
    tile[ty + 16 * c][4 * tx + 2] = v[c].z; tile[ty + 16 * c][4 * tx + 3] = v[c].w;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int c = 0; c < 4; ++c) {
    const int i = i0 + ty + 16 * c;
    float4 w = (float4)(TF(tile[4 * tx][ty + 16 * c]), TF(tile[4 * tx + 1][ty + 16 * c]),
                        TF(tile[4 * tx + 2][ty + 16 * c]), TF(tile[4 * tx + 3][ty + 16 * c]));
    vstore4(w, 0, dst + (ulong)i * dst_ld + j0 + 4 * tx);
  }
}
)CLC";

int main() {
  cl_platform_id plats[8]; cl_uint np; clGetPlatformIDs(8, plats, &np);
  cl_device_id dev = nullptr;
  for (cl_uint p = 0; p < np && !dev; ++p) { char name[256]; clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, 256, name, nullptr);
    if (strstr(name, "NVIDIA")) clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_GPU, 1, &dev, nullptr); }
  bool local = !dev;
  if (!dev) clGetDeviceIDs(plats[0], CL_DEVICE_TYPE_ALL, 1, &dev, nullptr);
  cl_int err;
  cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, props, &err);
  const auto& info = gemmcl::element_traits<float>::info;
  std::string text = gemmcl::codegen::pack_source(info).text;
  std::string all = text + extra;
  std::string tr = gemmcl::codegen::transpose_source(info).text;
  const char* ts = tr.c_str();
  cl_program tprog = clCreateProgramWithSource(ctx, 1, &ts, nullptr, &err);
  if (clBuildProgram(tprog, 1, &dev, "-DGEMMCL_PACK_TF32", nullptr, nullptr)) { printf("transpose build failed\n"); return 1; }
  const char* s = all.c_str();
  cl_program prog = clCreateProgramWithSource(ctx, 1, &s, nullptr, &err);
  err = clBuildProgram(prog, 1, &dev, "-DGEMMCL_PACK_TF32", nullptr, nullptr);
  if (err) { char log[20000]; clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 20000, log, nullptr); printf("%s\n", log); return 1; }
  cl_kernel kp = clCreateKernel(prog, "gemmcl_pack", &err);
  cl_kernel k32 = clCreateKernel(prog, "t32", &err), k64 = clCreateKernel(prog, "t64", &err), k32x4 = clCreateKernel(tprog, "gemmcl_transpose", &err);
  for (int n : {1024, 2048, 4096, 8192}) {
    if (local && n > 1024) break;  // another device (a CPU): a check of the kernels only
    const size_t bytes = size_t(n) * n * 4;
    std::vector<float> h(size_t(n) * n), out(size_t(n) * n);
    std::mt19937 g(n); std::uniform_real_distribution<float> d(-1, 1); for (auto& x : h) x = d(g);
    cl_mem src = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, h.data(), &err);
    cl_mem dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    auto time = [&](auto enq) {
      std::vector<double> t;
      for (int r = 0; r < 12; ++r) { cl_event e; enq(&e); clWaitForEvents(1, &e);
        cl_ulong a, b; clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, 8, &a, nullptr);
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &b, nullptr); clReleaseEvent(e); if (r >= 2) t.push_back((b - a) * 1e-3); }
      std::sort(t.begin(), t.end()); return t[t.size() / 2]; };
    auto check = [&](const char* what, double us) {
      clEnqueueReadBuffer(q, dst, CL_TRUE, 0, bytes, out.data(), 0, nullptr, nullptr);
      size_t bad = 0;
      for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) {
        uint32_t u; float x = h[size_t(j) * n + i]; memcpy(&u, &x, 4); u = (u + 0xfffu + ((u >> 13) & 1u)) & ~0x1fffu; float r; memcpy(&r, &u, 4);
        if (out[size_t(i) * n + j] != r) ++bad; }
      printf("n=%5d %-22s %9.1f us %6.2f TB/s  bad=%zu\n", n, what, us, 2.0 * bytes / us * 1e-6, bad);
      float z = NAN; clEnqueueFillBuffer(q, dst, &z, 4, 0, bytes, 0, nullptr, nullptr); clFinish(q);
    };
    double uc = time([&](cl_event* e) { clEnqueueCopyBuffer(q, src, dst, 0, 0, bytes, 0, nullptr, e); });
    printf("n=%5d %-22s %9.1f us %6.2f TB/s\n", n, "copy buffer", uc, 2.0 * bytes / uc * 1e-6);
    cl_int rows = n, cols = n, ld = n, tr = 1; cl_ulong off = 0;
    for (cl_kernel k : {kp}) { clSetKernelArg(k, 0, 4, &rows); clSetKernelArg(k, 1, 4, &cols); clSetKernelArg(k, 2, 8, &src);
      clSetKernelArg(k, 3, 8, &off); clSetKernelArg(k, 4, 4, &ld); clSetKernelArg(k, 5, 8, &dst); clSetKernelArg(k, 6, 4, &ld); clSetKernelArg(k, 7, 4, &tr); }
    // gemmcl_transpose makes two copies or one: the second's arguments repeat the first's, its launch
    // one deep in the third dimension.
    for (int i = 0; i < 7; ++i) {
      static const size_t sizes[7] = {4, 4, 8, 8, 4, 8, 4};
      const void* values[7] = {&rows, &cols, &src, &off, &ld, &dst, &ld};
      clSetKernelArg(k32x4, 7 + i, sizes[i], values[i]);
    }
    for (cl_kernel k : {k32, k64, k32x4}) { clSetKernelArg(k, 0, 4, &rows); clSetKernelArg(k, 1, 4, &cols); clSetKernelArg(k, 2, 8, &src);
      clSetKernelArg(k, 3, 8, &off); clSetKernelArg(k, 4, 4, &ld); clSetKernelArg(k, 5, 8, &dst); clSetKernelArg(k, 6, 4, &ld); }
    size_t shapes[][2] = {{64, 4}, {8, 32}, {16, 16}, {32, 8}, {4, 64}, {32, 4}};
    for (auto& l : shapes) {
      size_t gl[2] = {size_t(n / 8), size_t(n / 8)};
      double us = time([&](cl_event* e) { clEnqueueNDRangeKernel(q, kp, 2, nullptr, gl, l, 0, nullptr, e); });
      char w[64]; snprintf(w, 64, "pack %zux%zu", l[0], l[1]); check(w, us);
    }
    { size_t gl[2] = {size_t(n), size_t(n / 4)}, l[2] = {32, 8};
      check("lds 32 (32x8)", time([&](cl_event* e) { clEnqueueNDRangeKernel(q, k32, 2, nullptr, gl, l, 0, nullptr, e); })); }
    { size_t gl[2] = {size_t(n / 4), size_t(n / 4)}, l[2] = {16, 16};
      check("lds 64 (16x16 f4)", time([&](cl_event* e) { clEnqueueNDRangeKernel(q, k64, 2, nullptr, gl, l, 0, nullptr, e); })); }
    { size_t gl[3] = {size_t(n), size_t(n / 16), 1}, l[3] = {32, 8, 1};
      check("gemmcl_transpose", time([&](cl_event* e) { clEnqueueNDRangeKernel(q, k32x4, 3, nullptr, gl, l, 0, nullptr, e); })); }
    clReleaseMemObject(src); clReleaseMemObject(dst);
  }
}
