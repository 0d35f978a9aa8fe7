#pragma once
// Helpers shared by the examples, kept out of their way so that each example's main() reads top to
// bottom: command-line options, picking a device, random matrices, a double-precision CPU reference and
// timing with OpenCL events. None of this is part of the library.

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace example {

// ---- Command-line options -------------------------------------------------------------------------
// "-n 512" style options. Every option a program accepts is declared by asking for it, so that unknown
// ones can be reported afterwards (see `check`).
class Options {
 public:
  Options(int argc, char** argv) : program_(argc > 0 ? argv[0] : "example") {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg.size() > 1 && arg[0] == '-' && i + 1 < argc && !looks_like_option(argv[i + 1])) {
        values_[arg] = argv[++i];
      } else if (arg.size() > 1 && arg[0] == '-') {
        values_[arg] = "";
      } else {
        positional_.push_back(arg);
      }
    }
  }

  bool flag(const std::string& name) { return take(name) != nullptr; }

  std::string text(const std::string& name, const std::string& fallback) {
    const std::string* v = take(name);
    return v != nullptr ? *v : fallback;
  }

  std::size_t size(const std::string& name, std::size_t fallback) {
    const std::string* v = take(name);
    if (v == nullptr) return fallback;
    std::size_t used = 0;
    unsigned long long n = 0;
    try {
      n = std::stoull(*v, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != v->size()) {
      throw std::invalid_argument(name + " expects a non-negative integer, got \"" + *v + "\"");
    }
    return static_cast<std::size_t>(n);
  }

  const std::vector<std::string>& positional() const { return positional_; }

  // Throws for options nobody asked for, so that a typo is not silently ignored.
  void check() const {
    for (const auto& [name, value] : values_) {
      if (!used_.count(name)) throw std::invalid_argument("unknown option " + name);
    }
  }

  const std::string& program() const { return program_; }

 private:
  static bool looks_like_option(std::string_view s) {
    return s.size() > 1 && s[0] == '-' && !std::isdigit(static_cast<unsigned char>(s[1]));
  }
  const std::string* take(const std::string& name) {
    used_[name] = true;
    auto it = values_.find(name);
    return it == values_.end() ? nullptr : &it->second;
  }

  std::string program_;
  std::map<std::string, std::string> values_;
  std::map<std::string, bool> used_;
  std::vector<std::string> positional_;
};

// ---- Device selection -----------------------------------------------------------------------------
struct Device {
  cl::Platform platform;
  cl::Device device;
  cl::Context context;
  cl::CommandQueue queue;  // in order, with profiling enabled for event timing
  std::string name;
};

inline const char* device_help =
    "  -p P      OpenCL platform index\n"
    "  -d D      device index within the platform\n"
    "  GEMMCL_DEVICE=P:D or GEMMCL_DEVICE=<part of the device name> picks a device as well;\n"
    "  by default the first GPU of any platform is used, else the first device.\n";

namespace detail {

inline std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

inline std::vector<cl::Device> devices_of(const cl::Platform& p) {
  std::vector<cl::Device> devices;
  // A platform without devices reports CL_DEVICE_NOT_FOUND; that only means "none here".
  if (p.getDevices(CL_DEVICE_TYPE_ALL, &devices) != CL_SUCCESS) devices.clear();
  return devices;
}

inline std::string list_devices(const std::vector<cl::Platform>& platforms) {
  std::string s;
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    const auto devices = devices_of(platforms[p]);
    for (std::size_t d = 0; d < devices.size(); ++d) {
      s += "  " + std::to_string(p) + ":" + std::to_string(d) + "  " +
           devices[d].getInfo<CL_DEVICE_NAME>() + " (" + platforms[p].getInfo<CL_PLATFORM_NAME>() + ")\n";
    }
  }
  return s.empty() ? "  (no OpenCL devices)\n" : s;
}

inline bool parse_index_pair(const std::string& s, std::size_t& p, std::size_t& d) {
  const auto colon = s.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == s.size()) return false;
  const auto digits = [](std::string_view v) {
    return std::all_of(v.begin(), v.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
  };
  const std::string a = s.substr(0, colon), b = s.substr(colon + 1);
  if (!digits(a) || !digits(b)) return false;
  p = std::stoul(a);
  d = std::stoul(b);
  return true;
}

}  // namespace detail

