// 05: asynchronous chaining with events and wait lists.
//
// A call enqueues its kernel and returns at once with the event of its last command. The last argument
// of a call is a list of events to wait for, so dependencies can be stated without the host waiting,
// also across queues. Here:
//
//   queue 1:  upload A, upload B  ->  D = A * B        (waits for both uploads)
//   queue 2:  upload C            ->  E = D * C        (waits for the upload of C and for D, on queue 1)
//             read E back                              (waits for E)
//
// and the host waits only once, for the read.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <vector>

#include "common.hpp"

int main(int argc, char** argv) try {
  example::Options options(argc, argv);
  example::Device dev = example::open_device(options);
  options.check();
  std::printf("device: %s\n", dev.name.c_str());

  // D (m x n) = A (m x k) * B (k x n);  E (m x p) = D (m x n) * C (n x p). Column-major, dense.
  const std::size_t m = 96, k = 80, n = 72, p = 64;
  const std::vector<float> a = example::random_matrix<float>(m * k, 501);
  const std::vector<float> b = example::random_matrix<float>(k * n, 502);
  const std::vector<float> c = example::random_matrix<float>(n * p, 503);
  std::vector<float> e(m * p);

  cl::CommandQueue& queue1 = dev.queue;
  cl::CommandQueue queue2(dev.context, dev.device);
  const auto bytes = [](std::size_t count) { return count * sizeof(float); };
  cl::Buffer a_buf(dev.context, CL_MEM_READ_ONLY, bytes(a.size()));
  cl::Buffer b_buf(dev.context, CL_MEM_READ_ONLY, bytes(b.size()));
  cl::Buffer c_buf(dev.context, CL_MEM_READ_ONLY, bytes(c.size()));
  cl::Buffer d_buf(dev.context, CL_MEM_READ_WRITE, bytes(m * n));  // never initialised: beta = 0 below
  cl::Buffer e_buf(dev.context, CL_MEM_READ_WRITE, bytes(m * p));

  cl::Event a_up, b_up, c_up, d_done, e_done, e_down;
  queue1.enqueueWriteBuffer(a_buf, CL_FALSE, 0, bytes(a.size()), a.data(), nullptr, &a_up);
  queue1.enqueueWriteBuffer(b_buf, CL_FALSE, 0, bytes(b.size()), b.data(), nullptr, &b_up);
  queue2.enqueueWriteBuffer(c_buf, CL_FALSE, 0, bytes(c.size()), c.data(), nullptr, &c_up);

  gemmcl::Gemm<> sgemm;
  using gemmcl::Layout, gemmcl::Transpose;
  // beta = 0: D and E are written without being read, so they need no initial contents.
  d_done = sgemm(queue1, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, a_buf, 0, m, b_buf, 0, k,
                 0.0f, d_buf, 0, m, {a_up, b_up});
  e_done = sgemm(queue2, Layout::ColMajor, Transpose::No, Transpose::No, m, p, n, 1.0f, d_buf, 0, m, c_buf, 0, n,
                 0.0f, e_buf, 0, m, {c_up, d_done});
  const std::vector<cl::Event> after_e{e_done};
  queue2.enqueueReadBuffer(e_buf, CL_FALSE, 0, bytes(e.size()), e.data(), &after_e, &e_down);
  queue1.flush();
  queue2.flush();
  std::printf("enqueued: 3 uploads, 2 GEMMs on two queues, 1 download; the host waits now, once\n");
  e_down.wait();

  // The reference chains the same two products in double.
  using example::Storage;
  const std::vector<float> zeros_d(m * n, 0.0f), zeros_e(m * p, 0.0f);
  const std::vector<double> d_ref = example::reference_gemm(
      Transpose::No, Transpose::No, m, n, k, 1.0, a, Storage{Layout::ColMajor, 0, m}, b,
      Storage{Layout::ColMajor, 0, k}, 0.0, zeros_d, Storage{Layout::ColMajor, 0, m});
  const std::vector<double> e_ref = example::reference_gemm(
      Transpose::No, Transpose::No, m, p, n, 1.0, d_ref, Storage{Layout::ColMajor, 0, m}, c,
      Storage{Layout::ColMajor, 0, n}, 0.0, zeros_e, Storage{Layout::ColMajor, 0, m});
  const double error = example::relative_error(e, e_ref, Storage{Layout::ColMajor, 0, m}, m, p);
  // D's rounding error passes into E, so the bound covers both sums.
  const bool ok = error <= example::tolerance<float>(k + n);
  std::printf("E = (A * B) * C, %zux%zu: relative error %.2e %s\n", m, p, error, ok ? "ok" : "TOO LARGE");
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
