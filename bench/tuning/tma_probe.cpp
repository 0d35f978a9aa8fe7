// TMA from OpenCL, and whether a TFLOAT32 tensor map rounds (H100/H200, NVIDIA's OpenCL): the probe behind
// docs/tensor-cores.md's "TF32 through TMA". A 64 x 16 float tensor; the box of 32 x 8 at (32, 8), which holds
// ties, near-ties, the largest float, infinities, NaNs, subnormals and random values, is copied into local
// memory by cp.async.bulk.tensor and written out, and each element is compared with the input rounded to
// TF32 three ways (nearest-even, nearest-away, towards zero). The kernel is sm_90a PTX written here and
// loaded with clCreateProgramWithBinary, as the runtime loads its post-processed PTX; its pointer
// parameters carry ".ptr .global" so that NVIDIA's OpenCL passes device addresses for them.
// The map comes from libcuda's cuTensorMapEncodeTiled (through dlopen; the encoder wants a current CUDA
// context, so the device's primary context is pushed around it and popped before any OpenCL call).
//   modes: 0 the map in a global buffer, 1 the map as a 128-byte by-value kernel argument,
//          2 a 1-D bulk copy (no map), 3 no copy;  types: CUtensorMapDataType (7 FLOAT32, 11 TFLOAT32,
//          12 TFLOAT32_FTZ; 0: no map, no CUDA call);  replace 1: the map is encoded with a dummy address,
//          which the kernel replaces (tensormap.replace in local memory, tensormap.cp_fenceproxy into a
//          global slot);  a fifth argument prints the map's first 80 bytes for a set of parameters.
//   g++ -std=c++17 -O1 -I/usr/local/cuda/include bench/tuning/tma_probe.cpp -o tma_probe -lOpenCL -ldl
//   for a in "1 7 0" "1 11 0" "0 11 0" "0 11 1" "1 12 0"; do ./tma_probe $a; done; ./tma_probe 1 11 0 dump
// H200, driver 580.159.04 (bench/results/h200-tma-tf32.txt): every mode runs; FLOAT32 copies as stored;
// TFLOAT32 rounds to nearest, ties to even (254 of 256, all 64 ties; the two others are NaNs, which come
// out as the NaN 0x7fffe000), overflows to infinity as nearest-even does, keeps subnormals.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <cuda.h>
#include <dlfcn.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>
#define CK(x) do { cl_int s_ = (x); if (s_) { std::printf("FAIL %s = %d line %d\n", #x, s_, __LINE__); return 1; } } while (0)
static const char* ptx = R"PTX(
.version 8.3
.target sm_90a
.address_size 64
.visible .entry tma_probe(.param .u64 .ptr .global .align 16 p_map, .param .u64 .ptr .global .align 16 p_slot,
                          .param .u64 .ptr .global .align 16 p_dst, .param .u64 .ptr .global .align 16 p_addr,
                          .param .u32 p_replace, .param .u32 p_x, .param .u32 p_y, .param .u32 p_mode,
                          .param .align 64 .b8 p_tmap[128])
.reqntid 256, 1, 1
{
  .reg .b64 %rd<16>; .reg .b32 %r<16>; .reg .pred %p<6>; .reg .f32 %f<4>;
  .shared .align 1024 .b8 sbuf[1024];
  .shared .align 128 .b8 smap[128];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [p_map]; ld.param.u64 %rd2, [p_slot]; ld.param.u64 %rd3, [p_dst]; ld.param.u64 %rd4, [p_addr];
  ld.param.u32 %r1, [p_replace]; ld.param.u32 %r2, [p_x]; ld.param.u32 %r3, [p_y];
  mov.u32 %r4, %tid.x;
  mov.u32 %r5, smap; mov.u32 %r6, sbuf; mov.u32 %r7, bar;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra NOREPLACE;
  setp.lt.u32 %p2, %r4, 16;
  @!%p2 bra COPIED;
  mul.wide.u32 %rd5, %r4, 8; add.u64 %rd6, %rd1, %rd5; ld.global.b64 %rd7, [%rd6];
  shl.b32 %r8, %r4, 3; add.u32 %r9, %r5, %r8; st.shared.b64 [%r9], %rd7;
COPIED:
  bar.sync 0;
  setp.eq.u32 %p3, %r4, 0;
  @%p3 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%r5], %rd4;
  bar.sync 0;
  setp.lt.u32 %p4, %r4, 32;
  @!%p4 bra FENCED;
  tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%rd2], [%r5], 128;
  fence.proxy.tensormap::generic.acquire.gpu [%rd2], 128;