// Picks the device from -p/-d, else from GEMMCL_DEVICE, else the first GPU, else the first device.
inline Device open_device(Options& options) {
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);  // throws nothing; an empty list means no ICD is installed
  if (platforms.empty()) throw std::runtime_error("no OpenCL platform found (is an ICD installed?)");

  const bool by_flag = options.text("-p", "").size() + options.text("-d", "").size() > 0;
  std::size_t p = options.size("-p", 0), d = options.size("-d", 0);
  const char* env = std::getenv("GEMMCL_DEVICE");
  const std::string wanted = env != nullptr ? env : "";

  cl::Device chosen;
  cl::Platform chosen_platform;
  bool found = false;
  const auto pick = [&](std::size_t pi, std::size_t di) {
    if (pi >= platforms.size()) return false;
    const auto devices = detail::devices_of(platforms[pi]);
    if (di >= devices.size()) return false;
    chosen_platform = platforms[pi];
    chosen = devices[di];
    return true;
  };

  if (by_flag || detail::parse_index_pair(wanted, p, d)) {
    found = pick(p, d);
    if (!found) {
      throw std::runtime_error("there is no device " + std::to_string(p) + ":" + std::to_string(d) +
                               "; the devices are:\n" + detail::list_devices(platforms));
    }
  } else if (!wanted.empty()) {
    const std::string needle = detail::lower(wanted);
    for (std::size_t pi = 0; pi < platforms.size() && !found; ++pi) {
      const auto devices = detail::devices_of(platforms[pi]);
      for (std::size_t di = 0; di < devices.size() && !found; ++di) {
        if (detail::lower(devices[di].getInfo<CL_DEVICE_NAME>()).find(needle) != std::string::npos) {
          found = pick(pi, di);
        }
      }
    }
    if (!found) {
      throw std::runtime_error("GEMMCL_DEVICE=" + wanted + " matches no device; the devices are:\n" +
                               detail::list_devices(platforms));
    }
  } else {
    for (std::size_t pi = 0; pi < platforms.size() && !found; ++pi) {
      const auto devices = detail::devices_of(platforms[pi]);
      for (std::size_t di = 0; di < devices.size() && !found; ++di) {
        if (devices[di].getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU) found = pick(pi, di);
      }
    }
    for (std::size_t pi = 0; pi < platforms.size() && !found; ++pi) found = pick(pi, 0);
    if (!found) throw std::runtime_error("no OpenCL device found");
  }

  Device dev;
  dev.platform = chosen_platform;
  dev.device = chosen;
  dev.context = cl::Context(chosen);
  dev.queue = cl::CommandQueue(dev.context, chosen, CL_QUEUE_PROFILING_ENABLE);
  dev.name = chosen.getInfo<CL_DEVICE_NAME>();
  return dev;
}

// ---- Matrices -------------------------------------------------------------------------------------
// Uniform in [-1, 1], reproducible from the seed.
template <class T>
std::vector<T> random_matrix(std::size_t count, std::uint32_t seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<T> values(count);
  for (T& v : values) v = static_cast<T>(dist(engine));
  return values;
}

// A buffer initialised from a host vector (copied at creation; OpenCL only reads the host pointer).
template <class T>
cl::Buffer device_copy(const cl::Context& context, const std::vector<T>& host) {
  return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(T),
                    const_cast<T*>(host.data()));
}

template <class T>
std::vector<T> read_back(cl::CommandQueue& queue, const cl::Buffer& buffer, std::size_t count) {
  std::vector<T> host(count);
  queue.enqueueReadBuffer(buffer, CL_TRUE, 0, count * sizeof(T), host.data());
  return host;
}

// Where a matrix sits in its buffer, as gemmcl is told: storage order, offset and leading dimension.
struct Storage {
  gemmcl::Layout layout;
  std::size_t offset;
  std::size_t ld;

  // Index of element (row, col) of the matrix as stored (before any transpose).
  std::size_t index(std::size_t row, std::size_t col) const {
    return layout == gemmcl::Layout::ColMajor ? offset + row + col * ld : offset + row * ld + col;
  }
};

