// Probe: TF32 on wgmma with a producer warpgroup that rounds in registers (H100/H200, through the PTX step).
// The library's TF32 wgmma kernel rounds its inputs either in local memory (a pass that halves its speed)
// or in copies of A and B made first (a pass over both operands). Here a third warpgroup loads each K step
// of A and B from global memory into registers, rounds them (cvt.rn.tf32.f32), transposes where an operand
// is stored M- or N-contiguous, and stores them into the swizzled K-major stages that the two consumer
// warpgroups' wgmma reads: no extra pass over local or global memory. One work-group barrier per K step:
// while the consumers' MMAs of step g run, the producer stores step g + 1 and loads step g + 2 (with two
// producers, each takes every other step). Tiles 128 x 256 (128 x 192 with two producers), K steps of 32
// floats, three stages, persistent over the tiles; the kernel is tf32_producer_kernel.hpp. Interior shapes
// only (whole tiles): a probe of the main loop's speed, not a kernel. bench/results/h200-sgemm.md has what it found.
// Each case beside cuBLAS TF32 (cublasGemmEx, CUBLAS_COMPUTE_32F_FAST_TF32) and gemmcl's Gemm<Math<TF32>>,
// errors against FP64 on sampled elements.
//
//   g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/tf32_producer.cpp -o /tmp/tf32p
//       -L/usr/local/cuda/lib64 -lcublas -lcudart -lOpenCL
//   /tmp/tf32p 4096 8192 4096x4608x4096     (N or MxNxK; --dump [library]: a program's text)
// Environment: TP_TRANS (tn,nn,tt,nt), TP_VARIANTS (name:build options,...; the kernel's P_* options, or
// P_LIBRARY=1: the library's own kernel on operands rounded by the host, GEMMCL_WG_BM and _BN its tile),
// TP_ITERS, TP_PTX=dir (keeps the PTX). bench/results/h200-tf32-producer.txt (in git's history at c7d2fdf) lists the variants run.

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <gemmcl/gemm.hpp>

#include "nvidia_peer.hpp"
#include "tf32_producer_kernel.hpp"

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using tf32_probe::producer_kernel;


