// TF32 with B loaded by TMA (H100/H200): the library's TF32 wgmma kernel (128 x 256 tiles, A from registers)
// edited so that work-item 0 loads each K step of B with cp.async.bulk.tensor through a TFLOAT32 tensor map
// (rounded by the copy, bench/tuning/tma_probe.cpp), into the same 128-byte-swizzled stage, one mbarrier a
// stage; A keeps its cp.async copies. Timed beside the library's own kernel on B rounded by the host (what
// today's runtime runs after its copy), Gemm<Math<TF32>> (the whole call) and cuBLAS TF32, on the same data,
// with each one's error against FP64 on 512 sampled elements and the count of elements where the two
// kernels differ. The map comes from libcuda's cuTensorMapEncodeTiled (dlopen; the device's primary
// context pushed around it), with B's device address read back from a kernel. Column-major, NN and TN.
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/tma_tf32_bench.cpp -o /tmp/tma_tf32
//       -L/usr/local/cuda/lib64 -lcublas -lcudart -lOpenCL -ldl
//   /tmp/tma_tf32 4096 8192 2048        env TM_TRANS (nn,tn), TM_ITERS, TM_L2 (the map's L2 promotion, 0-3),
//                                       TM_OPTS (the kernel's pipeline options), TM_PTX=dir; --dump: the text
// An experiment, not the runtime's path: the edits are string replacements on the library's program text,
// and fail loudly when that text changes.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <dlfcn.h>
#include <gemmcl/gemm.hpp>
#include "nvidia_peer.hpp"
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

static std::string replace_once(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  if (at == std::string::npos) { std::fprintf(stderr, "pattern not found: %s\n", from.c_str()); std::exit(1); }
  return s.replace(at, from.size(), to);
}
static std::string replace_all(std::string s, const std::string& from, const std::string& to, int expect) {
  int n = 0;
  for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size(), ++n) s.replace(at, from.size(), to);
  if (n != expect) { std::fprintf(stderr, "pattern %s found %d times, not %d\n", from.c_str(), n, expect); std::exit(1); }
  return s;
}

