// Launches a gemmcl kernel from the PTX that NVIDIA's OpenCL compiler produced, through the CUDA driver
// API, so that Nsight Compute can profile it: ncu does not see OpenCL kernels, and the driver's PTX runs
// as fast this way as through OpenCL.
// Column-major, alpha 1, beta 0, no split; checks 64 entries against a double reference. PTXRUN_TRANS=tn
// (say) for a kernel built with GEMMCL_TRANS_A=1: A is then stored k x m.
// On the GPU machine, after `PERF_PTX=name OUT=dir bash bench/tuning/run.sh ...` saved dir/name.ptx:
//   nvcc -O2 -std=c++17 bench/tuning/ptxrun.cpp -o ptxrun -lcuda -lcublas
//   sed 's/%envreg[0-9]*/0/g' dir/name.ptx | tr -d '\0' > k.ptx      # OpenCL's global offsets -> 0
//   (a persistent kernel, gemmcl_wgmma: sed -e 's/%envreg6/%nctaid.x/g' first; driver 580 keeps the
//   number of work-groups along dimension 0 there, and a 0 would never end the kernel's tile loop)
//   ./ptxrun k.ptx M N K TILE_M TILE_N BX BY dbl(0/1) iters           # BX x BY = the work-group
//   ncu --set full -k gemmcl_gemm -c 1 -o k ./ptxrun k.ptx ... 1
//   ncu -i k.ncu-rep --page source --csv --print-source sass > k.csv  # stall samples per instruction
// With a trailing argument it times cuBLAS on the same shape instead (for its profile).
// PTXRUN_TMA=1 (with PTXRUN_KERNEL=gemmcl_dmma, dbl 1): the DMMA kernel loading by TMA, whose PTX is the
// sm_90a text the runtime builds: run gemmcl_bench on that one transpose pair with a fresh
// GEMMCL_CACHE_DIR, and take the entry holding ".entry gemmcl_dmma" from its first "//" to the first
// NUL, %envreg -> 0 as above. Its maps are passed as the runtime writes them (runtime/tensor_map.hpp),
// the operands' addresses in them, with a slot of 256 bytes per work-group; its local memory over 48 KiB
// becomes dynamic. Build with `-Iinclude ... -lOpenCL` (the map encoder's error type).
// PTXRUN_PER_CALL=1: besides the run of `iters` calls, `iters` (at most 200) calls each between its own
// events, all held behind a host function until enqueued, as gemmcl_bench times them since its gate;
// the median per call in microseconds. Both for the kernel and for cuBLAS.
// PTXRUN_PARTS=p: K split in p parts added in the kernel (PTX built with GEMMCL_SPLIT_IN_KERNEL=1, as
// perf.cpp's register report builds it): a workspace of p slices, one ticket per tile, C as D.
// Its closing spot check printed an error of 1.0 for the skinny TN kernel in 4 parts (2026-12-03) while the
// same kernel passed through OpenCL: suspect this check with parts, not the kernel (not investigated).
#include <cuda.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gemmcl/runtime/tensor_map.hpp"
#define CK(x) do { auto s_ = (x); if ((int)s_ != 0) { std::printf("FAIL %s = %d line %d\n", #x, (int)s_, __LINE__); std::exit(1); } } while (0)
// PTXRUN_PER_CALL: the median of `iters` calls of run(), each between its own events on the legacy
// stream, held behind a host function until all are enqueued (microseconds).
template <class Run>
static double per_call_us(Run run, int iters) {
  iters = std::min(iters, 200);  // the held commands must fit in the stream's queue
  std::vector<CUevent> ev(2 * (size_t)iters);
  for (auto& e : ev) CK(cuEventCreate(&e, 0));
  std::atomic<bool> open{false};
  CK(cuLaunchHostFunc(0, [](void* p) { while (!static_cast<std::atomic<bool>*>(p)->load()) std::this_thread::yield(); }, &open));
  for (int i = 0; i < iters; ++i) { CK(cuEventRecord(ev[2 * i], 0)); run(); CK(cuEventRecord(ev[2 * i + 1], 0)); }
  open = true;
  CK(cuCtxSynchronize());
  std::vector<double> t;
  for (int i = 0; i < iters; ++i) { float ms; CK(cuEventElapsedTime(&ms, ev[2 * i], ev[2 * i + 1])); t.push_back(ms * 1e3); }
  for (auto& e : ev) cuEventDestroy(e);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
int main(int argc, char** argv) {
  std::ifstream f(argv[1]); std::stringstream ss; ss << f.rdbuf(); std::string ptx = ss.str();
  const int M = atoi(argv[2]), N = atoi(argv[3]), K = atoi(argv[4]), TM = atoi(argv[5]), TN = atoi(argv[6]);
  const int BX = atoi(argv[7]), BY = atoi(argv[8]), dbl = atoi(argv[9]), iters = atoi(argv[10]);
  const bool cub = argc > 11;
  const char* tr = std::getenv("PTXRUN_TRANS");
  const bool ta = tr && tr[0] == 't', tb = tr && tr[1] == 't';
  // PTXRUN_LD=n: leading dimension of A and B (a packed copy's), where it differs from the tight one.
  const unsigned ld_env = std::getenv("PTXRUN_LD") ? (unsigned)atoi(std::getenv("PTXRUN_LD")) : 0;
  const unsigned lda = ld_env ? ld_env : ta ? K : M, ldb = ld_env ? ld_env : tb ? N : K;
  const size_t es = dbl ? 8 : 4;
  CK(cuInit(0)); CUdevice dev; CK(cuDeviceGet(&dev, 0)); CUcontext ctx; CK(cuDevicePrimaryCtxRetain(&ctx, dev)); CK(cuCtxSetCurrent(ctx));
  const size_t a_elems = (size_t)lda * (ta ? M : K), b_elems = (size_t)ldb * (tb ? K : N);
  CUdeviceptr a, b, c; CK(cuMemAlloc(&a, a_elems * es)); CK(cuMemAlloc(&b, b_elems * es)); CK(cuMemAlloc(&c, (size_t)M * N * es));
  std::vector<char> host(std::max(a_elems, b_elems) * es);
  if (dbl) { auto* p = (double*)host.data(); for (size_t i = 0; i < host.size() / 8; ++i) p[i] = (double)((i * 2654435761u) % 1000) / 1000.0 - 0.5; }
  else { auto* p = (float*)host.data(); for (size_t i = 0; i < host.size() / 4; ++i) p[i] = (float)((i * 2654435761u) % 1000) / 1000.0f - 0.5f; }
  CK(cuMemcpyHtoD(a, host.data(), a_elems * es)); CK(cuMemcpyHtoD(b, host.data(), b_elems * es));
  CUevent e0, e1; CK(cuEventCreate(&e0, 0)); CK(cuEventCreate(&e1, 0));
  if (cub) {
    cublasHandle_t h; CK(cublasCreate(&h));
    double one = 1, zero = 0; float onef = 1, zerof = 0;
    auto run = [&] { if (dbl) CK(cublasDgemm(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, M, N, K, &one, (double*)a, lda, (double*)b, ldb, &zero, (double*)c, M));
                     else CK(cublasSgemm(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, M, N, K, &onef, (float*)a, lda, (float*)b, ldb, &zerof, (float*)c, M)); };
    run(); CK(cuCtxSynchronize());
    CK(cuEventRecord(e0, 0)); for (int i = 0; i < iters; ++i) run(); CK(cuEventRecord(e1, 0)); CK(cuEventSynchronize(e1));
    float ms; CK(cuEventElapsedTime(&ms, e0, e1)); std::printf("cublas %.2f TFLOPS\n", 2.0 * M * N * K * iters / (ms * 1e-3) * 1e-12);
    if (std::getenv("PTXRUN_PER_CALL")) std::printf("cublas per call, gated: %.2f us\n", per_call_us(run, iters));
    return 0;
  }
  // parameters from the .entry
  // PTXRUN_KERNEL=name: another kernel of the same leading parameters (gemmcl_dmma, say); its work-groups
  // then form one flat row of tiles, as the tensor-core kernels raster them.
  const char* kname_env = std::getenv("PTXRUN_KERNEL");
  const std::string kname = kname_env ? kname_env : "gemmcl_gemm";
  const bool flat = kname_env != nullptr;
  auto s = ptx.find(".entry " + kname + "("); auto e = ptx.find(")", s);
  std::string sig = ptx.substr(s, e - s);
  std::vector<std::string> types; std::regex re(R"(\.param\s+\.(\w+))");
  for (std::sregex_iterator it(sig.begin(), sig.end(), re), end; it != end; ++it) types.push_back((*it)[1]);
  // Static local memory over 48 KiB, which CUDA only grants dynamically: the largest array becomes the
  // dynamic one (the others stay static).
  unsigned dyn_smem = 0;
  {
    std::regex sh(R"(\.shared \.align (\d+) \.b8 (\S+)\[(\d+)\];)");
    std::smatch best; unsigned most = 0;
    for (std::sregex_iterator it(ptx.begin(), ptx.end(), sh), end; it != end; ++it)
      if ((unsigned)std::stoul((*it)[3]) > most) { most = (unsigned)std::stoul((*it)[3]); best = *it; }
    if (most > 48 * 1024) {
      dyn_smem = most;
      const std::string decl = ".extern .shared .align " + best[1].str() + " .b8 " + best[2].str() + "[];\n";
      ptx.erase(best.position(0), best.length(0));  // at module scope instead: before the first entry
      const size_t entry = ptx.rfind("\n", ptx.find(".entry"));
      ptx.insert(entry == std::string::npos ? 0 : entry + 1, decl);
    }
  }
  CUmodule mod; char log[8192] = {0};
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES}; void* vals[] = {log, (void*)(size_t)sizeof(log)};
  if (cuModuleLoadDataEx(&mod, ptx.c_str(), 2, opts, vals) != CUDA_SUCCESS) { std::printf("load failed: %s\n", log); return 1; }
  CUfunction fn; CK(cuModuleGetFunction(&fn, mod, kname.c_str()));
  if (dyn_smem) CK(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)dyn_smem));
  // m, n, k_total, k_chunk, alpha, beta, a, a_off, lda, b, b_off, ldb, c, c_off, ldc, c_split, [tickets, d, d_off,
  // ldd, d_alpha, d_beta with K split in the kernel,] c_whole (codegen/prologue.hpp's order)
  struct V { unsigned long long u; double d; bool isf; std::vector<char> blob{}; };
  const bool tma = std::getenv("PTXRUN_TMA") != nullptr;
  const unsigned parts = std::getenv("PTXRUN_PARTS") ? (unsigned)atoi(std::getenv("PTXRUN_PARTS")) : 1;
  const unsigned gx = (M + TM - 1) / TM, gy = (N + TN - 1) / TN, chunk = (K + parts - 1) / parts;
  CUdeviceptr w = 0, tickets = 0;
  if (parts > 1) {
    CK(cuMemAlloc(&w, (size_t)parts * M * N * es)); CK(cuMemAlloc(&tickets, (size_t)gx * gy * 4));
    CK(cuMemsetD32(tickets, 0, (size_t)gx * gy));
  }
  std::vector<V> v = parts == 1
      ? std::vector<V>{{(unsigned)M}, {(unsigned)N}, {(unsigned)K}, {(unsigned)K}, {0, 1.0, true}, {0, 0.0, true},
                       {a}, {0}, {lda}, {b}, {0}, {ldb}, {c}, {0}, {(unsigned)M}, {0}, {M % 4 == 0 ? 1u : 0u}, {0}, {0}, {0}, {0}, {0, 1.0, true}, {0, 0.0, true}}
      : std::vector<V>{{(unsigned)M}, {(unsigned)N}, {(unsigned)K}, {chunk}, {0, 1.0, true}, {0, 0.0, true},
                       {a}, {0}, {lda}, {b}, {0}, {ldb}, {w}, {0}, {(unsigned)M}, {(unsigned long long)M * N}, {tickets}, {c}, {0}, {(unsigned)M}, {0, 1.0, true}, {0, 0.0, true}, {M % 4 == 0 ? 1u : 0u}};
  if (tma) {  // m .. c_split, then A's map, B's, the slots
    namespace tma_ = gemmcl::runtime::tma;
    if (!dbl || parts > 1) { std::printf("PTXRUN_TMA: the DMMA kernel only (dbl 1), K whole\n"); return 1; }
    const auto ft = tma_::MapType::Float64;
    const unsigned eb = (unsigned)es, box_k = 128 / eb;
    auto am = ta ? tma_::tiled_2d(ft, eb, K, M, (unsigned long long)lda * es, box_k, TM)
                       : tma_::tiled_2d(ft, eb, M, K, (unsigned long long)lda * es, box_k, box_k);
    auto bm = !tb ? tma_::tiled_2d(ft, eb, K, N, (unsigned long long)ldb * es, box_k, TN)
                        : tma_::tiled_2d(ft, eb, N, K, (unsigned long long)ldb * es, box_k, box_k);
    // The operands' addresses in word 0, as variant 16 takes its maps whole (GEMMCL_DMMA_PARAM_MAPS; the
    // others write their own addresses over it), A's map checked against libcuda's encoder.
    {
      am.words[0] = a;
      bm.words[0] = b;
      CUtensorMap ref;
      const cuuint64_t dims[2] = {ta ? (cuuint64_t)K : (cuuint64_t)M, ta ? (cuuint64_t)M : (cuuint64_t)K};
      const cuuint64_t strides[1] = {(cuuint64_t)lda * es};
      const cuuint32_t box[2] = {box_k, ta ? (cuuint32_t)TM : box_k}, ones[2] = {1, 1};
      CK(cuTensorMapEncodeTiled(&ref, CU_TENSOR_MAP_DATA_TYPE_FLOAT64, 2, (void*)a, dims, strides, box, ones,
                                CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
      const auto* rw = reinterpret_cast<const unsigned long long*>(&ref);
      for (int i = 0; i < 16; ++i)
        if (rw[i] != am.words[i]) std::printf("A's map, word %d: libcuda %016llx, gemmcl %016llx\n", i, rw[i], (unsigned long long)am.words[i]);
    }
    CUdeviceptr slots; CK(cuMemAlloc(&slots, (size_t)gx * gy * parts * 256));
    v.resize(16);
    V x{}; x.blob.resize(128); std::memcpy(x.blob.data(), am.words.data(), 128); v.push_back(x);
    std::memcpy(x.blob.data(), bm.words.data(), 128); v.push_back(x);
    v.push_back(V{slots});
  }
  std::vector<std::vector<char>> store(types.size()); std::vector<void*> args;
  for (size_t i = 0; i < types.size(); ++i) {
    auto& t = types[i]; auto& st = store[i]; st.resize(8);
    if (!v[i].blob.empty()) st = v[i].blob;
    else if (t == "f32") { float x = (float)v[i].d; memcpy(st.data(), &x, 4); }
    else if (t == "f64") { double x = v[i].d; memcpy(st.data(), &x, 8); }
    else if (t == "u32" || t == "s32") { unsigned x = (unsigned)v[i].u; memcpy(st.data(), &x, 4); }
    else { unsigned long long x = v[i].u; memcpy(st.data(), &x, 8); }
    args.push_back(st.data());
  }
  auto launch = [&] { CK(cuLaunchKernel(fn, flat ? gx * gy : gx, flat ? 1 : gy, parts, BX, BY, 1, dyn_smem, 0, args.data(), nullptr)); };
  launch(); CK(cuCtxSynchronize());
  CK(cuEventRecord(e0, 0)); for (int i = 0; i < iters; ++i) launch(); CK(cuEventRecord(e1, 0)); CK(cuEventSynchronize(e1));
  float ms; CK(cuEventElapsedTime(&ms, e0, e1));
  // check a few entries against a double reference
  std::vector<char> hc((size_t)M * N * es); CK(cuMemcpyDtoH(hc.data(), c, hc.size()));
  double maxrel = 0;
  for (int t = 0; t < 64; ++t) { int i = (t * 7919) % M, j = (t * 104729) % N; double r = 0, got;
    for (int kk = 0; kk < K; ++kk) { double x, y; if (dbl) { const size_t ia = ta ? kk + (size_t)i * lda : i + (size_t)kk * lda, ib = tb ? j + (size_t)kk * ldb : kk + (size_t)j * ldb; x = ((double*)host.data())[ia]; y = ((double*)host.data())[ib]; } else { const size_t ia = ta ? kk + (size_t)i * lda : i + (size_t)kk * lda, ib = tb ? j + (size_t)kk * ldb : kk + (size_t)j * ldb; x = ((float*)host.data())[ia]; y = ((float*)host.data())[ib]; } r += x * y; }
    got = dbl ? ((double*)hc.data())[i + (size_t)j * M] : ((float*)hc.data())[i + (size_t)j * M];
    maxrel = std::max(maxrel, std::abs(got - r) / (std::abs(r) + 1)); }
  std::printf("%s: %u params, grid %ux%u, %.2f TFLOPS, max err %.1e\n", argv[1], (unsigned)types.size(), gx, gy, 2.0 * M * N * K * iters / (ms * 1e-3) * 1e-12, maxrel);
  if (std::getenv("PTXRUN_PER_CALL")) std::printf("%s per call, gated: %.2f us\n", argv[1], per_call_us(launch, iters));
}
