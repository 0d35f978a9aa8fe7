// Tuning harness for the GPU machine: gemmcl configurations vs cuBLAS vs CLBlast, same data, same run.
// Deliberately terse; bench/gemmcl_bench.cpp is the benchmark whose tables go in bench/results.md. This
// one is for trying many configurations per device call (see run.sh and configs.example.hpp).
#include <gemmcl/gemm.hpp>
#include <clblast.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <random>
#include <string>
#include <vector>
#ifndef PERF_CONFIGS
#error define PERF_CONFIGS
#endif
using namespace gemmcl;
#define CK(x) do { auto _s = (x); if (_s != 0) { std::printf("FAIL %s = %d at %d\n", #x, (int)_s, __LINE__); std::exit(1);} } while (0)

// options: the split defines of the register report's build; target_options: the target's own (device-dependent).
struct Entry { std::string name; std::string_view source; bool dbl; std::string options;
  void (*target_options)(std::string&, const core::DeviceInfo&);
  std::function<std::vector<cl::Event>(cl::CommandQueue&, Transpose, Transpose, size_t, size_t, size_t, const cl::Buffer&, const cl::Buffer&, cl::Buffer&)> run; };
template <class G> Entry make(const char* name) {
  using T = typename G::value_type;
  std::string options;
  if (G::rules.reduction == Reduction::InKernel) options += " -DGEMMCL_SPLIT_IN_KERNEL=1";
  return {name, G::source, std::is_same_v<T, double>, options, &target::Target<typename G::vendor_type>::build_options, [](cl::CommandQueue& q, Transpose ta, Transpose tb, size_t m, size_t n, size_t k, const cl::Buffer& a, const cl::Buffer& b, cl::Buffer& c) {
    G g; return g.enqueue_all(q, Layout::ColMajor, ta, tb, m, n, k, T(1), a, 0, ta == Transpose::No ? m : k, b, 0, tb == Transpose::No ? k : n, T(0), c, 0, m); }};
}
double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

