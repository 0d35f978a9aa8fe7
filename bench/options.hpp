#pragma once
// The bench's command line: its options, their parsing and --help. Bad input ends the process with a
// message and status 2 (bad()).

#include <charconv>
#include <cstdint>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include "common.hpp"

namespace bench {

struct Options {
  std::string platform;      // -p: index or name substring; empty: all platforms
  std::string device_type;   // -t: gpu, cpu, acc, all, default; empty: a GPU if any, else anything
  std::string device = "0";  // -d: index among the matching devices, or name substring
  std::optional<std::size_t> m, n, k;
  std::vector<Shape> shapes;
  int iterations = 10;
  int warmup = 2;
  std::vector<std::string> kernels;  // -k; empty: "default" (or "default-double" with --type double)
  bool validate = true;
  std::vector<gemmcl::Layout> layouts{gemmcl::Layout::ColMajor};
  std::vector<gemmcl::Transpose> ta{gemmcl::Transpose::No}, tb{gemmcl::Transpose::No};
  std::string element;  // --type: float, double; empty: that of each configuration
  std::string csv;
  bool list = false, devices = false;
  std::string source;  // --source NAME
  bool no_clblast = false, no_cublas = false, no_cpu = false, force_cublas = false;
  double alpha = 1.0, beta = 0.0;
  std::uint64_t seed = 1;
  std::string units;  // G or T; empty: by magnitude
  int cuda_device = -1;
  bool pedantic = false;
  std::size_t l2 = 0;  // bytes; 0: ask the devices
  int max_sets = 64;
  std::size_t samples = 4096;
  double cpu_seconds = 3.0;
  bool host_clock = false;  // --clock host: calls back to back by the host's clock, gemmcl without events
};

void usage(std::ostream& os);
[[noreturn]] void bad(const std::string& what);
std::vector<std::string> split(std::string_view s, char sep);
std::string lower(std::string s);
Options parse(int argc, char** argv);

// An option's number: the whole of s, and for integers not negative; anything else is bad().
template <class N>
N number(std::string_view s, std::string_view option) {
  N value{};
  if constexpr (std::is_floating_point_v<N>) {
    try {
      std::size_t used = 0;
      value = static_cast<N>(std::stod(std::string(s), &used));
      if (used != s.size()) throw std::invalid_argument("trailing characters");
    } catch (const std::exception&) {
      bad(std::string(option) + ": not a number: '" + std::string(s) + "'");
    }
  } else {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    bool negative = false;
    if constexpr (std::is_signed_v<N>) negative = value < 0;
    if (ec != std::errc{} || end != s.data() + s.size() || negative) {
      bad(std::string(option) + ": not a non-negative integer: '" + std::string(s) + "'");
    }
  }
  return value;
}

}  // namespace bench