double draw_state(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return double((z ^ (z >> 31)) >> 11) * 0x1.0p-52 - 1.0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gemmcl;
  // The library's TF32 wgmma program without its own kernel, the m64n192k8 wrapper (which the library
  // does not emit), and the probe's kernel.
  const std::string_view library = codegen::wgmma_source(element::info_of<float>).text;
  std::string text(library.substr(0, library.size() - codegen::tensor::wgmma_kernel.size()));
  text += "#if BN == 192\n#define WGMMA_ACC(acc)";
  for (int i = 0; i < 96; ++i) text += std::string(i ? ", " : " ") + "\"+f\"(acc[" + std::to_string(i) + "])";
  text += "\n#define WGMMA_MMA(acc, da, db) asm volatile(\"{\\n//@.reg .pred p;\\n//@setp.ne.b32 p, %98, 0;\\n\" "
          "\"//@wgmma.mma_async.sync.aligned.m64n192k8.f32.tf32.tf32 {";
  for (int i = 0; i < 96; ++i) text += (i ? ", %" : "%") + std::to_string(i);
  text += "}, %96, %97, p, 1, 1;\\n}\" : WGMMA_ACC(acc) : \"l\"(da), \"l\"(db), \"r\"(1))\n#endif\n";
  // P_LIBRARY=1 variants run the library's own kernel (gemmcl_wgmma, the BN = 192 wrapper above it) on
  // A and B rounded by the host, as the runtime's copies would leave them: what the tile alone is worth.
  const std::string library_text = text + std::string(codegen::tensor::wgmma_kernel);
  text += producer_kernel;
  if (library.substr(library.size() - codegen::tensor::wgmma_kernel.size()) != codegen::tensor::wgmma_kernel) {
    std::fprintf(stderr, "the library's wgmma program no longer ends with its kernel\n");
    return 1;
  }
  if (argc > 1 && std::string(argv[1]) == "--dump") {  // the program's text, for offline compilers
    std::fputs((argc > 2 && std::string(argv[2]) == "library" ? library_text : text).c_str(), stdout);
    return 0;
  }
  cl::Device dev = peer::nvidia_gpu();
  cl::Context ctx(dev);
  cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE), plain(ctx, dev);
  const int units = int(dev.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
  std::printf("%s, %s, %d units\n", dev.getInfo<CL_DEVICE_NAME>().c_str(), dev.getInfo<CL_DRIVER_VERSION>().c_str(), units);
  cublasHandle_t h;
  CU(cublasCreate(&h));
  std::vector<std::string> trans_list;
  {
    std::stringstream ss(peer::env("TP_TRANS", "tn,nn,tt,nt"));
    for (std::string x; std::getline(ss, x, ',');) trans_list.push_back(x);
  }
  const int iters = std::atoi(peer::env("TP_ITERS", "10").c_str());
  // Shapes: N (N^3) or MxNxK.
  std::vector<std::array<std::size_t, 3>> shapes;
  for (int i = 1; i < argc; ++i) {
    std::size_t m = 0, n = 0, k = 0;
    if (std::sscanf(argv[i], "%zux%zux%zu", &m, &n, &k) != 3) m = n = k = std::stoul(argv[i]);
    shapes.push_back({m, n, k});
  }
  if (shapes.empty()) shapes = {{4096, 4096, 4096}};

  // TP_VARIANTS: name:build options, comma-separated (the rounding, below).
  std::vector<std::pair<std::string, std::string>> variants;
  {
    std::stringstream ss(peer::env("TP_VARIANTS", "cvt:-DP_ROUND=0,veltkamp:-DP_ROUND=1,truncate:-DP_ROUND=2"));
    for (std::string x; std::getline(ss, x, ',');) {
      const auto colon = x.find(':');
      variants.emplace_back(x.substr(0, colon), colon == std::string::npos ? "" : x.substr(colon + 1));
    }
  }
  for (const std::string& tr : trans_list)
  for (const auto& [vname, vopt] : variants) {
    const bool ta = tr[0] == 't', tb = tr[1] == 't';
    const int a_mn = ta ? 0 : 1, b_mn = tb ? 1 : 0;
    // The tile's width and the producers, from the variant's options (128 x 256 and one by default).
    const auto option = [&](const std::string& name, int fallback) {
      const auto at = vopt.find("-D" + name + "=");
      return at == std::string::npos ? fallback : std::atoi(vopt.c_str() + at + name.size() + 3);
    };
    const bool own = option("P_LIBRARY", 0) != 0;
    const int bm = option("GEMMCL_WG_BM", 128), bn = option("GEMMCL_WG_BN", 256);
    const int threads = own ? 2 * bm : 256 + 128 * option("P_PRODUCERS", 1);
    const bool b_rounded = own || option("P_B_ASYNC", 0) != 0;  // the kernel reads B rounded already (by the host)
    if ((b_rounded && tb) || (own && !ta)) continue;
    const std::string options = "-DGEMMCL_TRANS_A=1 -DGEMMCL_TRANS_B=0 -DGEMMCL_TC_C_NARROW=0 -DGEMMCL_TC_SM90=1 "
                                "-DGEMMCL_WG_BN=" + std::to_string(bn) + (own ? " -DGEMMCL_WG_TF32_ROUNDED=1 " : " -DGEMMCL_WG_STAGES=3 -DGEMMCL_WG_INFLIGHT=1 ") +
                                "-DP_A_MN=" + std::to_string(a_mn) + " -DP_B_MN=" + std::to_string(b_mn) + " " + vopt;
    cl::Program src(ctx, own ? library_text : text);
    try {
      src.build({dev}, options.c_str());
    } catch (...) {
      std::printf("build failed (%s %s):\n%s\n", tr.c_str(), vname.c_str(), src.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str());
      return 1;
    }
    const auto bins = src.getInfo<CL_PROGRAM_BINARIES>();
    const std::string ptx = runtime::ptx::to_sm90a(std::string_view((const char*)bins[0].data(), bins[0].size()));
    if (const char* dir = std::getenv("TP_PTX")) {
      if (FILE* f = std::fopen((std::string(dir) + "/tf32_producer_" + tr + "_" + vname + ".ptx").c_str(), "w")) {
        std::fwrite(ptx.data(), 1, ptx.size(), f);
        std::fclose(f);
      }
    }
    cl::Program prog(ctx, {dev}, cl::Program::Binaries{std::vector<unsigned char>(ptx.begin(), ptx.end())});
    prog.build({dev});
    cl::Kernel kern(prog, own ? "gemmcl_wgmma" : "tf32_producer");

    for (const auto& [m, n, kk] : shapes) {
      if (m % bm || n % bn || kk % 32) {
        std::printf("%s %-9s %zux%zux%zu: not whole tiles of %d x %d x 32, skipped\n", tr.c_str(), vname.c_str(), m, n, kk, bm, bn);
        continue;
      }
      const std::size_t lda = ta ? kk : m, ldb = tb ? n : kk, ldc = m;
      std::uint64_t state = 42;
      std::vector<float> a(m * kk), b(kk * n);
      for (float& x : a) x = float(draw_state(state));
      for (float& x : b) x = float(draw_state(state));
      cl::Buffer da(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a.size() * 4, a.data());
      cl::Buffer db(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, b.size() * 4, b.data());
      cl::Buffer dc(ctx, CL_MEM_READ_WRITE, m * n * 4), dl(ctx, CL_MEM_READ_WRITE, m * n * 4);
      void *ga, *gb, *gc;
      CU(cudaMalloc(&ga, a.size() * 4));
      CU(cudaMalloc(&gb, b.size() * 4));
      CU(cudaMalloc(&gc, m * n * 4));
      CU(cudaMemcpy(ga, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
      CU(cudaMemcpy(gb, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
      const float alpha = 1, beta = 0;
      const std::size_t tiles = (m / bm) * (n / bn), groups = std::min<std::size_t>(tiles, units);
      // B rounded to TF32 (nearest, ties to even: finite values) for variants that copy it unchanged.
      const auto rounded = [&](std::vector<float> v) {
        for (float& x : v) {
          std::uint32_t u;
          std::memcpy(&u, &x, 4);
          u = (u + 0xFFFu + ((u >> 13) & 1u)) & ~0x1FFFu;
          std::memcpy(&x, &u, 4);
        }
        return cl::Buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, v.size() * 4, v.data());
      };
      cl::Buffer db_tf32 = b_rounded ? rounded(b) : db, da_tf32 = own ? rounded(a) : da;
      if (own) {  // gemmcl_wgmma(m, n, k, k_chunk, alpha, beta, a, a_offset, lda, b, b_offset, ldb, c, c_offset, ldc, c_split)
        int i = 0;
        kern.setArg(i++, int(m)); kern.setArg(i++, int(n)); kern.setArg(i++, int(kk)); kern.setArg(i++, int(kk));
        kern.setArg(i++, alpha); kern.setArg(i++, 0.0f);
        kern.setArg(i++, da_tf32); kern.setArg(i++, cl_ulong(0)); kern.setArg(i++, int(lda));
        kern.setArg(i++, db_tf32); kern.setArg(i++, cl_ulong(0)); kern.setArg(i++, int(ldb));
        kern.setArg(i++, dc); kern.setArg(i++, cl_ulong(0)); kern.setArg(i++, int(ldc)); kern.setArg(i++, cl_ulong(0));
      } else {
        kern.setArg(0, int(m)); kern.setArg(1, int(n)); kern.setArg(2, int(kk)); kern.setArg(3, alpha);
        kern.setArg(4, da); kern.setArg(5, int(lda)); kern.setArg(6, db_tf32); kern.setArg(7, int(ldb));
        kern.setArg(8, dc); kern.setArg(9, int(ldc));
      }
      const auto probe = [&] {
        cl::Event e;
        q.enqueueNDRangeKernel(kern, cl::NullRange, cl::NDRange(groups * threads), cl::NDRange(threads), nullptr, &e);
        return e;
      };
      const Gemm<Math<MathMode::TF32>> gemm;
      const Transpose opa = ta ? Transpose::Yes : Transpose::No, opb = tb ? Transpose::Yes : Transpose::No;
      const auto lib = [&] { gemm(plain, Layout::ColMajor, opa, opb, m, n, kk, alpha, da, 0, lda, db, 0, ldb, beta, dl, 0, ldc); };
      const auto cub = [&] {
        CU(cublasGemmEx(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, int(m), int(n), int(kk), &alpha,
                        ga, CUDA_R_32F, int(lda), gb, CUDA_R_32F, int(ldb), &beta, gc, CUDA_R_32F, int(ldc),
                        CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT));
      };
      for (int i = 0; i < 2; ++i) probe().wait();
      lib(); plain.finish();
      cub(); CU(cudaDeviceSynchronize());
      std::vector<double> tp, tl, tc;
      for (int r = 0; r < 5; ++r) {
        std::vector<cl::Event> ev;
        for (int i = 0; i < iters; ++i) ev.push_back(probe());
        q.finish();
        double busy = 0;
        for (auto& e : ev) busy += double(e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>());
        tp.push_back(busy * 1e-9 / iters);
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < iters; ++i) lib();
        plain.finish();
        tl.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / iters);
        tc.push_back(peer::cuda_seconds(iters, cub));
      }
      std::vector<float> cp(m * n), cl_(m * n), cc(m * n);
      q.enqueueReadBuffer(dc, CL_TRUE, 0, cp.size() * 4, cp.data());
      q.enqueueReadBuffer(dl, CL_TRUE, 0, cl_.size() * 4, cl_.data());
      CU(cudaMemcpy(cc.data(), gc, cc.size() * 4, cudaMemcpyDeviceToHost));
      const auto a_at = [&](std::size_t i, std::size_t p) { return double(ta ? a[i * lda + p] : a[p * lda + i]); };
      const auto b_at = [&](std::size_t p, std::size_t j) { return double(tb ? b[p * ldb + j] : b[j * ldb + p]); };
      double ep = 0, el = 0, ec = 0, norm = 0;
      std::mt19937 pick(7);
      for (int x = 0; x < 512; ++x) {
        const std::size_t i = pick() % m, j = pick() % n, at = i + j * ldc;
        double ref = 0;
        for (std::size_t p = 0; p < kk; ++p) ref += a_at(i, p) * b_at(p, j);
        ep += std::pow(cp[at] - ref, 2); el += std::pow(cl_[at] - ref, 2); ec += std::pow(cc[at] - ref, 2);
        norm += ref * ref;
      }
      const double fl = 2.0 * double(m) * double(n) * double(kk) * 1e-12;
      const double p_tf = fl / peer::median(tp), l_tf = fl / peer::median(tl), c_tf = fl / peer::median(tc);
      std::printf("%s %-9s %zux%zux%zu  probe %6.1f  gemmcl %6.1f  cuBLAS %6.1f TFLOPS  probe/cuBLAS %.3f  gemmcl/cuBLAS %.3f  "
                  "err probe %.2e gemmcl %.2e cuBLAS %.2e (probe x%.2f)\n",
                  tr.c_str(), vname.c_str(), m, n, kk, p_tf, l_tf, c_tf, p_tf / c_tf, l_tf / c_tf, std::sqrt(ep / norm), std::sqrt(el / norm),
                  std::sqrt(ec / norm), std::sqrt(ep / ec));
      std::fflush(stdout);
      cudaFree(ga); cudaFree(gb); cudaFree(gc);
    }
  }
  cublasDestroy(h);
}
