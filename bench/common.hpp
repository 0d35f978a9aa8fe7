#pragma once
// What the bench's parts share: one GEMM case (shape, layout, transposes, element type), its storage,
// host data, statistics, and the interface of each peer library. Peers live in their own files and
// compile to stubs when their library was not found, so the driver never needs an #if.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <gemmcl/gemm.hpp>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bench {

enum class Elem { Float, Double };

inline const char* elem_name(Elem e) { return e == Elem::Double ? "double" : "float"; }

template <class T>
inline constexpr Elem elem_of = std::is_same_v<T, double> ? Elem::Double : Elem::Float;

struct Shape {
  std::size_t m = 0, n = 0, k = 0;
};

inline std::string shape_name(const Shape& s) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
}

// One measured problem. Matrices are stored tightly: the leading dimension is the stored extent.
struct Case {
  Shape shape;
  gemmcl::Layout layout = gemmcl::Layout::ColMajor;
  gemmcl::Transpose ta = gemmcl::Transpose::No, tb = gemmcl::Transpose::No;

  bool col() const { return layout == gemmcl::Layout::ColMajor; }
  bool trans_a() const { return ta == gemmcl::Transpose::Yes; }
  bool trans_b() const { return tb == gemmcl::Transpose::Yes; }

  // A is op(A) = m x k, stored k x m when transposed; likewise B (k x n); C is m x n.
  std::size_t lda() const {
    const std::size_t rows = trans_a() ? shape.k : shape.m, cols = trans_a() ? shape.m : shape.k;
    return col() ? rows : cols;
  }
  std::size_t ldb() const {
    const std::size_t rows = trans_b() ? shape.n : shape.k, cols = trans_b() ? shape.k : shape.n;
    return col() ? rows : cols;
  }
  std::size_t ldc() const { return col() ? shape.m : shape.n; }

  std::size_t a_elems() const { return shape.m * shape.k; }
  std::size_t b_elems() const { return shape.k * shape.n; }
  std::size_t c_elems() const { return shape.m * shape.n; }

  // Index of op(A)(i, p), op(B)(p, j) and C(i, j) in their storage.
  std::size_t a_index(std::size_t i, std::size_t p) const { return at(trans_a(), i, p, lda()); }
  std::size_t b_index(std::size_t p, std::size_t j) const { return at(trans_b(), p, j, ldb()); }
  std::size_t c_index(std::size_t i, std::size_t j) const { return at(false, i, j, ldc()); }

  std::string layout_name() const { return col() ? "col" : "row"; }
  std::string trans_name() const { return std::string(trans_a() ? "t" : "n") + (trans_b() ? "t" : "n"); }

 private:
  std::size_t at(bool t, std::size_t r, std::size_t c, std::size_t ld) const {
    if (t) std::swap(r, c);  // element (r, c) of op(X) is element (c, r) of X as stored
    return col() ? r + c * ld : r * ld + c;
  }
};

inline double gemm_flops(const Shape& s) {
  return 2.0 * static_cast<double>(s.m) * static_cast<double>(s.n) * static_cast<double>(s.k);
}

// Inputs of one shape: random in [-1, 1] without zeros, so that a kernel which skips or drops a term
// cannot hide behind a zero.
template <class T>
struct HostData {
  std::vector<T> a, b, c0;
};

template <class T>
HostData<T> make_data(const Shape& s, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  auto fill = [&](std::vector<T>& v, std::size_t count) {
    v.resize(count);
    for (T& x : v) {
      T value = T(0);
      while (value == T(0)) value = static_cast<T>(dist(rng));
      x = value;
    }
  };
  HostData<T> d;
  fill(d.a, s.m * s.k);
  fill(d.b, s.k * s.n);
  fill(d.c0, s.m * s.n);
  return d;
}

// Times of one library on one case, in milliseconds.
struct Stats {
  std::vector<double> ms;

  bool empty() const { return ms.empty(); }
  double median() const {
    if (ms.empty()) return std::numeric_limits<double>::quiet_NaN();
    std::vector<double> s = ms;
    std::sort(s.begin(), s.end());
    const std::size_t h = s.size() / 2;
    return s.size() % 2 ? s[h] : 0.5 * (s[h - 1] + s[h]);
  }
  double min() const { return ms.empty() ? std::nan("") : *std::min_element(ms.begin(), ms.end()); }
  double max() const { return ms.empty() ? std::nan("") : *std::max_element(ms.begin(), ms.end()); }
};

// The bound on the norm-wise relative error ||C - R||_F / ||R||_F: each entry of a k-term dot product
// carries at most about k rounding errors of the element type; the factor 2 leaves room for a
// reference that is itself computed in that type (cuBLAS).
template <class T>
double error_bound(const Shape& s) {
  return 2.0 * (static_cast<double>(s.k) + 2.0) * std::numeric_limits<T>::epsilon();
}

// A reference result: either every entry of C (index empty) or a sample of entries.
struct Reference {
  std::vector<std::size_t> index;  // storage indices of the sampled entries; empty: all of C
  std::vector<double> value;
  std::string kind;  // "cpu-dgemm", "cpu-loop", "cpu-sample-4096"
};

