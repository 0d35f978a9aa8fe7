#pragma once
// One configuration the bench can time, as its driver sees it: a name, the resolved policy, the
// OpenCL C, and a function that enqueues one call. configs.hpp lists them (and is compiled once,
// into gemmcl_bench.cpp, since it instantiates every Gemm type).

#include <cmath>
#include <cstddef>
#include <string_view>
#include <vector>

#include "common.hpp"

namespace bench {

// One call's arguments, in double for alpha and beta so that one signature serves every element type.
struct Call {
  gemmcl::Layout layout;
  gemmcl::Transpose ta, tb;
  std::size_t m, n, k;
  double alpha, beta;
  const cl::Buffer* a;
  std::size_t lda;
  const cl::Buffer* b;
  std::size_t ldb;
  cl::Buffer* c;
  std::size_t ldc;
};

struct Config {
  std::string_view name;
  Elem element;
  gemmcl::policy::Config policy;                                  // Gemm<...>::config
  std::string_view source;                                        // Gemm<...>::source
  std::vector<cl::Event> (*run)(cl::CommandQueue&, const Call&);  // the events of every command enqueued
  std::string_view note;
  bool tutorial = false;          // a rung of the tutorial's ladder
  double k40m = NAN, p100 = NAN;  // the tutorial's published GFLOPS for this step, where there is one
  void (*quiet)(cl::CommandQueue&, const Call&) = nullptr;       // the same call without an event (--clock host)
};

}  // namespace bench
