// The Fortran BLAS routines sgemm_ and dgemm_, implemented with gemmcl, for the netlib testers sblat3
// and dblat3 (tests/netlib/README.md). Every call goes to gemmcl::Gemm<> (float) or
// gemmcl::Gemm<gemmcl::Element<double>> in column-major order, on buffers made for the call from the
// Fortran arrays. Bad arguments reach the tester's XERBLA with BLAS's parameter number: TRANSA and
// TRANSB are checked here (gemmcl's Transpose cannot hold a bad character), everything else by gemmcl,
// whose gemmcl::Error names the argument. At exit the wrapper prints how often it was called, so that the
// test can tell that these definitions, not the system BLAS's, served the tester.

#include <gemmcl/gemm.hpp>

#include "support/common.hpp"  // gt::target(): the first device, or GEMMCL_TEST_DEVICE

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>

// The tester's own XERBLA (gfortran: the CHARACTER argument's length is passed last, by value).
extern "C" void xerbla_(const char* srname, const int* info, std::size_t srname_len);

namespace {

struct Counts {
  const char* name;
  std::atomic<long> calls{0};          // calls of the routine
  std::atomic<long> gemmcl_calls{0};   // calls that reached gemmcl
  std::atomic<long> wrapper_exits{0};  // error exits found here (TRANSA, TRANSB)
  std::atomic<long> gemmcl_exits{0};   // error exits from a gemmcl::Error
};

// Printed at exit (the tester's STOP calls exit()); tests/netlib/run_blat3.cmake reads these lines.
struct Report {
  Counts s{"sgemm_"}, d{"dgemm_"};
  std::string device;  // set by the first call (gt::target() may be gone when this is destroyed)
  ~Report() {
    for (const Counts* c : {&s, &d}) {
      if (c->calls.load() == 0) continue;  // the other precision's tester
      const long wrapper_exits = c->wrapper_exits.load(), gemmcl_exits = c->gemmcl_exits.load();
      std::fprintf(stderr,
                   "gemmcl netlib wrapper: %s on %s: called %ld times, %ld of them through gemmcl; error exits: %ld "
                   "(%ld by the wrapper's TRANSA/TRANSB check, %ld from gemmcl::Error)\n",
                   c->name, device.c_str(), c->calls.load(), c->gemmcl_calls.load(), wrapper_exits + gemmcl_exits,
                   wrapper_exits, gemmcl_exits);
    }
  }
};
Report report;

// BLAS's numbering of xGEMM's parameters: TRANSA=1, TRANSB=2, M=3, N=4, K=5, ALPHA=6, A=7, LDA=8, B=9,
// LDB=10, BETA=11, C=12, LDC=13. gemmcl::Argument numbers positions in gemmcl's call instead (queue=1,
// layout=2, ...). 0: the argument has no BLAS counterpart (Argument::none among them).
int blas_parameter(gemmcl::Argument argument) {
  using gemmcl::Argument;
  switch (argument) {
    case Argument::a_transpose: return 1;
    case Argument::b_transpose: return 2;
    case Argument::m: return 3;
    case Argument::n: return 4;
    case Argument::k: return 5;
    case Argument::alpha: return 6;
    case Argument::a: return 7;
    case Argument::a_ld: return 8;
    case Argument::b: return 9;
    case Argument::b_ld: return 10;
    case Argument::beta: return 11;
    case Argument::c: return 12;
    case Argument::c_ld: return 13;
    // none, queue, layout, the offsets, the wait list and any argument gemmcl adds beyond BLAS's.
    default: return 0;
  }
}

// As reference BLAS's LSAME: 'N' is no transpose, 'T' and 'C' transpose (real matrices), either case.
std::optional<gemmcl::Transpose> parse_transpose(char c) {
  switch (c) {
    case 'N': case 'n': return gemmcl::Transpose::No;
    case 'T': case 't': case 'C': case 'c': return gemmcl::Transpose::Yes;
    default: return std::nullopt;
  }
}

[[noreturn]] void fail(const char* routine, const char* what) {
  std::fprintf(stderr, "gemmcl netlib wrapper: %.5s: %s\n", routine, what);
  std::fflush(stderr);
  std::abort();
}

// The elements a Fortran array X(LD, cols) holding a rows x cols matrix must have: (cols - 1) * ld + rows,
// or none when the matrix is empty. Only for arguments BLAS accepts; 0 for others (gemmcl rejects
// those before it looks at a buffer).
std::size_t extent(bool valid, std::int64_t rows, std::int64_t cols, std::int64_t ld) {
  if (!valid || rows <= 0 || cols <= 0) return 0;
  return static_cast<std::size_t>((cols - 1) * ld + rows);
}

// A buffer with a copy of the first `elements` of `host`; one element, uninitialised and never read, when
// there are none (BLAS may pass any array, even one of no elements, for an empty matrix).
template <class T>
cl::Buffer make_buffer(const char* routine, cl_mem_flags flags, const T* host, std::size_t elements) {
  cl_int status = CL_SUCCESS;
  cl::Buffer buffer = elements == 0
                          ? cl::Buffer(gt::target().context, flags, sizeof(T), nullptr, &status)
                          : cl::Buffer(gt::target().context, flags | CL_MEM_COPY_HOST_PTR, elements * sizeof(T),
                                       const_cast<T*>(host), &status);
  if (status != CL_SUCCESS) fail(routine, "clCreateBuffer failed");
  return buffer;
}

template <class Gemm, class T>
void gemm(Counts& counts, const char* srname, const char* transa, const char* transb, const int* m, const int* n,
          const int* k, const T* alpha, const T* a, const int* lda, const T* b, const int* ldb, const T* beta,
          T* c, const int* ldc) {
  static const Gemm gemm_object;
  if (report.device.empty()) report.device = gt::target().name;
  ++counts.calls;
  const std::optional<gemmcl::Transpose> ta = parse_transpose(*transa), tb = parse_transpose(*transb);
  if (!ta || !tb) {
    const int info = !ta ? 1 : 2;
    ++counts.wrapper_exits;
    xerbla_(srname, &info, 6);
    return;
  }
  const bool trans_a = *ta == gemmcl::Transpose::Yes, trans_b = *tb == gemmcl::Transpose::Yes;
  // The stored shapes: A is nrowa x ncola, B nrowb x ncolb, as reference SGEMM names them.
  const std::int64_t M = *m, N = *n, K = *k;
  const std::int64_t nrowa = trans_a ? K : M, ncola = trans_a ? M : K;
  const std::int64_t nrowb = trans_b ? N : K, ncolb = trans_b ? K : N;
  // Reference BLAS's checks, used here only to size the buffers: an argument BLAS rejects gets a
  // buffer of one element, and gemmcl must reject the call before it looks at any buffer.
  const bool valid = M >= 0 && N >= 0 && K >= 0 && *lda >= std::max<std::int64_t>(1, nrowa) &&
                     *ldb >= std::max<std::int64_t>(1, nrowb) && *ldc >= std::max<std::int64_t>(1, M);
  const std::size_t a_elements = extent(valid, nrowa, ncola, *lda);
  const std::size_t b_elements = extent(valid, nrowb, ncolb, *ldb);
  const std::size_t c_elements = extent(valid, M, N, *ldc);

  cl::Buffer da = make_buffer(srname, CL_MEM_READ_ONLY, a, a_elements);
  cl::Buffer db = make_buffer(srname, CL_MEM_READ_ONLY, b, b_elements);
  // C whole, padding between columns included, so that reading it back leaves that padding as it was.
  cl::Buffer dc = make_buffer(srname, CL_MEM_READ_WRITE, c, c_elements);

  // Negative sizes and leading dimensions become huge std::size_t values, which gemmcl rejects.
  const auto size = [](int x) { return static_cast<std::size_t>(static_cast<std::int64_t>(x)); };
  cl::CommandQueue& queue = gt::target().queue;
  try {
    ++counts.gemmcl_calls;
    gemm_object(queue, gemmcl::Layout::ColMajor, *ta, *tb, size(*m), size(*n), size(*k), *alpha, da, 0, size(*lda),
                db, 0, size(*ldb), *beta, dc, 0, size(*ldc));
  } catch (const gemmcl::Error& e) {
    const int info = blas_parameter(e.argument());
    // Only argument errors that BLAS has too: a bad size or leading dimension. Anything else (a buffer
    // error would mean this wrapper made a wrong buffer, or gemmcl missed a BLAS check) is a failure.
    const bool blas_error =
        e.code() == gemmcl::ErrorCode::InvalidLeadingDimension || e.code() == gemmcl::ErrorCode::InvalidSize;
    if (info == 0 || !blas_error) {
      std::fprintf(stderr,
                   "gemmcl netlib wrapper: %.5s('%c', '%c', m=%d, n=%d, k=%d, lda=%d, ldb=%d, ldc=%d): %s (%s, "
                   "argument %d)\n",
                   srname, *transa, *transb, *m, *n, *k, *lda, *ldb, *ldc, e.what(),
                   gemmcl::to_string(e.code()).data(), static_cast<int>(e.argument()));
      fail(srname, valid ? "gemmcl rejected a call that BLAS accepts"
                          : "BLAS rejects this call, but gemmcl's error is not about a size or leading dimension");
    }
    ++counts.gemmcl_exits;
    xerbla_(srname, &info, 6);
    return;
  }
  // In order: the read follows the product. Only C's block changed; the rest reads back as it was.
  if (c_elements > 0 && queue.enqueueReadBuffer(dc, CL_TRUE, 0, c_elements * sizeof(T), c) != CL_SUCCESS)
    fail(srname, "reading C back failed");
}

template <class F>
void guarded(const char* routine, F&& f) {
  try {
    f();
  } catch (const std::exception& e) {  // never unwind through the Fortran caller
    fail(routine, e.what());
  }
}

}  // namespace

extern "C" void sgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
                       const float* alpha, const float* a, const int* lda, const float* b, const int* ldb,
                       const float* beta, float* c, const int* ldc, std::size_t, std::size_t) {
  guarded("SGEMM", [&] {
    gemm<gemmcl::Gemm<>>(report.s, "SGEMM ", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  });
}

extern "C" void dgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
                       const double* alpha, const double* a, const int* lda, const double* b, const int* ldb,
                       const double* beta, double* c, const int* ldc, std::size_t, std::size_t) {
  guarded("DGEMM", [&] {
    gemm<gemmcl::Gemm<gemmcl::Element<double>>>(report.d, "DGEMM ", transa, transb, m, n, k, alpha, a, lda, b, ldb,
                                                beta, c, ldc);
  });
}