int main(int argc, char** argv) {
  using namespace gemmcl;
  const std::string lib_text(codegen::wgmma_source(element::info_of<float>).text);
  // The TMA variant's text.
  std::string t = lib_text;
  t = replace_once(t, "const ulong c_split\n#if GEMMCL_EPILOGUE", "const ulong c_split, __global const ulong* restrict b_tmap\n#if GEMMCL_EPILOGUE");
  t = replace_once(t, "  const uint base = SHARED_ADDR(smem);\n", R"(  const uint base = SHARED_ADDR(smem);
  // B by TMA: one mbarrier a stage, armed by work-item 0 with the stage's bytes before its copy.
  __local ulong tma_bar[STAGES] __attribute__((aligned(8)));
  const uint bar0 = SHARED_ADDR(tma_bar);
  uint tma_phases = 0;
  if (tid == 0) {
    for (int s = 0; s < STAGES; ++s)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar0 + 8u * s) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(b_tmap) : "memory");
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#define TMA_B(st, kc, nc)                                                                           \
  do {                                                                                              \
    if (tid == 0) {                                                                                 \
      const uint bar_ = bar0 + 8u * (((st) - base) / STAGE_BYTES);                                  \
      asm volatile("{\n.reg .b64 s;\nmbarrier.arrive.expect_tx.shared::cta.b64 s, [%0], %1;\n}"    \
                   ::"r"(bar_), "r"(BN * 128) : "memory");                                          \
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes " \
                   "[%0], [%1, {%2, %3}], [%4];" ::"r"((st) + TILE_A_BYTES), "l"(b_tmap), "r"(kc),  \
                   "r"(nc), "r"(bar_) : "memory");                                                  \
    }                                                                                               \
  } while (0)
#define TMA_WAIT()                                                                                  \
  do {                                                                                              \
    const uint bar_ = bar0 + 8u * st_read, par_ = (tma_phases >> st_read) & 1u;                     \
    uint ok_ = 0;                                                                                   \
    do {                                                                                            \
      asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"     \
                   "selp.u32 %0, 1, 0, p;\n}" : "=r"(ok_) : "r"(bar_), "r"(par_) : "memory");       \
    } while (!ok_);                                                                                 \
    tma_phases ^= 1u << st_read;                                                                    \
  } while (0)
)");
  t = replace_all(t, "s < CPT_B; ++s", "s < 0; ++s", 2);
  t = std::regex_replace(t, std::regex(R"((    if \(next_tile < tiles && steps > 0\) \{ *\\\n))"),
                         "$1      TMA_B(st, k_begin + copy_kt * BK, cn0); \\\n");
  t = std::regex_replace(t, std::regex(R"((    CP_ASYNC_WAIT\(\); *\\\n))"), "$1    TMA_WAIT(); \\\n");
  if (t.find("TMA_B(st,") == std::string::npos || t.find("TMA_WAIT(); \\") == std::string::npos) { std::fprintf(stderr, "macro edits failed\n"); return 1; }
  if (argc > 1 && std::string(argv[1]) == "--dump") { std::fputs(t.c_str(), stdout); return 0; }

  cl::Device dev = peer::nvidia_gpu();
  cl::Context ctx(dev);
  cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE), plain(ctx, dev);
  const int units = int(dev.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
  std::printf("%s, %s, %d units\n", dev.getInfo<CL_DEVICE_NAME>().c_str(), dev.getInfo<CL_DRIVER_VERSION>().c_str(), units);
  // libcuda's encoder, with the primary context pushed around it
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);
  auto enc = (CUresult(*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*, const cuuint64_t*, const cuuint32_t*,
                          const cuuint32_t*, CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill))dlsym(lib, "cuTensorMapEncodeTiled");
  auto cu_init = (CUresult(*)(unsigned))dlsym(lib, "cuInit");
  auto retain = (CUresult(*)(CUcontext*, CUdevice))dlsym(lib, "cuDevicePrimaryCtxRetain");
  auto push = (CUresult(*)(CUcontext))dlsym(lib, "cuCtxPushCurrent_v2");
  auto pop = (CUresult(*)(CUcontext*))dlsym(lib, "cuCtxPopCurrent_v2");
  CUcontext cuctx = nullptr;
  cu_init(0); retain(&cuctx, 0);
  cublasHandle_t h; CU(cublasCreate(&h));
  const int iters = std::atoi(peer::env("TM_ITERS", "10").c_str());
  const std::string l2 = peer::env("TM_L2", "3");
  std::vector<std::array<std::size_t, 3>> shapes;
  for (int i = 1; i < argc; ++i) { std::size_t m, n, k; if (std::sscanf(argv[i], "%zux%zux%zu", &m, &n, &k) != 3) m = n = k = std::stoul(argv[i]); shapes.push_back({m, n, k}); }
  // the device address of a buffer
  cl::Program pa(ctx, "__kernel void addr(__global const float* p, __global ulong* o) { o[0] = (ulong)p; }");
  pa.build({dev});
  cl::Kernel ka(pa, "addr");
  cl::Buffer out(ctx, CL_MEM_READ_WRITE, 8);
  const auto address = [&](const cl::Buffer& b) { ka.setArg(0, b); ka.setArg(1, out); q.enqueueNDRangeKernel(ka, cl::NullRange, cl::NDRange(1), cl::NDRange(1)); cl_ulong v = 0; q.enqueueReadBuffer(out, CL_TRUE, 0, 8, &v); return v; };
  std::stringstream trs(peer::env("TM_TRANS", "nn,tn"));
  for (std::string tr; std::getline(trs, tr, ',');) {
    const bool ta = tr[0] == 't';
    const std::string extra = peer::env("TM_OPTS", "-DGEMMCL_WG_STAGES=4 -DGEMMCL_WG_INFLIGHT=1");
    const std::string options = std::string("-DGEMMCL_TRANS_A=") + (ta ? "1" : "0") + " -DGEMMCL_TRANS_B=0 -DGEMMCL_TC_C_NARROW=0 -DGEMMCL_TC_SM90=1 "
                                "-DGEMMCL_WG_A_REGS=1 -DGEMMCL_WG_BN=256 -DGEMMCL_WG_TF32_ROUNDED=1 " + extra;
    cl::Kernel kern[2];
    for (int v = 0; v < 2; ++v) {
      cl::Program src(ctx, v ? t : lib_text);
      try { src.build({dev}, options.c_str()); } catch (...) { std::printf("build failed (%d):\n%s\n", v, src.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str()); return 1; }
      const auto bins = src.getInfo<CL_PROGRAM_BINARIES>();
      const std::string ptx = runtime::ptx::to_sm90a(std::string_view((const char*)bins[0].data(), bins[0].size()));
      if (const char* d = std::getenv("TM_PTX")) { FILE* f = std::fopen((std::string(d) + "/" + tr + (v ? "_tma" : "_lib") + ".ptx").c_str(), "w"); std::fwrite(ptx.data(), 1, ptx.size(), f); std::fclose(f); }
      cl::Program prog(ctx, {dev}, cl::Program::Binaries{std::vector<unsigned char>(ptx.begin(), ptx.end())});
      try { prog.build({dev}); } catch (...) { std::printf("PTX build failed (%d):\n%s\n", v, prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str()); return 1; }
      kern[v] = cl::Kernel(prog, "gemmcl_wgmma");
    }
    for (const auto& [m, n, kk] : shapes) {
      const std::size_t lda = ta ? kk : m, ldb = kk, ldc = m;
      std::mt19937 rng(42); std::uniform_real_distribution<float> U(-1, 1);
      std::vector<float> a(m * kk), b(kk * n);
      for (float& x : a) x = U(rng);
      for (float& x : b) x = U(rng);
      std::vector<float> br = b;
      for (float& x : br) { uint32_t u; std::memcpy(&u, &x, 4); u = (u + 0xFFFu + ((u >> 13) & 1u)) & ~0x1FFFu; std::memcpy(&x, &u, 4); }
      cl::Buffer da(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a.size() * 4, a.data());
      cl::Buffer db(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, b.size() * 4, b.data());
      cl::Buffer dbr(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, b.size() * 4, br.data());
      cl::Buffer dc0(ctx, CL_MEM_READ_WRITE, m * n * 4), dc1(ctx, CL_MEM_READ_WRITE, m * n * 4), dl(ctx, CL_MEM_READ_WRITE, m * n * 4);
      cl::Buffer mapbuf(ctx, CL_MEM_READ_ONLY, 128);
      // the map: B as {K (inner), N}, boxes of 32 x 256, 128-byte swizzle, TFLOAT32
      CUtensorMap map;
      cuuint64_t dims[2] = {kk, n}, strides[1] = {ldb * 4}; cuuint32_t box[2] = {32, 256}, es[2] = {1, 1};
      push(cuctx);
      CUresult r = enc(&map, CU_TENSOR_MAP_DATA_TYPE_TFLOAT32, 2, (void*)address(db), dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                       CU_TENSOR_MAP_SWIZZLE_128B, (CUtensorMapL2promotion)std::atoi(l2.c_str()), CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      CUcontext old; pop(&old);
      if (r) { std::printf("encode failed %d\n", (int)r); return 1; }
      q.enqueueWriteBuffer(mapbuf, CL_TRUE, 0, 128, &map);
      void *ga, *gb, *gc;
      CU(cudaMalloc(&ga, a.size() * 4)); CU(cudaMalloc(&gb, b.size() * 4)); CU(cudaMalloc(&gc, m * n * 4));
      CU(cudaMemcpy(ga, a.data(), a.size() * 4, cudaMemcpyHostToDevice)); CU(cudaMemcpy(gb, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
      const float alpha = 1, beta = 0;
      const std::size_t tiles = ((m + 127) / 128) * ((n + 255) / 256), groups = std::min<std::size_t>(tiles, units);
      for (int v = 0; v < 2; ++v) {
        int i = 0; cl::Kernel& kn = kern[v];
        kn.setArg(i++, int(m)); kn.setArg(i++, int(n)); kn.setArg(i++, int(kk)); kn.setArg(i++, int(kk));
        kn.setArg(i++, alpha); kn.setArg(i++, 0.0f);
        kn.setArg(i++, da); kn.setArg(i++, cl_ulong(0)); kn.setArg(i++, int(lda));
        kn.setArg(i++, v ? db : dbr); kn.setArg(i++, cl_ulong(0)); kn.setArg(i++, int(ldb));
        kn.setArg(i++, v ? dc1 : dc0); kn.setArg(i++, cl_ulong(0)); kn.setArg(i++, int(ldc)); kn.setArg(i++, cl_ulong(0));
        if (v) kn.setArg(i++, mapbuf);
      }
      const auto run = [&](int v) { cl::Event e; q.enqueueNDRangeKernel(kern[v], cl::NullRange, cl::NDRange(groups * 256), cl::NDRange(256), nullptr, &e); return e; };
      const Gemm<Math<MathMode::TF32>> gemm;
      const Transpose opa = ta ? Transpose::Yes : Transpose::No;
      const auto libcall = [&] { gemm(plain, Layout::ColMajor, opa, Transpose::No, m, n, kk, alpha, da, 0, lda, db, 0, ldb, beta, dl, 0, ldc); };
      const auto cub = [&] { CU(cublasGemmEx(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, int(m), int(n), int(kk), &alpha, ga, CUDA_R_32F, int(lda), gb, CUDA_R_32F, int(ldb), &beta, gc, CUDA_R_32F, int(ldc), CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT)); };
      for (int v = 0; v < 2; ++v) for (int w = 0; w < 2; ++w) run(v).wait();
      libcall(); plain.finish(); cub(); CU(cudaDeviceSynchronize());
      std::vector<double> tk[2], tl, tc;
      for (int rr = 0; rr < 5; ++rr) {
        for (int v = 0; v < 2; ++v) {
          std::vector<cl::Event> ev; for (int i = 0; i < iters; ++i) ev.push_back(run(v)); q.finish();
          double busy = 0; for (auto& e : ev) busy += double(e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>());
          tk[v].push_back(busy * 1e-9 / iters);
        }
        auto t0 = std::chrono::steady_clock::now(); for (int i = 0; i < iters; ++i) libcall(); plain.finish();
        tl.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / iters);
        tc.push_back(peer::cuda_seconds(iters, cub));
      }
      std::vector<float> c0(m * n), c1(m * n), cl_(m * n), cc(m * n);
      q.enqueueReadBuffer(dc0, CL_TRUE, 0, c0.size() * 4, c0.data()); q.enqueueReadBuffer(dc1, CL_TRUE, 0, c1.size() * 4, c1.data());
      q.enqueueReadBuffer(dl, CL_TRUE, 0, cl_.size() * 4, cl_.data()); CU(cudaMemcpy(cc.data(), gc, cc.size() * 4, cudaMemcpyDeviceToHost));
      double e0 = 0, e1 = 0, el = 0, ec = 0, norm = 0; std::size_t differ = 0;
      std::mt19937 pick(7);
      for (int x = 0; x < 512; ++x) {
        const std::size_t i = pick() % m, j = pick() % n, at = i + j * ldc; double ref = 0;
        for (std::size_t p = 0; p < kk; ++p) ref += double(ta ? a[i * lda + p] : a[p * lda + i]) * double(b[j * ldb + p]);
        e0 += std::pow(c0[at] - ref, 2); e1 += std::pow(c1[at] - ref, 2); el += std::pow(cl_[at] - ref, 2); ec += std::pow(cc[at] - ref, 2); norm += ref * ref;
      }
      for (std::size_t i = 0; i < c0.size(); ++i) differ += c0[i] != c1[i];
      const double fl = 2.0 * double(m) * double(n) * double(kk) * 1e-12;
      const double k0 = fl / peer::median(tk[0]), k1 = fl / peer::median(tk[1]), lt = fl / peer::median(tl), ct = fl / peer::median(tc);
      std::printf("%s %zux%zux%zu  kernel on rounded B %6.1f (%.3f)  TMA-B kernel %6.1f (%.3f)  Gemm<TF32> %6.1f (%.3f)  cuBLAS %6.1f  "
                  "err: lib-kernel %.2e TMA %.2e Gemm %.2e cuBLAS %.2e (TMA x%.2f)  elements differing lib/TMA kernel %zu\n",
                  tr.c_str(), m, n, kk, k0, k0 / ct, k1, k1 / ct, lt, lt / ct, ct, std::sqrt(e0 / norm), std::sqrt(e1 / norm), std::sqrt(el / norm),
                  std::sqrt(ec / norm), std::sqrt(e1 / ec), differ);
      std::fflush(stdout);
      cudaFree(ga); cudaFree(gb); cudaFree(gc);
    }
  }
}
