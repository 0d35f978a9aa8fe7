// The CLBlast peer: clblast::Gemm on the bench's queue and buffers.

#include "common.hpp"

#if GEMMCL_BENCH_CLBLAST
#include <clblast.h>
#endif

namespace bench::clblast_peer {

#if GEMMCL_BENCH_CLBLAST

namespace {
clblast::Layout layout(const Case& c) {
  return c.col() ? clblast::Layout::kColMajor : clblast::Layout::kRowMajor;
}
clblast::Transpose trans(bool t) { return t ? clblast::Transpose::kYes : clblast::Transpose::kNo; }

[[noreturn]] void fail(clblast::StatusCode status, const std::string& call) {
  throw std::runtime_error(call + " failed with CLBlast status " + std::to_string(static_cast<int>(status)));
}
}  // namespace

bool built() { return true; }

std::string describe() {
#ifdef GEMMCL_BENCH_CLBLAST_VERSION
  return "CLBlast " GEMMCL_BENCH_CLBLAST_VERSION;
#else
  return "CLBlast";
#endif
}

template <class T>
cl::Event enqueue(cl::CommandQueue& queue, const Case& c, T alpha, const cl::Buffer& a, const cl::Buffer& b,
                  T beta, cl::Buffer& cbuf, cl::Buffer* temp) {
  cl_command_queue q = queue();
  cl_event done = nullptr;
  const clblast::StatusCode status = clblast::Gemm<T>(
      layout(c), trans(c.trans_a()), trans(c.trans_b()), c.shape.m, c.shape.n, c.shape.k, alpha, a(), 0,
      c.lda(), b(), 0, c.ldb(), beta, cbuf(), 0, c.ldc(), &q, &done, temp != nullptr ? (*temp)() : nullptr);
  if (status != clblast::StatusCode::kSuccess) {
    if (done != nullptr) clReleaseEvent(done);
    fail(status, "clblast::Gemm");
  }
  if (done == nullptr) throw std::runtime_error("clblast::Gemm returned no event");
  return cl::Event(done);  // the caller owns CLBlast's event
}

template <class T>
std::size_t temp_bytes(cl::CommandQueue& queue, const Case& c) {
  cl_command_queue q = queue();
  std::size_t bytes = 0;
  const clblast::StatusCode status =
      clblast::GemmTempBufferSize<T>(layout(c), trans(c.trans_a()), trans(c.trans_b()), c.shape.m, c.shape.n,
                                     c.shape.k, 0, c.lda(), 0, c.ldb(), 0, c.ldc(), &q, bytes);
  if (status != clblast::StatusCode::kSuccess) fail(status, "clblast::GemmTempBufferSize");
  return bytes;
}

#else  // no CLBlast

bool built() { return false; }
std::string describe() { return "not built (CLBlast not found)"; }

template <class T>
cl::Event enqueue(cl::CommandQueue&, const Case&, T, const cl::Buffer&, const cl::Buffer&, T, cl::Buffer&,
                  cl::Buffer*) {
  throw std::runtime_error("CLBlast was not built in");
}
template <class T>
std::size_t temp_bytes(cl::CommandQueue&, const Case&) {
  return 0;
}

#endif

template cl::Event enqueue<float>(cl::CommandQueue&, const Case&, float, const cl::Buffer&, const cl::Buffer&,
                                  float, cl::Buffer&, cl::Buffer*);
template cl::Event enqueue<double>(cl::CommandQueue&, const Case&, double, const cl::Buffer&,
                                   const cl::Buffer&, double, cl::Buffer&, cl::Buffer*);
template std::size_t temp_bytes<float>(cl::CommandQueue&, const Case&);
template std::size_t temp_bytes<double>(cl::CommandQueue&, const Case&);

}  // namespace bench::clblast_peer
