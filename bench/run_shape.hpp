#pragma once
// One shape measured: every configuration and peer, each layout and transpose pair, validated,
// timed, printed and written to the CSV. Env is what the run shares across shapes.

#include <random>
#include <string>
#include <vector>

#include "common.hpp"
#include "config.hpp"
#include "options.hpp"
#include "report.hpp"

namespace bench {

struct Env {
  const Options& o;
  cl::Context context;
  cl::CommandQueue queue;
  cl::Device device;
  cl::Buffer scratch;
  std::size_t l2 = 0, max_alloc = 0, global_mem = 0;
  bool clblast = false, cublas = false, cpu = false;
  Csv& csv;
  Table& table;
  std::mt19937_64 rng;
  int failures = 0;
  struct Rung {
    const Config* config;
    std::string problem;
    double gflops, cublas;
  };
  std::vector<Rung> ladder;  // results of the tutorial's rungs, for the summary beside the seeds' figures
  cl::CommandQueue plain;    // --clock host: a queue without profiling, for gemmcl's timed calls
};

// The tutorial's story on this device: each rung measured here beside the seeds' published figures.
void print_ladder(const Env& env);

template <class T>
void run_shape(Env& env, const Shape& shape, const std::vector<const Config*>& configs);
extern template void run_shape<float>(Env&, const Shape&, const std::vector<const Config*>&);
extern template void run_shape<double>(Env&, const Shape&, const std::vector<const Config*>&);

}  // namespace bench
