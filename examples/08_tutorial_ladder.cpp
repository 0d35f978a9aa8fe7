// The tutorial, replayed: every rung of examples/tutorial/ladder.hpp (Nugteren's SGEMM kernels 1-10 and
// the memory-hierarchy slides' variants, each one gemmcl policy line) runs on this device, is checked
// against a CPU reference, and is printed beside the GFLOPS the seeds published for it.
//
//   tutorial_ladder [-n 512] [-i 3] [-p P -d D]
//
// A rung the device cannot run (a work-group or local memory over its limits, or kernel 8's NVIDIA path
// on another vendor's device) is reported as refused, as the slides report their 64x64 blocks on the
// P100; any wrong result makes the exit status 1.

#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "tutorial/ladder.hpp"

namespace {

// Inputs and the CPU reference for one square size, shared by all rungs measured at that size.
struct Problem {
  std::size_t n;
  std::vector<float> a, b, c;
  std::vector<double> expected;
};

const Problem& problem_of(std::size_t n, float alpha, float beta) {
  static std::map<std::size_t, Problem> problems;
  auto it = problems.find(n);
  if (it != problems.end()) return it->second;
  Problem p{n, example::random_matrix<float>(n * n, 11), example::random_matrix<float>(n * n, 12),
            example::random_matrix<float>(n * n, 13), {}};
  const example::Storage s{gemmcl::Layout::ColMajor, 0, n};
  p.expected = example::reference_gemm(gemmcl::Transpose::No, gemmcl::Transpose::No, n, n, n, alpha, p.a, s,
                                       p.b, s, beta, p.c, s);
  return problems.emplace(n, std::move(p)).first->second;
}

std::string figure(const std::optional<double>& gflops) {
  if (!gflops) return "-";
  char text[32];
  std::snprintf(text, sizeof text, *gflops < 10.0 ? "%.2f" : "%.1f", *gflops);
  return text;
}

}  // namespace

int main(int argc, char** argv) try {
  example::Options options(argc, argv);
  if (options.flag("-h") || options.flag("--help")) {
    std::cout << "usage: " << options.program() << " [-n N] [-i runs] [-p P -d D]\n"
              << "  -n N      square size (default 512; the incomplete-tiles rung uses a size just below)\n"
              << "  -i runs   timed runs per rung after one warm-up (default 3); the median is reported\n"
              << example::device_help;
    return 0;
  }
  const std::size_t n = options.size("-n", 512);
  const int runs = static_cast<int>(options.size("-i", 3));
  example::Device dev = example::open_device(options);
  options.check();

  const float alpha = 1.0f, beta = 0.5f;
  std::printf("device: %s\n", dev.name.c_str());
  std::printf("C := A * B + 0.5 C, column-major, %zu^3 unless noted; median of %d runs after a warm-up\n\n", n,
              runs);
  std::printf("%-18s %-31s %10s %10s %10s %10s  %s\n", "rung", "idea", "GFLOPS", "K40m", "P100", "CPU",
              "check");
  std::printf("%-18s %-31s %10s %10s %10s %10s\n", "", "", "(here)", "(seed 1)", "(seed 3)", "(seed 3)");

  int failures = 0;
  const auto run = [&]<class Rung>() {
    const std::size_t size = tutorial::problem_size<Rung>(n);
    const Problem& p = problem_of(size, alpha, beta);
    std::string measured = "-", check;
    try {
      typename Rung::gemm gemm;
      cl::Buffer a_buf = example::device_copy(dev.context, p.a);
      cl::Buffer b_buf = example::device_copy(dev.context, p.b);
      cl::Buffer c_buf = example::device_copy(dev.context, p.c);
      const auto call = [&] {
        return gemm(dev.queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No, size,
                    size, size, alpha, a_buf, 0, size, b_buf, 0, size, beta, c_buf, 0, size);
      };
      call().wait();  // checked once, then timed (the timed runs keep accumulating into C)
      const std::vector<float> result = example::read_back<float>(dev.queue, c_buf, p.c.size());
      const double error =
          example::relative_error(result, p.expected, {gemmcl::Layout::ColMajor, 0, size}, size, size);
      const bool ok = error <= example::tolerance<float>(size);
      failures += ok ? 0 : 1;
      char text[64];
      std::snprintf(text, sizeof text, "%s (%.2e)", ok ? "ok" : "WRONG", error);
      check = text;
      measured = figure(example::gflops(size, size, size, example::median_ms(dev.queue, runs, call)));
    } catch (const gemmcl::Error& e) {
      // Over the device's limits, or a vendor path for another vendor's device: a fact about the
      // device, not a failure of the rung.
      const bool limit = e.code() == gemmcl::ErrorCode::WorkGroupTooLarge ||
                         e.code() == gemmcl::ErrorCode::LocalMemoryExceeded ||
                         e.code() == gemmcl::ErrorCode::VendorMismatch;
      failures += limit ? 0 : 1;
      check = std::string(limit ? "refused: " : "FAILED: ") + std::string(gemmcl::to_string(e.code()));
      if (!limit) std::cerr << Rung::name << ": " << e.what() << "\n";
    }
    std::string idea(Rung::idea);
    if (size != n) idea += " @" + std::to_string(size);
    std::printf("%-18s %-31s %10s %10s %10s %10s  %s\n", std::string(Rung::name).c_str(), idea.c_str(),
                measured.c_str(), figure(Rung::published.k40m).c_str(), figure(Rung::published.p100).c_str(),
                figure(Rung::published.cpu).c_str(), check.c_str());
    std::fflush(stdout);
  };
  tutorial::for_each_rung<tutorial::ladder>(run);
  tutorial::for_each_rung<tutorial::slides>(run);

  std::printf("\nnot run here (see tutorial/ladder.hpp):\n");
  for (const auto& u : tutorial::not_expressible) {
    std::printf("%-18s %-31s %10s %10s %10s %10s  %s\n", std::string(u.name).c_str(), "", "-",
                figure(u.published.k40m).c_str(), figure(u.published.p100).c_str(),
                figure(u.published.cpu).c_str(), std::string(u.why).c_str());
  }
  std::printf("\n%s\n", failures == 0 ? "all rungs correct" : "SOME RUNGS FAILED");
  return failures == 0 ? 0 : 1;
} catch (const gemmcl::Error& e) {
  std::cerr << "gemmcl error (" << gemmcl::to_string(e.code()) << "): " << e.what() << "\n";
  return 2;
} catch (const std::exception& e) {
  std::cerr << "error: " << e.what() << "\n";
  return 2;
}