FENCED:
  mov.u64 %rd1, %rd2;
  bar.sync 0;
NOREPLACE:
  setp.eq.u32 %p3, %r4, 0;
  @%p3 mbarrier.init.shared::cta.b64 [%r7], 1;
  fence.mbarrier_init.release.cluster;
  bar.sync 0;
  @!%p3 bra WAIT;
  ld.param.u32 %r12, [p_mode];
  setp.eq.u32 %p4, %r12, 3;
  @%p4 mbarrier.arrive.shared::cta.b64 %rd8, [%r7];
  @%p4 bra WAIT;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd8, [%r7], 1024;
  setp.eq.u32 %p4, %r12, 2;
  @!%p4 bra NOTBULK;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r6], [%rd4], 1024, [%r7];
  bra WAIT;
NOTBULK:
  setp.eq.u32 %p4, %r12, 1;
  @!%p4 bra GMAP;
  mov.u64 %rd11, p_tmap;
  cvta.param.u64 %rd12, %rd11;
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r6], [%rd12, {%r2, %r3}], [%r7];
  bra WAIT;
GMAP:
  fence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r6], [%rd1, {%r2, %r3}], [%r7];
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p5, [%r7], 0;
  @!%p5 bra WAIT;
  shl.b32 %r10, %r4, 2; add.u32 %r11, %r6, %r10; ld.shared.f32 %f1, [%r11];
  mul.wide.u32 %rd9, %r4, 4; add.u64 %rd10, %rd3, %rd9; st.global.f32 [%rd10], %f1;
  ret;
}
)PTX";
static uint32_t bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
static float fl(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static uint32_t rne(uint32_t u) {  // TF32 round to nearest, ties to even; NaN kept a NaN
  if ((u & 0x7F800000u) == 0x7F800000u) return (u & 0x7FFFFFu) ? (u | 0x400000u) & ~0x1FFFu : u;
  return (u + 0xFFFu + ((u >> 13) & 1u)) & ~0x1FFFu;
}
static uint32_t rna(uint32_t u) { if ((u & 0x7F800000u) == 0x7F800000u) return u & ~0x1FFFu; return (u + 0x1000u) & ~0x1FFFu; }
static uint32_t rz(uint32_t u) { return u & ~0x1FFFu; }
int main(int argc, char** argv) {
  const int want_mode = argc > 1 ? atoi(argv[1]) : 0, want_type = argc > 2 ? atoi(argv[2]) : 11, want_rep = argc > 3 ? atoi(argv[3]) : 0;
  const bool dump = argc > 4;
  cl_platform_id plats[8]; cl_uint np; CK(clGetPlatformIDs(8, plats, &np));
  cl_device_id dev = nullptr;
  for (cl_uint i = 0; i < np && !dev; ++i) { char name[256]; clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, 256, name, nullptr);
    if (std::strstr(name, "NVIDIA")) clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, nullptr); }
  if (!dev) { std::printf("no NVIDIA device\n"); return 1; }
  cl_int st; cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &st); CK(st);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &st); CK(st);
  // the tensor: 16 rows of 64 floats; the box at (32, 8) is what matters
  const int W = 64, H = 16;
  std::vector<uint32_t> host(W * H);
  std::mt19937 rng(1);
  for (auto& u : host) u = bits(std::uniform_real_distribution<float>(-2, 2)(rng));
  const uint32_t special[] = {0x3F801000u, 0x3F803000u, 0xBF801000u, 0xBF803000u, 0x3F800FFFu, 0x3F801001u, 0x3F802FFFu,
                              0x7F7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00001u, 0x7F800001u, 0x00001000u, 0x00003000u,
                              0x00000FFFu, 0x00001FFFu, 0x80001FFFu, 0x00000000u, 0x80000000u, 0x3F7FF000u, 0x3F7FFFFFu};
  for (int i = 0; i < (int)(sizeof special / 4); ++i) host[(8 + i / 32) * W + 32 + i % 32] = special[i];
  for (int i = 0; i < 64; ++i) host[(10 + i / 32) * W + 32 + i % 32] = (host[(10 + i / 32) * W + 32 + i % 32] & ~0x1FFFu) | 0x1000u;  // ties
  cl_mem src = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data(), &st); CK(st);
  cl_mem dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1024, nullptr, &st); CK(st);
  cl_mem mapbuf = clCreateBuffer(ctx, CL_MEM_READ_ONLY, 128, nullptr, &st); CK(st);
  cl_mem slot = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 128, nullptr, &st); CK(st);
  cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8, nullptr, &st); CK(st);
  // the buffer's device address, from an OpenCL C kernel
  const char* addr_src = "__kernel void addr(__global const float* p, __global ulong* o) { o[0] = (ulong)p; }";
  cl_program pa = clCreateProgramWithSource(ctx, 1, &addr_src, nullptr, &st); CK(st); CK(clBuildProgram(pa, 1, &dev, "", nullptr, nullptr));
  cl_kernel ka = clCreateKernel(pa, "addr", &st); CK(st);
  CK(clSetKernelArg(ka, 0, sizeof src, &src)); CK(clSetKernelArg(ka, 1, sizeof out, &out));
  size_t one = 1; CK(clEnqueueNDRangeKernel(q, ka, 1, nullptr, &one, &one, 0, nullptr, nullptr));
  uint64_t dev_addr = 0; CK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, 8, &dev_addr, 0, nullptr, nullptr));
  std::printf("device address of the buffer: 0x%llx\n", (unsigned long long)dev_addr);
  // the PTX program
  size_t len = std::strlen(ptx); const unsigned char* bin = (const unsigned char*)ptx; cl_int bst;
  cl_program pp = clCreateProgramWithBinary(ctx, 1, &dev, &len, &bin, &bst, &st); CK(st);
  if (clBuildProgram(pp, 1, &dev, "", nullptr, nullptr)) { char log[8192] = {0}; clGetProgramBuildInfo(pp, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, nullptr); std::printf("PTX build failed:\n%s\n", log); return 1; }
  cl_kernel kp = clCreateKernel(pp, "tma_probe", &st); CK(st);
  // libcuda's encoder, through dlopen as a library would
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  auto enc = lib ? (CUresult(*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*, const cuuint64_t*, const cuuint32_t*,
                                const cuuint32_t*, CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill))dlsym(lib, "cuTensorMapEncodeTiled") : nullptr;
  if (!enc) { std::printf("no cuTensorMapEncodeTiled: %s\n", dlerror()); return 1; }
  if (want_type) {  // the encoder wants a current CUDA context: the device's primary one, made current for this thread
    auto init = (CUresult(*)(unsigned))dlsym(lib, "cuInit");
    auto retain = (CUresult(*)(CUcontext*, CUdevice))dlsym(lib, "cuDevicePrimaryCtxRetain");
    auto set = (CUresult(*)(CUcontext))dlsym(lib, "cuCtxPushCurrent_v2");
    CUcontext c = nullptr;
    const int i0 = (int)init(0); const int r0 = (int)retain(&c, 0);
    std::printf("cuInit %d, retain %d", i0, r0);
    std::printf(", push %d\n", (int)set(c));
  }
  if (dump) {  // the map's bytes as the parameters change, to see its fields
    const auto dump_one = [&](int type, uint64_t addr, uint64_t d0, uint64_t d1, uint64_t stride, uint32_t b0, uint32_t b1, int swz, int l2,
                              int oob, uint32_t es1) {
      CUtensorMap m; std::memset(&m, 0, sizeof m);
      cuuint64_t dims[2] = {d0, d1}, strides[1] = {stride}; cuuint32_t box[2] = {b0, b1}, es[2] = {1, es1};
      CUresult r = enc(&m, (CUtensorMapDataType)type, 2, (void*)addr, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                       (CUtensorMapSwizzle)swz, (CUtensorMapL2promotion)l2, (CUtensorMapFloatOOBfill)oob);
      std::printf("map type %2d addr %6llx dims %4llu %4llu stride %5llu box %2u %3u swz %d l2 %d oob %d es1 %u (r %d):", type,
                  (unsigned long long)addr, (unsigned long long)d0, (unsigned long long)d1, (unsigned long long)stride, b0, b1, swz, l2, oob,
                  es1, (int)r);
      const uint64_t* w = (const uint64_t*)&m;
      for (int i = 0; i < 10; ++i) std::printf(" %016llx", (unsigned long long)w[i]);
      std::printf("\n");
    };
    struct P { int type; uint64_t addr, d0, d1, stride; uint32_t b0, b1; int swz; };
    const P ps[] = {{7, 0x10000, 64, 16, 256, 32, 8, 0}, {7, 0x20000, 64, 16, 256, 32, 8, 0}, {7, 0x10000, 128, 16, 256, 32, 8, 0},
                    {7, 0x10000, 64, 32, 256, 32, 8, 0}, {7, 0x10000, 64, 16, 512, 32, 8, 0}, {7, 0x10000, 64, 16, 256, 16, 8, 0},
                    {7, 0x10000, 64, 16, 256, 32, 4, 0}, {7, 0x10000, 64, 16, 256, 32, 8, 3}, {11, 0x10000, 64, 16, 256, 32, 8, 0},
                    {12, 0x10000, 64, 16, 256, 32, 8, 0}, {6, 0x10000, 64, 16, 256, 32, 8, 0}, {7, 0x123450, 4096, 4096, 16384, 32, 128, 3}};
    for (const P& p : ps) dump_one(p.type, p.addr, p.d0, p.d1, p.stride, p.b0, p.b1, p.swz, 0, 0, 1);
    dump_one(9, 0x10000, 64, 16, 256, 32, 8, 3, 0, 0, 1);   // bf16
    dump_one(7, 0x10000, 64, 16, 256, 32, 8, 3, 3, 0, 1);   // L2 promotion 256B
    dump_one(7, 0x10000, 64, 16, 256, 32, 8, 3, 0, 1, 1);   // OOB fill NaN
    dump_one(7, 0x10000, 64, 16, 256, 32, 8, 0, 0, 0, 2);   // element stride 2 in dim 1
    dump_one(7, 0x10000, 64, 16, 256, 32, 8, 1, 0, 0, 1);   // swizzle 32B
    dump_one(7, 0x10000, 64, 16, 256, 32, 8, 2, 0, 0, 1);   // swizzle 64B
  }
  for (int type : {want_type})
    for (int replace : {want_rep}) {
      CUtensorMap map; cuuint64_t dims[2] = {(cuuint64_t)W, (cuuint64_t)H}, strides[1] = {(cuuint64_t)W * 4};
      cuuint32_t box[2] = {32, 8}, es[2] = {1, 1};
      void* gaddr = replace ? (void*)0x10000 : (void*)dev_addr;
      std::memset(&map, 0, sizeof map);
      CUresult r = !type ? CUDA_SUCCESS : enc(&map, (CUtensorMapDataType)type, 2, gaddr, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                       CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      if (r) { std::printf("encode type %d: CUresult %d\n", type, (int)r); continue; }
      if (type) {  // OpenCL's own calls must not find this context current
        CUcontext old = nullptr;
        auto pop = (CUresult(*)(CUcontext*))dlsym(lib, "cuCtxPopCurrent_v2");
        if (pop(&old)) { std::printf("cuCtxPopCurrent failed\n"); return 1; }
      }
      CK(clEnqueueWriteBuffer(q, mapbuf, CL_TRUE, 0, 128, &map, 0, nullptr, nullptr));
      std::vector<uint32_t> poison(256, 0xDEADBEEFu); CK(clEnqueueWriteBuffer(q, dst, CL_TRUE, 0, 1024, poison.data(), 0, nullptr, nullptr));
      cl_uint rep = replace, x = 32, y = 8;
      CK(clSetKernelArg(kp, 0, sizeof(cl_mem), &mapbuf)); CK(clSetKernelArg(kp, 1, sizeof(cl_mem), &slot));
      CK(clSetKernelArg(kp, 2, sizeof(cl_mem), &dst)); CK(clSetKernelArg(kp, 3, sizeof(cl_mem), &src));
      CK(clSetKernelArg(kp, 4, 4, &rep)); CK(clSetKernelArg(kp, 5, 4, &x)); CK(clSetKernelArg(kp, 6, 4, &y));
      cl_uint mode = want_mode; CK(clSetKernelArg(kp, 7, 4, &mode)); CK(clSetKernelArg(kp, 8, 128, &map));
      size_t g = 256, l = 256; CK(clEnqueueNDRangeKernel(q, kp, 1, nullptr, &g, &l, 0, nullptr, nullptr));
      std::vector<uint32_t> got(256); cl_int rr = clEnqueueReadBuffer(q, dst, CL_TRUE, 0, 1024, got.data(), 0, nullptr, nullptr);
      if (rr) { std::printf("type %d replace %d: read failed %d (kernel fault?)\n", type, replace, rr); return 1; }
      int same = 0, n_rne = 0, n_rna = 0, n_rz = 0, poisoned = 0;
      for (int i = 0; i < 256; ++i) {
        const uint32_t s = host[(8 + i / 32) * W + 32 + i % 32], o = got[i];
        same += o == s; n_rne += o == rne(s); n_rna += o == rna(s); n_rz += o == rz(s); poisoned += o == 0xDEADBEEFu;
      }
      std::printf("mode %d (%s) ", want_mode, want_mode == 0 ? "map in global memory" : want_mode == 1 ? "map as a parameter" : want_mode == 2 ? "1-D bulk copy, raw" : "no copy");
      std::printf("type %2d %s: of 256, as stored %d, RNE %d, RNA %d, RZ %d, poisoned %d\n", type,
                  replace ? "address replaced in-kernel" : "address encoded on host  ", same, n_rne, n_rna, n_rz, poisoned);
      if (type != CU_TENSOR_MAP_DATA_TYPE_FLOAT32 && !replace)
        for (int i = 0; i < 21 + 8; ++i) {
          const uint32_t s = host[(8 + i / 32) * W + 32 + i % 32], o = got[i];
          std::printf("  %08x -> %08x  (RNE %08x RNA %08x RZ %08x)%s\n", s, o, rne(s), rna(s), rz(s), o == rne(s) ? "" : "  <- not RNE");
        }
      if (type != CU_TENSOR_MAP_DATA_TYPE_FLOAT32 && !replace) {
        int tie_even = 0, ties = 0;
        for (int i = 64; i < 128; ++i) { const uint32_t s = host[(8 + i / 32) * W + 32 + i % 32]; ties++; tie_even += got[i] == rne(s); }
        std::printf("  ties: %d of %d to even\n", tie_even, ties);
      }
    }
  return 0;
}
