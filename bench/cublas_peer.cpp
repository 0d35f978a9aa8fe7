// The cuBLAS peer: the same host data copied to CUDA buffers, cublasSgemm / cublasDgemm timed with CUDA
// events, with the same warm-up, median and rotation as the OpenCL libraries. Plain host C++: no .cu.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "common.hpp"

#if GEMMCL_BENCH_CUBLAS
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#endif

namespace bench::cublas_peer {

#if GEMMCL_BENCH_CUBLAS

namespace {

struct Session {
  bool open = false;
  int device = -1;
  std::size_t l2 = 0;
  cudaStream_t stream = nullptr;
  cublasHandle_t handle = nullptr;
  // Uploaded buffer sets of the current shape.
  std::size_t element = 0, a_elems = 0, b_elems = 0, c_elems = 0;
  std::vector<void*> a, b, c;
};
Session session;

std::string cuda_error(cudaError_t e) {
  return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e);
}

std::string cublas_error(cublasStatus_t s) {
#if defined(CUBLAS_VER_MAJOR) && CUBLAS_VER_MAJOR >= 12
  return std::string(cublasGetStatusString(s)) + " (" + std::to_string(static_cast<int>(s)) + ")";
#else
  return "cuBLAS status " + std::to_string(static_cast<int>(s));
#endif
}

bool cuda_ok(cudaError_t e, const char* call, std::string& why) {
  if (e == cudaSuccess) return true;
  why = std::string(call) + " failed: " + cuda_error(e);
  return false;
}
bool cublas_ok(cublasStatus_t s, const char* call, std::string& why) {
  if (s == CUBLAS_STATUS_SUCCESS) return true;
  why = std::string(call) + " failed: " + cublas_error(s);
  return false;
}

cublasOperation_t op(bool t) { return t ? CUBLAS_OP_T : CUBLAS_OP_N; }

// Column-major cuBLAS runs row-major calls the way gemmcl maps them: C^T = op(B)^T op(A)^T, i.e.
// swap A and B, and m and n; the leading dimensions stay those of the storage.
cublasStatus_t gemm(const Case& c, const float* alpha, const void* a, const void* b, const float* beta,
                    void* cm) {
  const int m = static_cast<int>(c.shape.m), n = static_cast<int>(c.shape.n), k = static_cast<int>(c.shape.k);
  const int lda = static_cast<int>(c.lda()), ldb = static_cast<int>(c.ldb()), ldc = static_cast<int>(c.ldc());
  const auto* A = static_cast<const float*>(a);
  const auto* B = static_cast<const float*>(b);
  auto* C = static_cast<float*>(cm);
  if (c.col()) {
    return cublasSgemm(session.handle, op(c.trans_a()), op(c.trans_b()), m, n, k, alpha, A, lda, B, ldb, beta,
                       C, ldc);
  }
  return cublasSgemm(session.handle, op(c.trans_b()), op(c.trans_a()), n, m, k, alpha, B, ldb, A, lda, beta,
                     C, ldc);
}
cublasStatus_t gemm(const Case& c, const double* alpha, const void* a, const void* b, const double* beta,
                    void* cm) {
  const int m = static_cast<int>(c.shape.m), n = static_cast<int>(c.shape.n), k = static_cast<int>(c.shape.k);
  const int lda = static_cast<int>(c.lda()), ldb = static_cast<int>(c.ldb()), ldc = static_cast<int>(c.ldc());
  const auto* A = static_cast<const double*>(a);
  const auto* B = static_cast<const double*>(b);
  auto* C = static_cast<double*>(cm);
  if (c.col()) {
    return cublasDgemm(session.handle, op(c.trans_a()), op(c.trans_b()), m, n, k, alpha, A, lda, B, ldb, beta,
                       C, ldc);
  }
  return cublasDgemm(session.handle, op(c.trans_b()), op(c.trans_a()), n, m, k, alpha, B, ldb, A, lda, beta,
                     C, ldc);
}

// Matches the OpenCL device's PCI address when known, else takes the index asked for, else 0.
bool pick_device(const Device& want, int count, int& chosen, std::string& why) {
  if (want.cuda_index >= 0) {
    if (want.cuda_index >= count) {
      why = "--cuda-device " + std::to_string(want.cuda_index) + " but there are " + std::to_string(count) +
            " CUDA devices";
      return false;
    }
    chosen = want.cuda_index;
    return true;
  }
  if (want.pci_bus >= 0) {
    for (int d = 0; d < count; ++d) {
      cudaDeviceProp p{};
      if (!cuda_ok(cudaGetDeviceProperties(&p, d), "cudaGetDeviceProperties", why)) return false;
      if (p.pciBusID == want.pci_bus && (want.pci_device < 0 || p.pciDeviceID == want.pci_device) &&
          (want.pci_domain < 0 || p.pciDomainID == want.pci_domain)) {
        chosen = d;
        return true;
      }
    }
    if (count == 1) {  // one GPU: it is the one, whatever the two APIs say about its address
      chosen = 0;
      return true;
    }
    why = "no CUDA device on the OpenCL device's PCI bus " + std::to_string(want.pci_bus) +
          " (use --cuda-device)";
    return false;
  }
  chosen = 0;
  return true;
}

void free_sets() {
  if (session.device >= 0) cudaSetDevice(session.device);
  for (auto* list : {&session.a, &session.b, &session.c}) {
    for (void* p : *list) cudaFree(p);
    list->clear();
  }
  session.element = session.a_elems = session.b_elems = session.c_elems = 0;
}

}  // namespace