// C := alpha * op(A) * op(B) + beta * C in double precision, on a copy of the whole C buffer, so that the
// result can be compared with what the device returned element for element (including the parts that
// must stay untouched). op(A) is m x k, op(B) is k x n.
template <class TA, class TB, class TC>
std::vector<double> reference_gemm(gemmcl::Transpose ta, gemmcl::Transpose tb, std::size_t m,
                                   std::size_t n, std::size_t k, double alpha, const std::vector<TA>& a,
                                   Storage as, const std::vector<TB>& b, Storage bs, double beta,
                                   const std::vector<TC>& c, Storage cs) {
  // op(A) and op(B) copied into dense column-major double arrays, so the product loop runs contiguously.
  std::vector<double> opa(m * k), opb(k * n);
  for (std::size_t l = 0; l < k; ++l) {
    for (std::size_t i = 0; i < m; ++i) {
      opa[i + l * m] = a[ta == gemmcl::Transpose::No ? as.index(i, l) : as.index(l, i)];
    }
  }
  for (std::size_t j = 0; j < n; ++j) {
    for (std::size_t l = 0; l < k; ++l) {
      opb[l + j * k] = b[tb == gemmcl::Transpose::No ? bs.index(l, j) : bs.index(j, l)];
    }
  }
  std::vector<double> out(c.begin(), c.end());
  std::vector<double> column(m);
  for (std::size_t j = 0; j < n; ++j) {
    std::fill(column.begin(), column.end(), 0.0);
    for (std::size_t l = 0; l < k; ++l) {
      const double blj = opb[l + j * k];
      const double* acol = &opa[l * m];
      for (std::size_t i = 0; i < m; ++i) column[i] += acol[i] * blj;
    }
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t at = cs.index(i, j);
      // BLAS: beta = 0 means C is not read, so whatever it held cannot leak into the result.
      out[at] = alpha * column[i] + (beta == 0.0 ? 0.0 : beta * static_cast<double>(c[at]));
    }
  }
  return out;
}

// ||C - C_ref||_F / ||C_ref||_F over the m x n block of C.
template <class T>
double relative_error(const std::vector<T>& c, const std::vector<double>& ref, Storage cs, std::size_t m,
                      std::size_t n) {
  double diff = 0.0, norm = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t at = cs.index(i, j);
      const double d = static_cast<double>(c[at]) - ref[at];
      diff += d * d;
      norm += ref[at] * ref[at];
    }
  }
  if (std::isnan(diff)) return std::numeric_limits<double>::infinity();
  return norm > 0.0 ? std::sqrt(diff / norm) : std::sqrt(diff);
}

// Accepted error for a product over k terms in precision T: each element of C sums k rounded products,
// so the norm-wise error grows at most linearly in k. 2 (k + 1) eps leaves room for the beta * C term.
template <class T>
double tolerance(std::size_t k) {
  return 2.0 * static_cast<double>(k + 1) * static_cast<double>(std::numeric_limits<T>::epsilon());
}

// ---- Timing ---------------------------------------------------------------------------------------
// Milliseconds between the completion of `before` (a marker enqueued just ahead of the call) and the
// completion of `last` (the event the call returned). On an in-order queue that spans every command the
// call enqueued, however many there are.
inline double elapsed_ms(const cl::Event& before, const cl::Event& last) {
  const cl_ulong t0 = before.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  const cl_ulong t1 = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  if (t0 != 0 && t1 >= t0) return static_cast<double>(t1 - t0) * 1e-6;
  // A driver that does not time markers: fall back to the last command alone.
  const cl_ulong s = last.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  return static_cast<double>(t1 - s) * 1e-6;
}

// Runs `call` (which enqueues one GEMM and returns its event) once to warm up (program build, first
// touch of the buffers), then `runs` more times; returns the median time in milliseconds.
template <class Call>
double median_ms(cl::CommandQueue& queue, int runs, Call&& call) {
  call().wait();
  std::vector<double> times;
  for (int r = 0; r < std::max(runs, 1); ++r) {
    cl::Event before;
    queue.enqueueMarkerWithWaitList(nullptr, &before);
    cl::Event done = call();
    done.wait();
    times.push_back(elapsed_ms(before, done));
  }
  std::sort(times.begin(), times.end());
  const std::size_t h = times.size() / 2;
  return times.size() % 2 == 1 ? times[h] : 0.5 * (times[h - 1] + times[h]);
}

inline double gflops(std::size_t m, std::size_t n, std::size_t k, double ms) {
  return ms > 0.0 ? 2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) / (ms * 1e6)
                  : 0.0;
}

}  // namespace example