// ||x - r||_F / ||r||_F over `count` pairs (r, x) = pair(e); an all-zero reference or NaN anywhere in
// the result counts as infinitely wrong, so NaN in C fails the check.
template <class Pair>
double norm_error(std::size_t count, Pair pair) {
  long double diff = 0, norm = 0;
  for (std::size_t e = 0; e < count; ++e) {
    const auto [r, x] = pair(e);
    diff += (x - r) * (x - r);
    norm += r * r;
  }
  if (!(norm > 0)) return std::numeric_limits<double>::infinity();
  const double err = static_cast<double>(std::sqrt(diff / norm));
  return std::isnan(err) ? std::numeric_limits<double>::infinity() : err;
}

template <class T>
double relative_error(const std::vector<T>& ref, const std::vector<T>& c) {
  if (ref.size() != c.size() || ref.empty()) return std::numeric_limits<double>::infinity();
  return norm_error(c.size(), [&](std::size_t e) {
    return std::pair<long double, long double>(ref[e], c[e]);
  });
}

template <class T>
double relative_error(const Reference& ref, const std::vector<T>& c) {
  const std::size_t count = ref.index.empty() ? c.size() : ref.index.size();
  if (ref.value.size() != count) return std::numeric_limits<double>::infinity();
  return norm_error(count, [&](std::size_t e) {
    return std::pair<long double, long double>(ref.value[e], c[ref.index.empty() ? e : ref.index[e]]);
  });
}

// Computes the CPU reference: in full (cblas_dgemm when available, else a double loop) for small
// problems, else `samples` random entries, each a long-double dot product.
template <class T>
Reference cpu_reference(const Case& c, const HostData<T>& d, double alpha, double beta, std::size_t samples,
                        std::mt19937_64& rng);

// ---- Peers. Each returns ran = false with a reason in `note` when it cannot run. ----

template <class T>
struct PeerResult {
  bool ran = false;
  Stats stats;       // the times reported
  std::string note;  // why it did not run, or what to know about the figure
  std::vector<T> c;  // the result of one run from c0, when asked for
};

struct Timing {
  int warmup = 2;
  int iterations = 10;
  int sets = 1;  // input sets rotated over, so that repeated runs do not hit a warm cache
  bool host_clock = false;  // --clock host: time_by_host instead of the device's timestamps
};

// --clock host: `rounds` runs of calls back to back, each run about 2 ms long (at least one call), then
// a wait for the last; each run's time per call, in ms. `call()` enqueues one call (the next input
// set), `wait()` waits for every call. No events: what a caller who waits on the queue sees.
template <class CallOne, class Wait>
Stats time_by_host(int rounds, CallOne&& call, Wait&& wait) {
  using clock = std::chrono::steady_clock;
  const auto ms_since = [](clock::time_point t) {
    return std::chrono::duration<double, std::milli>(clock::now() - t).count();
  };
  const auto t0 = clock::now();
  call();
  wait();
  const int calls = std::clamp(static_cast<int>(2.0 / std::max(ms_since(t0), 1e-3)), 1, 200);
  Stats s;
  for (int r = 0; r < rounds; ++r) {
    const auto start = clock::now();
    for (int i = 0; i < calls; ++i) call();
    wait();
    s.ms.push_back(ms_since(start) / calls);
  }
  return s;
}

// CPU BLAS (OpenBLAS): cblas_sgemm / cblas_dgemm.
namespace cpu {
bool built();
std::string describe();  // "OpenBLAS 0.3.21 (Haswell, 2 threads)"
template <class T>
PeerResult<T> run(const Case& c, const HostData<T>& d, T alpha, T beta, const Timing& t, bool want_result,
                  double seconds_budget);
// C := alpha * op(A) * op(B) + beta * C in double through cblas_dgemm; false when not built.
bool dgemm(const Case& c, const std::vector<double>& a, const std::vector<double>& b, double alpha,
           double beta, std::vector<double>& cm);
}  // namespace cpu

// CLBlast, on the bench's own queue and buffers.
namespace clblast_peer {
bool built();
std::string describe();
// Enqueues one GEMM; returns the event of its last command. Throws std::runtime_error on failure.
template <class T>
cl::Event enqueue(cl::CommandQueue& queue, const Case& c, T alpha, const cl::Buffer& a, const cl::Buffer& b,
                  T beta, cl::Buffer& cbuf, cl::Buffer* temp);
// Bytes of the temporary buffer CLBlast wants for this case (0: none).
template <class T>
std::size_t temp_bytes(cl::CommandQueue& queue, const Case& c);
}  // namespace clblast_peer

// cuBLAS on the CUDA device that is the OpenCL device (matched by PCI bus), or the one asked for.
namespace cublas_peer {
bool built();
struct Device {
  int pci_domain = -1, pci_bus = -1, pci_device = -1;  // from cl_nv_device_attribute_query, if any
  int cuda_index = -1;                                 // --cuda-device; -1: match or take 0
  bool pedantic = false;                               // CUBLAS_PEDANTIC_MATH instead of default
};
// Sets the environment cuBLAS and the driver read when they start (TF32 off); call before any OpenCL
// or CUDA call, since NVIDIA's OpenCL starts the same driver.
void prepare_environment();
// Opens the session; false (with a reason) when there is no usable CUDA device.
bool open(const Device& want, std::string& description, std::string& why);
void close();
std::size_t l2_bytes();  // of the opened device; 0 when none
// Uploads one shape's data into `sets` buffer sets on the device.
template <class T>
bool upload(const HostData<T>& d, int sets, std::string& why);
template <class T>
PeerResult<T> run(const Case& c, const HostData<T>& d, T alpha, T beta, const Timing& t, bool want_result);
void release();  // frees the uploaded buffers
}  // namespace cublas_peer

}  // namespace bench