bool built() { return true; }

// TF32 must not stand in for FP32: the driver-wide override off here, and the default math mode in open().
void prepare_environment() { setenv("NVIDIA_TF32_OVERRIDE", "0", 1); }

bool open(const Device& want, std::string& description, std::string& why) {
  prepare_environment();
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    why = "no CUDA device" + (e != cudaSuccess ? " (" + cuda_error(e) + ")" : std::string());
    return false;
  }
  int device = 0;
  if (!pick_device(want, count, device, why)) return false;
  if (!cuda_ok(cudaSetDevice(device), "cudaSetDevice", why)) return false;
  cudaDeviceProp p{};
  if (!cuda_ok(cudaGetDeviceProperties(&p, device), "cudaGetDeviceProperties", why)) return false;
  if (!cuda_ok(cudaStreamCreateWithFlags(&session.stream, cudaStreamNonBlocking), "cudaStreamCreate", why)) {
    return false;
  }
  if (!cublas_ok(cublasCreate(&session.handle), "cublasCreate", why) ||
      !cublas_ok(cublasSetStream(session.handle, session.stream), "cublasSetStream", why) ||
      !cublas_ok(
          cublasSetMathMode(session.handle, want.pedantic ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH),
          "cublasSetMathMode", why)) {
    if (session.handle != nullptr) cublasDestroy(session.handle);
    cudaStreamDestroy(session.stream);
    session.handle = nullptr;
    session.stream = nullptr;
    return false;
  }
  int cublas_version = 0, driver = 0, runtime = 0;
  cublasGetVersion(session.handle, &cublas_version);
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  session.open = true;
  session.device = device;
  session.l2 = p.l2CacheSize > 0 ? static_cast<std::size_t>(p.l2CacheSize) : 0;
  char bus[32];
  std::snprintf(bus, sizeof bus, "%04x:%02x:%02x", p.pciDomainID, p.pciBusID, p.pciDeviceID);
  description = "cuBLAS " + std::to_string(cublas_version) + " on CUDA device " + std::to_string(device) +
                " (" + p.name + ", PCI " + bus + ", sm_" + std::to_string(p.major) + std::to_string(p.minor) +
                ", L2 " + std::to_string(session.l2 >> 20) + " MiB), CUDA driver " + std::to_string(driver) +
                ", runtime " + std::to_string(runtime) + ", math mode " +
                (want.pedantic ? "CUBLAS_PEDANTIC_MATH" : "CUBLAS_DEFAULT_MATH") + ", NVIDIA_TF32_OVERRIDE=0";
  for (const char* v : {"CUBLAS_EMULATE_SINGLE_PRECISION", "CUBLAS_EMULATE_DOUBLE_PRECISION"}) {
    if (const char* set = std::getenv(v)) description += std::string(", WARNING: ") + v + "=" + set;
  }
  return true;
}