static cublasStatus_t gemm_cublas(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, int k, const float* al, const float* A, int lda, const float* B, int ldb, const float* be, float* C, int ldc) { return cublasSgemm(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
static cublasStatus_t gemm_cublas(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, int k, const double* al, const double* A, int lda, const double* B, int ldb, const double* be, double* C, int ldc) { return cublasDgemm(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
template <class T> void bench(cublasHandle_t h, cl::Context& ctx, cl::CommandQueue& q, std::vector<Entry>& configs, std::vector<std::vector<size_t>>& shapes, std::string trans) {
  std::uniform_real_distribution<T> dist(-1, 1);
  std::mt19937 rng(42);
  for (char t0 : {trans[0]}) for (auto& s : shapes) {
    const size_t m = s[0], n = s[1], k = s[2];
    const Transpose ta = trans[0] == 't' ? Transpose::Yes : Transpose::No, tb = trans[1] == 't' ? Transpose::Yes : Transpose::No;
    // PERF_SETS=N rotates N input sets; the default (8 below 40 MiB) keeps small shapes in L2, which
    // the bench does not (a warm L2 once ranked a 512^3 kernel 30-40% faster than the bench measured
    // it): use ~41 at 512^3 to rank as the bench would.
    const int sets = std::getenv("PERF_SETS") ? std::atoi(std::getenv("PERF_SETS")) : (m * k + k * n + m * n) * sizeof(T) < (size_t)40 << 20 ? 8 : 1;
    std::vector<cl::Buffer> A, B, C; std::vector<T*> dA, dB, dC;
    std::vector<T> ha(m * k), hb(k * n);
    for (int i = 0; i < sets; ++i) {
      for (auto& x : ha) x = dist(rng); for (auto& x : hb) x = dist(rng);
      A.emplace_back(ctx, CL_MEM_READ_WRITE, ha.size() * sizeof(T)); B.emplace_back(ctx, CL_MEM_READ_WRITE, hb.size() * sizeof(T)); C.emplace_back(ctx, CL_MEM_READ_WRITE, m * n * sizeof(T));
      q.enqueueWriteBuffer(A[i], true, 0, ha.size() * sizeof(T), ha.data()); q.enqueueWriteBuffer(B[i], true, 0, hb.size() * sizeof(T), hb.data());
      T *pa, *pb, *pc; CK(cudaMalloc(&pa, ha.size() * sizeof(T))); CK(cudaMalloc(&pb, hb.size() * sizeof(T))); CK(cudaMalloc(&pc, m * n * sizeof(T)));
      CK(cudaMemcpy(pa, ha.data(), ha.size() * sizeof(T), cudaMemcpyHostToDevice)); CK(cudaMemcpy(pb, hb.data(), hb.size() * sizeof(T), cudaMemcpyHostToDevice));
      dA.push_back(pa); dB.push_back(pb); dC.push_back(pc);
    }
    // PERF_ITERS=N times N calls of each (long runs for sampling clocks and power beside them).
    const int iters = std::getenv("PERF_ITERS") ? std::atoi(std::getenv("PERF_ITERS")) : std::max(7, std::min(50, int(2e11 / (2.0 * m * n * k))));
    auto stamp = [](const char* what) { if (std::getenv("PERF_ITERS")) { timespec ts; clock_gettime(CLOCK_REALTIME, &ts); std::printf("  [%ld.%03ld start %s]\n", (long)ts.tv_sec, ts.tv_nsec / 1000000, what); std::fflush(stdout); } };
    const double flop = 2.0 * m * n * k;
    // cuBLAS
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    T one = 1, zero = 0; std::vector<double> ts;
    auto cub = [&](int i) { CK(gemm_cublas(h, ta == Transpose::No ? CUBLAS_OP_N : CUBLAS_OP_T, tb == Transpose::No ? CUBLAS_OP_N : CUBLAS_OP_T, m, n, k, &one, dA[i], ta == Transpose::No ? m : k, dB[i], tb == Transpose::No ? k : n, &zero, dC[i], m)); };
    stamp("cuBLAS");
    for (int w = 0; w < 3; ++w) cub(w % sets);
    for (int it = 0; it < iters; ++it) { cudaEventRecord(e0); cub(it % sets); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); ts.push_back(ms * 1e-3); }
    const double t_cublas = median(ts);
    std::vector<T> ref(m * n); CK(cudaMemcpy(ref.data(), dC[0], m * n * sizeof(T), cudaMemcpyDeviceToHost));
    // CLBlast
    auto clb = [&](int i) -> std::vector<cl::Event> { cl_event ev; auto st = clblast::Gemm<T>(clblast::Layout::kColMajor, ta == Transpose::No ? clblast::Transpose::kNo : clblast::Transpose::kYes, tb == Transpose::No ? clblast::Transpose::kNo : clblast::Transpose::kYes, m, n, k, T(1), A[i](), 0, ta == Transpose::No ? m : k, B[i](), 0, tb == Transpose::No ? k : n, T(0), C[i](), 0, m, &q(), &ev); if (st != clblast::StatusCode::kSuccess) { std::printf("clblast %d\n", (int)st); std::exit(1);} return {cl::Event(ev)}; };
    auto time_cl = [&](auto fn) { for (int w = 0; w < 3; ++w) fn(w % sets).back().wait(); std::vector<double> v; for (int it = 0; it < iters; ++it) { auto e = fn(it % sets); e.back().wait(); v.push_back((e.back().template getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.front().template getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9); } return median(v); };
    auto check = [&]() { std::vector<T> c(m * n); q.enqueueReadBuffer(C[0], true, 0, m * n * sizeof(T), c.data()); double e = 0, r = 0; for (size_t i = 0; i < c.size(); ++i) { double d = double(c[i]) - ref[i]; e += d * d; r += double(ref[i]) * ref[i]; } return std::sqrt(e / r); };
    stamp("CLBlast");
    const double t_clb = time_cl(clb); const double err_clb = (clb(0).back().wait(), check());
    std::printf("\n%zux%zux%zu %s  cuBLAS %.1f TFLOPS (%.1f us)  CLBlast %.1f (%.2fx, err %.1e)\n", m, n, k, trans.c_str(), flop / t_cublas * 1e-12, t_cublas * 1e6, flop / t_clb * 1e-12, t_cublas / t_clb, err_clb);
    for (auto& cfg : configs) { if (cfg.dbl != std::is_same_v<T, double>) continue;
      try {
        auto fn = [&](int i) { return cfg.run(q, ta, tb, m, n, k, A[i], B[i], C[i]); };
        q.enqueueFillBuffer(C[0], T(NAN), 0, m * n * sizeof(T)); q.finish();
        fn(0).back().wait(); const double err = check();
        stamp(cfg.name.c_str());
        const double t = time_cl(fn);
        std::printf("  %-28s %6.1f TFLOPS %8.1f us  %.3fx cuBLAS  %.2fx CLBlast  err %.1e%s\n", cfg.name.c_str(), flop / t * 1e-12, t * 1e6, t_cublas / t, t_clb / t, err, err < (sizeof(T) == 4 ? 1e-5 : 1e-12) ? "" : "  FAIL");
      } catch (std::exception& ex) { std::printf("  %-28s error: %s\n", cfg.name.c_str(), ex.what()); }
    }
    for (int i = 0; i < sets; ++i) { cudaFree(dA[i]); cudaFree(dB[i]); cudaFree(dC[i]); }
  }
}
int main(int argc, char** argv) {
  std::vector<std::vector<size_t>> shapes;
  for (int i = 1; i < argc; ++i) { size_t m, n, k; if (std::sscanf(argv[i], "%zux%zux%zu", &m, &n, &k) == 3) shapes.push_back({m, n, k}); else { m = std::atoi(argv[i]); shapes.push_back({m, m, m}); } }
  const char* tr = std::getenv("PERF_TRANS"); std::string trans = tr ? tr : "nn";
  std::vector<cl::Platform> plats; cl::Platform::get(&plats);
  cl::Device dev; for (auto& p : plats) { std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_GPU, &ds); if (!ds.empty()) { dev = ds[0]; break; } }
  cl::Context ctx(dev); cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  std::printf("device %s driver %s\n", dev.getInfo<CL_DEVICE_NAME>().c_str(), dev.getInfo<CL_DRIVER_VERSION>().c_str());
  std::vector<Entry> configs = { PERF_CONFIGS };
  // register report per config
  for (auto& e : configs) {
    cl::Program p(ctx, std::string(e.source));
    std::string opts = "-cl-nv-verbose -DGEMMCL_TRANS_A=0 -DGEMMCL_TRANS_B=0 -DGEMMCL_ALIGNED=1 " + e.options;
    e.target_options(opts, core::device_info(dev()));  // NVIDIA's adds GEMMCL_NV_SM from the device
    cl_int st = p.build(opts.c_str());
    std::string log = p.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev);
    std::string brief; size_t pos = 0;
    while ((pos = log.find("ptxas info    : Used", pos)) != std::string::npos) { auto e2 = log.find('\n', pos); brief += log.substr(pos + 15, e2 - pos - 15) + "; "; pos = e2; }
    if ((pos = log.find("bytes stack frame")) != std::string::npos) { auto b = log.rfind('\n', pos); brief += log.substr(b + 1, log.find('\n', pos) - b - 1); }
    std::printf("%-28s build %d: %s\n", e.name.c_str(), st, brief.c_str());
    if (st != 0) std::printf("%s\n", log.c_str());
    if (const char* out = std::getenv("OUT"); out && std::getenv("PERF_PTX") && e.name.find(std::getenv("PERF_PTX")) != std::string::npos) { auto bins = p.getInfo<CL_PROGRAM_BINARIES>(); std::string f = std::string(out) + "/" + e.name + ".ptx"; FILE* fp = fopen(f.c_str(), "w"); if (fp && !bins.empty()) { fwrite(bins[0].data(), 1, bins[0].size(), fp); fclose(fp);} }
  }
  cublasHandle_t h; CK(cublasCreate(&h)); CK(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  bench<float>(h, ctx, q, configs, shapes, trans);
  if (std::getenv("PERF_DOUBLE")) bench<double>(h, ctx, q, configs, shapes, trans);
}
