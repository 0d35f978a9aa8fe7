// 09: a deep product with K split among several groups of work-groups.
//
// C (48 x 40) = A (48 x 6000) * B (6000 x 40) has a single tile of C for a 64 x 64 tile, so one
// work-group would walk all of K while the rest of the device waits. SplitK<S, R> divides K into at
// most S parts that run side by side, and R says who adds the parts afterwards:
//   Reduction::SecondPass  a second kernel, over all of C (the call enqueues two commands);
//   Reduction::InKernel    the last work-group to finish each tile (one command; the first call also
//                          zero-fills the tile counters it keeps for later calls).
// Both add the parts in the order of their K ranges, so repeated calls give the same bits whichever
// work-group finishes last. Gemm<> splits by itself when C has few tiles (SplitK<0>, the default).

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <vector>

#include "common.hpp"

namespace {

using gemmcl::Layout, gemmcl::Reduction, gemmcl::SplitK, gemmcl::Tile, gemmcl::Transpose, gemmcl::Vec;

constexpr std::size_t m = 48, n = 40, k = 6000;

// Runs one configuration on the device, returns C and how many commands the call enqueued.
template <class G>
std::vector<float> run(example::Device& dev, const cl::Buffer& a, const cl::Buffer& b, std::size_t& commands) {
  cl::Buffer c(dev.context, CL_MEM_READ_WRITE, m * n * sizeof(float));  // beta = 0: never read
  const std::vector<cl::Event> events = G().enqueue_all(dev.queue, Layout::ColMajor, Transpose::No, Transpose::No,
                                                        m, n, k, 1.0f, a, 0, m, b, 0, k, 0.0f, c, 0, m);
  commands = events.size();
  std::vector<float> out(m * n);
  dev.queue.enqueueReadBuffer(c, CL_TRUE, 0, out.size() * sizeof(float), out.data());
  return out;
}

}  // namespace

int main(int argc, char** argv) try {
  example::Options options(argc, argv);
  example::Device dev = example::open_device(options);
  options.check();
  std::printf("device: %s\n", dev.name.c_str());

  const std::vector<float> a = example::random_matrix<float>(m * k, 901);
  const std::vector<float> b = example::random_matrix<float>(k * n, 902);
  cl::Buffer a_buf(dev.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a.size() * sizeof(float),
                   const_cast<float*>(a.data()));
  cl::Buffer b_buf(dev.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b.size() * sizeof(float),
                   const_cast<float*>(b.data()));

  using example::Storage;
  const std::vector<double> ref =
      example::reference_gemm(Transpose::No, Transpose::No, m, n, k, 1.0, a, Storage{Layout::ColMajor, 0, m}, b,
                              Storage{Layout::ColMajor, 0, k}, 0.0, std::vector<float>(m * n, 0.0f),
                              Storage{Layout::ColMajor, 0, m});

  using Whole = gemmcl::Gemm<Tile<64, 64, 16>, Vec<4>, SplitK<1>>;
  using SecondPass = gemmcl::Gemm<Tile<64, 64, 16>, Vec<4>, SplitK<6, Reduction::SecondPass>>;
  using InKernel = gemmcl::Gemm<Tile<64, 64, 16>, Vec<4>, SplitK<4, Reduction::InKernel>>;

  bool ok = true;
  const auto report = [&](const char* what, const std::vector<float>& c, std::size_t commands) {
    const double error = example::relative_error(c, ref, Storage{Layout::ColMajor, 0, m}, m, n);
    const bool good = error <= example::tolerance<float>(k);
    ok = ok && good;
    std::printf("%-34s %zu command%s, relative error %.2e %s\n", what, commands, commands == 1 ? " " : "s",
                error, good ? "ok" : "TOO LARGE");
  };
  std::size_t commands = 0;
  const std::vector<float> whole = run<Whole>(dev, a_buf, b_buf, commands);
  report("K whole (SplitK<1>)", whole, commands);
  const std::vector<float> second_pass = run<SecondPass>(dev, a_buf, b_buf, commands);
  report("6 parts, second kernel", second_pass, commands);
  ok = ok && commands == 2;
  const std::vector<float> first = run<InKernel>(dev, a_buf, b_buf, commands);
  report("4 parts, in the kernel, 1st call", first, commands);
  const std::vector<float> second = run<InKernel>(dev, a_buf, b_buf, commands);
  report("4 parts, in the kernel, 2nd call", second, commands);
  ok = ok && commands == 1;

  const bool same = std::memcmp(first.data(), second.data(), first.size() * sizeof(float)) == 0;
  std::printf("the two in-kernel calls agree bit for bit: %s\n", same ? "yes" : "NO");
  return ok && same ? 0 : 1;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