void close() {
  if (!session.open) return;
  free_sets();
  cublasDestroy(session.handle);
  cudaStreamDestroy(session.stream);
  session = Session{};
}

std::size_t l2_bytes() { return session.open ? session.l2 : 0; }

void release() {
  if (session.open) free_sets();
}

template <class T>
bool upload(const HostData<T>& d, int sets, std::string& why) {
  if (!session.open) {
    why = "no CUDA device";
    return false;
  }
  free_sets();
  if (!cuda_ok(cudaSetDevice(session.device), "cudaSetDevice", why)) return false;
  session.element = sizeof(T);
  session.a_elems = d.a.size();
  session.b_elems = d.b.size();
  session.c_elems = d.c0.size();
  for (int s = 0; s < std::max(1, sets); ++s) {
    for (auto [list, host] :
         {std::pair{&session.a, &d.a}, std::pair{&session.b, &d.b}, std::pair{&session.c, &d.c0}}) {
      void* p = nullptr;
      const std::size_t bytes = host->size() * sizeof(T);
      if (!cuda_ok(cudaMalloc(&p, bytes == 0 ? 1 : bytes), "cudaMalloc", why)) {
        free_sets();
        return false;
      }
      list->push_back(p);
      if (!cuda_ok(cudaMemcpy(p, host->data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy", why)) {
        free_sets();
        return false;
      }
    }
  }
  return true;
}

template <class T>
PeerResult<T> run(const Case& c, const HostData<T>& d, T alpha, T beta, const Timing& t, bool want_result) {
  PeerResult<T> r;
  std::string why;
  auto failed = [&](const std::string& what) {
    r.ran = false;
    r.note = what;
    return r;
  };
  if (!session.open) return failed("no CUDA device");
  if (session.element != sizeof(T) || session.a_elems != c.a_elems() || session.b_elems != c.b_elems() ||
      session.c_elems != c.c_elems() || session.a.empty()) {
    return failed("internal: the uploaded data does not match this case");
  }
  if (!cuda_ok(cudaSetDevice(session.device), "cudaSetDevice", why)) return failed(why);
  const int sets = static_cast<int>(session.a.size());
  const std::size_t c_bytes = c.c_elems() * sizeof(T);

  // One run on set 0 from c0, read back for validation.
  if (want_result) {
    if (!cuda_ok(cudaMemcpyAsync(session.c[0], d.c0.data(), c_bytes, cudaMemcpyHostToDevice, session.stream),
                 "cudaMemcpyAsync", why) ||
        !cublas_ok(gemm(c, &alpha, session.a[0], session.b[0], &beta, session.c[0]), "cublas gemm", why)) {
      return failed(why);
    }
    r.c.resize(c.c_elems());
    if (!cuda_ok(cudaMemcpyAsync(r.c.data(), session.c[0], c_bytes, cudaMemcpyDeviceToHost, session.stream),
                 "cudaMemcpyAsync", why) ||
        !cuda_ok(cudaStreamSynchronize(session.stream), "cudaStreamSynchronize", why)) {
      return failed(why);
    }
  }

  int call = 1;  // rotation continues past set 0, which the validation run just used
  auto launch = [&](std::string& err) {
    const auto s = static_cast<std::size_t>(call++ % sets);
    return cublas_ok(gemm(c, &alpha, session.a[s], session.b[s], &beta, session.c[s]), "cublas gemm", err);
  };
  for (int w = 0; w < t.warmup; ++w) {
    if (!launch(why)) return failed(why);
  }
  if (!cuda_ok(cudaStreamSynchronize(session.stream), "cudaStreamSynchronize", why)) return failed(why);

  if (t.host_clock) {  // runs of calls back to back by the host's clock, then a wait (common.hpp)
    bool ok = true;
    r.stats = time_by_host(
        t.iterations, [&] { ok = ok && launch(why); },
        [&] { ok = cuda_ok(cudaStreamSynchronize(session.stream), "cudaStreamSynchronize", why) && ok; });
    if (!ok) return failed(why);
    r.ran = true;
    return r;
  }

  // Back to back, each call between its own pair of events, read after the last has completed. As for
  // gemmcl (opencl.hpp, Gate), the timed calls wait behind a gate until all are enqueued, so that the
  // device runs them back to back whatever the host's pace: a host function on the stream that returns
  // once the host has enqueued the last call (or after a few seconds, should the host block).
  std::vector<cudaEvent_t> marks(2 * static_cast<std::size_t>(t.iterations), nullptr);
  auto destroy = [&] {
    for (cudaEvent_t e : marks) {
      if (e != nullptr) cudaEventDestroy(e);
    }
  };
  for (cudaEvent_t& e : marks) {
    if (!cuda_ok(cudaEventCreate(&e), "cudaEventCreate", why)) {
      destroy();
      return failed(why);
    }
  }
  struct StreamGate {
    std::atomic<bool> open{false};
    static void CUDART_CB wait(void* self) {
      auto& g = *static_cast<StreamGate*>(self);
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      while (!g.open.load() && std::chrono::steady_clock::now() < until) std::this_thread::yield();
    }
  } gate;
  if (!cuda_ok(cudaLaunchHostFunc(session.stream, StreamGate::wait, &gate), "cudaLaunchHostFunc", why)) {
    destroy();
    return failed(why);
  }
  for (int i = 0; i < t.iterations; ++i) {
    const auto at = 2 * static_cast<std::size_t>(i);
    if (!cuda_ok(cudaEventRecord(marks[at], session.stream), "cudaEventRecord", why) || !launch(why) ||
        !cuda_ok(cudaEventRecord(marks[at + 1], session.stream), "cudaEventRecord", why)) {
      gate.open = true;
      cudaStreamSynchronize(session.stream);
      destroy();
      return failed(why);
    }
  }
  gate.open = true;
  if (!cuda_ok(cudaStreamSynchronize(session.stream), "cudaStreamSynchronize", why)) {
    destroy();
    return failed(why);
  }
  for (int i = 0; i < t.iterations; ++i) {
    const auto at = 2 * static_cast<std::size_t>(i);
    float ms = 0;
    if (!cuda_ok(cudaEventElapsedTime(&ms, marks[at], marks[at + 1]), "cudaEventElapsedTime", why)) {
      destroy();
      return failed(why);
    }
    r.stats.ms.push_back(static_cast<double>(ms));
  }
  destroy();
  r.ran = true;
  return r;
}

#else  // no CUDA toolkit

bool built() { return false; }
void prepare_environment() {}
bool open(const Device&, std::string&, std::string& why) {
  why = "not built (CUDAToolkit not found)";
  return false;
}
void close() {}
std::size_t l2_bytes() { return 0; }
void release() {}
template <class T>
bool upload(const HostData<T>&, int, std::string& why) {
  why = "not built";
  return false;
}
template <class T>
PeerResult<T> run(const Case&, const HostData<T>&, T, T, const Timing&, bool) {
  PeerResult<T> r;
  r.note = "not built";
  return r;
}

#endif

template bool upload<float>(const HostData<float>&, int, std::string&);
template bool upload<double>(const HostData<double>&, int, std::string&);
template PeerResult<float> run<float>(const Case&, const HostData<float>&, float, float, const Timing&, bool);
template PeerResult<double> run<double>(const Case&, const HostData<double>&, double, double, const Timing&,
                                        bool);

}  // namespace bench::cublas_peer
