// gemmcl_bench: times gemmcl configurations against cuBLAS, CLBlast and a CPU BLAS in one process, on
// the same shapes and the same data, validates every result, prints a table and writes CSV.
// Options follow Intel's SGEMM sample (-p -t -d -M -N -K -i -k -v); `--help` lists them all.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common.hpp"
#include "configs.hpp"

namespace bench {
namespace {

// ---------------------------------------------------------------------------------------------------
// Options

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
};

void usage(std::ostream& os) {
  os << R"(usage: gemmcl_bench [options]

Device (as in Intel's SGEMM sample):
  -p, --platform <index|name>   platform by index or case-insensitive name substring (default: all)
  -t, --device-type <type>      gpu | cpu | acc | all | default (default: a GPU if any, else any)
  -d, --device <index|name>     device among those matching, by index or name substring (default 0)
      --devices                 list platforms and devices, then exit

Problem:
  -M, --size1 <m>  -N, --size3 <n>  -K, --size2 <k>
                                one shape; sizes not given take the first one given
      --shapes <list>           comma list of MxNxK or single sizes (cubes), e.g. 512,1024,4096x64x4096
                                (default: 1024)
      --layout col|row|all      storage order (default col)
      --ta n|t|all, --tb n|t|all
                                op(A), op(B); --ta all --tb all runs the four transposes (default n, n)
      --type float|double       element type (default: that of each configuration)
      --alpha <a>, --beta <b>   (default 1, 0)
      --seed <s>                random inputs in [-1, 1], never 0, fresh per shape (default 1)

Configurations:
  -k, --kernel <names>          comma list of configuration names, a name ending in '*' for a prefix,
                                or 'all' (default: default, or default-double with --type double)
      --list                    print the configuration names and their policies, then exit
      --source <name>           print the OpenCL C of one configuration, then exit

Timing:
  -i, --iterations <n>          timed runs; the median is reported; 0: validate only (default 10)
      --warmup <n>              untimed runs before them (default 2)
      --l2 <bytes>              cache size that decides input rotation (default: the device's)
      --max-sets <n>            at most this many rotated input sets (default 64)

Validation:
  -v, --validation              validate every result (default on)
      --no-validation           do not
      --samples <n>             entries checked when a full CPU reference is too costly (default 4096)

Peers (each optional, compiled in when found at configure time):
      --no-clblast, --no-cublas, --no-cpu
      --cublas                  run cuBLAS even when the OpenCL device is not an NVIDIA GPU
      --cuda-device <i>         CUDA device for cuBLAS (default: the OpenCL device's PCI address, else 0)
      --cublas-pedantic         CUBLAS_PEDANTIC_MATH instead of CUBLAS_DEFAULT_MATH
      --cpu-seconds <s>         time budget of the CPU BLAS per case (default 3)

Output:
      --csv <file>              one row per measurement, GFLOPS, written as the run goes
      --units G|T               GFLOPS or TFLOPS in the table (default: by magnitude)
  -h, --help
)";
}

[[noreturn]] void bad(const std::string& what) {
  std::cerr << "gemmcl_bench: " << what << " (see --help)\n";
  std::exit(2);
}

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

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = s.find(sep, start);
    out.emplace_back(s.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

std::vector<Shape> parse_shapes(std::string_view list) {
  std::vector<Shape> shapes;
  for (const std::string& item : split(list, ',')) {
    std::vector<std::string> parts = split(lower(item), 'x');
    if (parts.size() != 1 && parts.size() != 3) bad("--shapes: '" + item + "' is not N or MxNxK");
    std::vector<std::size_t> v;
    for (const std::string& p : parts) v.push_back(number<std::size_t>(p, "--shapes"));
    for (std::size_t x : v) {
      if (x == 0) bad("--shapes: sizes must be positive in '" + item + "'");
    }
    shapes.push_back(v.size() == 1 ? Shape{v[0], v[0], v[0]} : Shape{v[0], v[1], v[2]});
  }
  return shapes;
}

template <class E>
std::vector<E> parse_choice(std::string_view value, std::string_view option, std::string_view a_name, E a,
                            std::string_view b_name, E b) {
  const std::string v = lower(std::string(value));
  if (v == a_name) return {a};
  if (v == b_name) return {b};
  if (v == "all") return {a, b};
  bad(std::string(option) + " takes " + std::string(a_name) + ", " + std::string(b_name) + " or all");
}

Options parse(int argc, char** argv) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string opt = args[i];
    std::optional<std::string> inline_value;
    if (opt.rfind("--", 0) == 0) {
      const std::size_t eq = opt.find('=');
      if (eq != std::string::npos) {
        inline_value = opt.substr(eq + 1);
        opt = opt.substr(0, eq);
      }
    }
    auto value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (i + 1 >= args.size()) bad(opt + " needs a value");
      return args[++i];
    };
    auto is = [&](std::initializer_list<std::string_view> names) {
      return std::find(names.begin(), names.end(), opt) != names.end();
    };
    if (is({"-h", "--help"})) {
      usage(std::cout);
      std::exit(0);
    } else if (is({"-p", "--platform"})) {
      o.platform = value();
    } else if (is({"-t", "--device-type"})) {
      o.device_type = lower(value());
    } else if (is({"-d", "--device"})) {
      o.device = value();
    } else if (is({"-M", "--size1"})) {
      o.m = number<std::size_t>(value(), opt);
    } else if (is({"-K", "--size2"})) {
      o.k = number<std::size_t>(value(), opt);
    } else if (is({"-N", "--size3"})) {
      o.n = number<std::size_t>(value(), opt);
    } else if (is({"--shapes"})) {
      const std::vector<Shape> s = parse_shapes(value());
      o.shapes.insert(o.shapes.end(), s.begin(), s.end());
    } else if (is({"-i", "--iterations"})) {
      o.iterations = number<int>(value(), opt);
    } else if (is({"--warmup"})) {
      o.warmup = number<int>(value(), opt);
    } else if (is({"-k", "--kernel"})) {
      for (const std::string& name : split(value(), ',')) {
        if (!name.empty()) o.kernels.push_back(name);
      }
    } else if (is({"-v", "--validation", "--validate"})) {
      o.validate = true;
    } else if (is({"--no-validation", "--no-validate"})) {
      o.validate = false;
    } else if (is({"--layout"})) {
      o.layouts =
          parse_choice(value(), opt, "col", gemmcl::Layout::ColMajor, "row", gemmcl::Layout::RowMajor);
    } else if (is({"--ta"})) {
      o.ta = parse_choice(value(), opt, "n", gemmcl::Transpose::No, "t", gemmcl::Transpose::Yes);
    } else if (is({"--tb"})) {
      o.tb = parse_choice(value(), opt, "n", gemmcl::Transpose::No, "t", gemmcl::Transpose::Yes);
    } else if (is({"--type"})) {
      o.element = lower(value());
      if (o.element != "float" && o.element != "double") bad("--type takes float or double");
    } else if (is({"--alpha"})) {
      o.alpha = number<double>(value(), opt);
    } else if (is({"--beta"})) {
      o.beta = number<double>(value(), opt);
    } else if (is({"--seed"})) {
      o.seed = number<std::uint64_t>(value(), opt);
    } else if (is({"--csv"})) {
      o.csv = value();
    } else if (is({"--list"})) {
      o.list = true;
    } else if (is({"--devices"})) {
      o.devices = true;
    } else if (is({"--source"})) {
      o.source = value();
    } else if (is({"--no-clblast"})) {
      o.no_clblast = true;
    } else if (is({"--no-cublas"})) {
      o.no_cublas = true;
    } else if (is({"--no-cpu"})) {
      o.no_cpu = true;
    } else if (is({"--cublas"})) {
      o.force_cublas = true;
    } else if (is({"--cuda-device"})) {
      o.cuda_device = number<int>(value(), opt);
    } else if (is({"--cublas-pedantic"})) {
      o.pedantic = true;
    } else if (is({"--cpu-seconds"})) {
      o.cpu_seconds = number<double>(value(), opt);
    } else if (is({"--units"})) {
      o.units = value();
      if (o.units != "G" && o.units != "T") bad("--units takes G or T");
    } else if (is({"--l2"})) {
      o.l2 = number<std::size_t>(value(), opt);
    } else if (is({"--max-sets"})) {
      o.max_sets = std::max(1, number<int>(value(), opt));
    } else if (is({"--samples"})) {
      o.samples = std::max<std::size_t>(1, number<std::size_t>(value(), opt));
    } else {
      bad("unknown option '" + args[i] + "'");
    }
  }
  if (o.m || o.n || o.k) {
    if (!o.shapes.empty()) bad("give either -M/-N/-K or --shapes");
    const std::size_t first = o.m ? *o.m : o.n ? *o.n : *o.k;
    const Shape s{o.m.value_or(first), o.n.value_or(first), o.k.value_or(first)};
    if (s.m == 0 || s.n == 0 || s.k == 0) bad("-M, -N and -K must be positive");
    o.shapes.push_back(s);
  }
  if (o.shapes.empty()) o.shapes.push_back({1024, 1024, 1024});
  if (o.kernels.empty()) o.kernels.push_back(o.element == "double" ? "default-double" : "default");
  return o;
}

// ---------------------------------------------------------------------------------------------------
// Configurations

std::vector<const Config*> select_configs(const Options& o) {
  std::vector<const Config*> out;
  auto add = [&](const Config& c) {
    if (std::find(out.begin(), out.end(), &c) == out.end()) out.push_back(&c);
  };
  const std::optional<Elem> want =
      o.element.empty() ? std::nullopt
                        : std::optional<Elem>(o.element == "double" ? Elem::Double : Elem::Float);
  for (const std::string& name : o.kernels) {
    const bool all = name == "all";
    const bool prefix = !all && name.size() > 1 && name.back() == '*';
    bool found = false;
    for (const Config& c : configs()) {
      const bool match = all || (prefix ? c.name.substr(0, name.size() - 1) == name.substr(0, name.size() - 1)
                                        : c.name == name);
      if (!match) continue;
      found = true;
      if (want && c.element != *want) {
        if (!all && !prefix) {
          bad("configuration '" + name + "' is " + elem_name(c.element) + ", but --type " + o.element +
              " was given");
        }
        continue;
      }
      add(c);
    }
    if (!found) bad("no configuration named '" + name + "' (--list shows them)");
  }
  if (out.empty()) bad("no configuration matches -k and --type");
  return out;
}

void print_configs() {
  std::printf("%-30s %-7s %-13s %-4s %-7s %-6s %-4s %-8s %s\n", "name", "element", "tile MxNxK", "vec", "wpt",
              "local", "pad", "prefetch", "note");
  for (const Config& c : configs()) {
    const auto& p = c.policy;
    const std::string tile =
        std::to_string(p.tile_m) + "x" + std::to_string(p.tile_n) + "x" + std::to_string(p.tile_k);
    const std::string wpt = std::to_string(p.wpt_m) + "x" + std::to_string(p.wpt_n);
    const char* local = p.local_a && p.local_b ? "A,B" : p.local_a ? "A" : p.local_b ? "B" : "none";
    std::printf("%-30.*s %-7s %-13s %-4d %-7s %-6s %-4d %-8s %.*s\n", static_cast<int>(c.name.size()),
                c.name.data(), elem_name(c.element), tile.c_str(), p.vec, wpt.c_str(), local, p.padding,
                p.prefetch ? "yes" : "no", static_cast<int>(c.note.size()), c.note.data());
  }
}

// ---------------------------------------------------------------------------------------------------
// OpenCL

void check(cl_int status, const std::string& call) {
  if (status != CL_SUCCESS) {
    throw std::runtime_error(call + " failed: " + std::string(gemmcl::cl_error_name(status)) + " (" +
                             std::to_string(status) + ")");
  }
}

std::string device_string(const cl::Device& d, cl_device_info what) {
  std::size_t size = 0;
  if (clGetDeviceInfo(d(), what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return "?";
  std::string s(size, '\0');
  if (clGetDeviceInfo(d(), what, size, s.data(), nullptr) != CL_SUCCESS) return "?";
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

template <class T>
T device_value(const cl::Device& d, cl_device_info what, T fallback = T{}) {
  T v{};
  return clGetDeviceInfo(d(), what, sizeof(T), &v, nullptr) == CL_SUCCESS ? v : fallback;
}

std::string platform_string(const cl::Platform& p, cl_platform_info what) {
  std::size_t size = 0;
  if (clGetPlatformInfo(p(), what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return "?";
  std::string s(size, '\0');
  if (clGetPlatformInfo(p(), what, size, s.data(), nullptr) != CL_SUCCESS) return "?";
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

bool digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

struct Selected {
  cl::Platform platform;
  cl::Device device;
};

std::vector<cl::Platform> platforms() {
  std::vector<cl::Platform> list;
  const cl_int status = cl::Platform::get(&list);
  if (status != CL_SUCCESS && status != CL_PLATFORM_NOT_FOUND_KHR) check(status, "clGetPlatformIDs");
  return list;
}

std::vector<cl::Device> devices_of(const cl::Platform& p, cl_device_type type) {
  std::vector<cl::Device> list;
  const cl_int status = p.getDevices(type, &list);
  if (status == CL_DEVICE_NOT_FOUND) return {};
  check(status, "clGetDeviceIDs");
  return list;
}

void print_devices() {
  const auto list = platforms();
  if (list.empty()) std::printf("no OpenCL platform\n");
  for (std::size_t p = 0; p < list.size(); ++p) {
    std::printf("platform %zu: %s (%s)\n", p, platform_string(list[p], CL_PLATFORM_NAME).c_str(),
                platform_string(list[p], CL_PLATFORM_VERSION).c_str());
    const auto devs = devices_of(list[p], CL_DEVICE_TYPE_ALL);
    for (std::size_t d = 0; d < devs.size(); ++d) {
      const auto type = device_value<cl_device_type>(devs[d], CL_DEVICE_TYPE);
      std::printf("  device %zu: %s [%s] driver %s\n", d, device_string(devs[d], CL_DEVICE_NAME).c_str(),
                  (type & CL_DEVICE_TYPE_GPU)   ? "gpu"
                  : (type & CL_DEVICE_TYPE_CPU) ? "cpu"
                                                : "other",
                  device_string(devs[d], CL_DRIVER_VERSION).c_str());
    }
  }
}

Selected select_device(const Options& o) {
  const auto all = platforms();
  if (all.empty()) throw std::runtime_error("no OpenCL platform found (is an ICD installed?)");
  std::vector<cl::Platform> chosen;
  if (o.platform.empty()) {
    chosen = all;
  } else if (digits(o.platform)) {
    const std::size_t i = number<std::size_t>(o.platform, "-p");
    if (i >= all.size()) bad("-p " + o.platform + ": there are " + std::to_string(all.size()) + " platforms");
    chosen.push_back(all[i]);
  } else {
    for (const auto& p : all) {
      const std::string name =
          lower(platform_string(p, CL_PLATFORM_NAME) + " " + platform_string(p, CL_PLATFORM_VENDOR));
      if (name.find(lower(o.platform)) != std::string::npos) chosen.push_back(p);
    }
    if (chosen.empty()) bad("-p " + o.platform + ": no platform by that name (--devices lists them)");
  }

  cl_device_type type = CL_DEVICE_TYPE_ALL;
  const std::string& t = o.device_type;
  if (t == "gpu")
    type = CL_DEVICE_TYPE_GPU;
  else if (t == "cpu")
    type = CL_DEVICE_TYPE_CPU;
  else if (t == "acc")
    type = CL_DEVICE_TYPE_ACCELERATOR;
  else if (t == "default")
    type = CL_DEVICE_TYPE_DEFAULT;
  else if (t == "all" || t.empty())
    type = CL_DEVICE_TYPE_ALL;
  else
    bad("-t takes gpu, cpu, acc, all or default");

  std::vector<Selected> found;
  auto collect = [&](cl_device_type ty) {
    for (const auto& p : chosen) {
      for (const auto& d : devices_of(p, ty)) found.push_back({p, d});
    }
  };
  if (t.empty()) collect(CL_DEVICE_TYPE_GPU);  // a GPU when there is one
  if (found.empty()) collect(type);
  if (found.empty()) throw std::runtime_error("no OpenCL device matches -p/-t (--devices lists them)");

  if (digits(o.device)) {
    const std::size_t i = number<std::size_t>(o.device, "-d");
    if (i >= found.size()) {
      bad("-d " + o.device + ": " + std::to_string(found.size()) + " devices match -p/-t");
    }
    return found[i];
  }
  for (const auto& s : found) {
    if (lower(device_string(s.device, CL_DEVICE_NAME)).find(lower(o.device)) != std::string::npos) return s;
  }
  bad("-d " + o.device + ": no matching device by that name (--devices lists them)");
}

// Profiling times in ms of the events a call returns: from the first one's START to the last one's END
// (span), and from the END of a tiny fill enqueued just before the call to that last END (bracket),
// which also covers commands a library enqueues but does not return (CLBlast's helper kernels).
struct ClTimes {
  Stats span, bracket;
};

cl_ulong profile(const cl::Event& e, cl_profiling_info what, const char* name) {
  cl_ulong t = 0;
  check(clGetEventProfilingInfo(e(), what, sizeof t, &t, nullptr),
        std::string("clGetEventProfilingInfo(") + name + ")");
  return t;
}

void check_complete(const cl::Event& e, const char* what) {
  cl_int status = 0;
  check(clGetEventInfo(e(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
        "clGetEventInfo(CL_EVENT_COMMAND_EXECUTION_STATUS)");
  if (status < 0) check(status, std::string(what) + " (command's execution status)");
}

// `enqueue(set)` enqueues one call on input set `set` and returns its events. Set 0 is left to
// validation runs; the rotation starts at set 1 (mod sets). Fills::BeforeEachCall puts the bracket's
// fill before each call; with Fills::None the calls follow one another with nothing in between, as
// the cuBLAS peer's do (on the H200 a fill before each call added up to 1.6 us to a 512^3 call's
// median span in some rounds, and nothing in others), and there is no bracket.
enum class Fills { None, BeforeEachCall };
template <class Enqueue>
ClTimes time_opencl(cl::CommandQueue& queue, cl::Buffer& scratch, const Timing& t, Fills fills_mode,
                    Enqueue&& enqueue) {
  const bool with_fills = fills_mode == Fills::BeforeEachCall;
  ClTimes out;
  int call = 1;
  for (int w = 0; w < t.warmup; ++w) enqueue(call++ % t.sets);
  check(queue.finish(), "clFinish");
  std::vector<cl::Event> fills;
  std::vector<std::vector<cl::Event>> runs;
  const cl_uint pattern = 0;
  for (int i = 0; i < t.iterations; ++i) {
    if (with_fills) {
      cl_event fill = nullptr;
      check(clEnqueueFillBuffer(queue(), scratch(), &pattern, sizeof pattern, 0, sizeof pattern, 0, nullptr,
                                &fill),
            "clEnqueueFillBuffer");
      fills.emplace_back(fill);
    }
    runs.push_back(enqueue(call++ % t.sets));
    if (runs.back().empty()) throw std::runtime_error("a call returned no event");
  }
  check(queue.finish(), "clFinish");
  bool bracketed = with_fills;
  for (int i = 0; i < t.iterations; ++i) {
    const auto at = static_cast<std::size_t>(i);
    if (with_fills) check_complete(fills[at], "fill");
    cl_ulong start = ~cl_ulong(0), end = 0;
    for (const cl::Event& e : runs[at]) {
      check_complete(e, "gemm");
      start = std::min(start, profile(e, CL_PROFILING_COMMAND_START, "START"));
      end = std::max(end, profile(e, CL_PROFILING_COMMAND_END, "END"));
    }
    const double span = end > start ? static_cast<double>(end - start) * 1e-6 : 0.0;
    out.span.ms.push_back(span);
    // The bracket is a cross-check; a platform that does not time fills only loses it.
    cl_ulong before = 0;
    bracketed = bracketed && clGetEventProfilingInfo(fills[at](), CL_PROFILING_COMMAND_END, sizeof before,
                                                     &before, nullptr) == CL_SUCCESS;
    if (bracketed) {
      const double bracket = end > before ? static_cast<double>(end - before) * 1e-6 : span;
      out.bracket.ms.push_back(std::max(span, bracket));
    }
  }
  if (!bracketed) out.bracket.ms.clear();
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Output

std::string now_utc() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

// The host's load average where the system reports one: CPU figures depend on what else runs.
std::string host_load() {
  std::ifstream f("/proc/loadavg");
  double one = 0, five = 0;
  if (!(f >> one >> five)) return "unknown";
  char buf[96];
  std::snprintf(buf, sizeof buf, "load average %.2f (1 min), %.2f (5 min) on %u hardware threads", one, five,
                std::thread::hardware_concurrency());
  return buf;
}

std::string command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    const bool plain = !a.empty() &&
                       a.find_first_not_of(
                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                           "0123456789-_=./,:*+") == std::string::npos &&
                       a.find('*') == std::string::npos;
    if (!plain) {
      std::string q = "'";
      for (char ch : a) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
      a = q + "'";
    }
    s += (i ? " " : "") + a;
  }
  return s;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + "\"";
}

std::string fmt(const char* f, double v) {
  if (std::isnan(v)) return "";
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

struct Row {  // one CSV line
  std::string library, config, element, layout, ta, tb, reference, check, note;
  Shape shape;
  int sets = 1, runs = 0;
  double median = NAN, min = NAN, max = NAN, kernel = NAN, bracket = NAN;
  double ratio_cublas = NAN, ratio_clblast = NAN, ratio_cpu = NAN, error = NAN, bound = NAN;
};

class Csv {
 public:
  Csv(const std::string& path, std::string date, std::string device, std::string driver, std::string command,
      const Options& o)
      : date_(std::move(date)),
        device_(std::move(device)),
        driver_(std::move(driver)),
        command_(std::move(command)),
        o_(o) {
    if (path.empty()) return;
    out_.open(path);
    if (!out_) throw std::runtime_error("cannot write " + path);
    out_ << "date,device,driver,library,config,type,layout,ta,tb,m,n,k,alpha,beta,warmup,iterations,"
            "runs,sets,median_ms,min_ms,max_ms,kernel_ms,bracket_ms,gflops,ratio_cublas,ratio_clblast,"
            "ratio_cpu,error,bound,reference,check,note,command\n";
    out_.flush();
  }
  void write(const Row& r) {
    if (!out_.is_open()) return;
    const double gflops = gemm_flops(r.shape) / (r.median * 1e-3) * 1e-9;
    const std::string fields[] = {date_,
                                  device_,
                                  driver_,
                                  r.library,
                                  r.config,
                                  r.element,
                                  r.layout,
                                  r.ta,
                                  r.tb,
                                  std::to_string(r.shape.m),
                                  std::to_string(r.shape.n),
                                  std::to_string(r.shape.k),
                                  fmt("%g", o_.alpha),
                                  fmt("%g", o_.beta),
                                  std::to_string(o_.warmup),
                                  std::to_string(o_.iterations),
                                  std::to_string(r.runs),
                                  std::to_string(r.sets),
                                  fmt("%.6f", r.median),
                                  fmt("%.6f", r.min),
                                  fmt("%.6f", r.max),
                                  fmt("%.6f", r.kernel),
                                  fmt("%.6f", r.bracket),
                                  fmt("%.3f", gflops),
                                  fmt("%.4f", r.ratio_cublas),
                                  fmt("%.4f", r.ratio_clblast),
                                  fmt("%.4f", r.ratio_cpu),
                                  fmt("%.3e", r.error),
                                  fmt("%.3e", r.bound),
                                  r.reference,
                                  r.check,
                                  r.note,
                                  command_};
    bool first = true;
    for (const std::string& f : fields) {
      out_ << (first ? "" : ",") << csv_field(f);
      first = false;
    }
    out_ << "\n";
    out_.flush();  // a run cut short keeps what it measured
  }

 private:
  std::ofstream out_;
  std::string date_, device_, driver_, command_;
  const Options& o_;
};

// The table, printed row by row as results come in; its unit is fixed by the first figure.
class Table {
 public:
  explicit Table(std::string units) : units_(std::move(units)) {}

  struct Line {
    std::string config, shape, layout, op;
    double gemmcl = NAN, cublas = NAN, clblast = NAN, cpu = NAN;  // GFLOPS
    double error = NAN, clblast_error = NAN;
    std::string check, clblast_check, note;
  };

  void print(const Line& l) {
    if (units_.empty()) {
      double first = NAN;
      for (double v : {l.gemmcl, l.cublas, l.clblast, l.cpu}) {
        if (!std::isnan(v)) {
          first = v;
          break;
        }
      }
      if (!std::isnan(first)) units_ = first >= 1000.0 ? "T" : "G";
    }
    if (!header_) {
      const std::string u = (units_.empty() ? "G" : units_) + "FLOPS";
      std::printf("\n%-26s %-16s %-3s %-2s | %8s %8s %8s %8s | %8s %8s %8s | %-8s %-5s | %-8s %-5s\n",
                  "config", "MxNxK", "lay", "op", "gemmcl", "cuBLAS", "CLBlast", "CPU-BLAS", "/cuBLAS",
                  "/CLBlast", "/CPU", "error", "check", "CLB err", "check");
      std::printf("%-26s %-16s %-3s %-2s | %8s %8s %8s %8s | %8s %8s %8s | %-8s %-5s | %-8s %-5s\n", "", "",
                  "", "", u.c_str(), u.c_str(), u.c_str(), u.c_str(), "", "", "", "", "", "", "");
      std::printf("%s\n", std::string(150, '-').c_str());
      header_ = true;
    }
    const double scale = units_ == "T" ? 1e-3 : 1.0;
    const char* f = units_ == "T" ? "%8.2f" : "%8.1f";
    auto value = [&](double v) { return std::isnan(v) ? std::string(8 - 1, ' ') + "-" : fmt(f, v * scale); };
    auto ratio = [&](double g, double p) {
      return std::isnan(g) || std::isnan(p) || p <= 0 ? std::string(7, ' ') + "-" : fmt("%7.2fx", g / p);
    };
    auto err = [&](double e) { return std::isnan(e) ? std::string("-") : fmt("%.1e", e); };
    std::printf("%-26s %-16s %-3s %-2s | %s %s %s %s | %s %s %s | %-8s %-5s | %-8s %-5s%s%s\n",
                l.config.c_str(), l.shape.c_str(), l.layout.c_str(), l.op.c_str(), value(l.gemmcl).c_str(),
                value(l.cublas).c_str(), value(l.clblast).c_str(), value(l.cpu).c_str(),
                ratio(l.gemmcl, l.cublas).c_str(), ratio(l.gemmcl, l.clblast).c_str(),
                ratio(l.gemmcl, l.cpu).c_str(), err(l.error).c_str(), l.check.c_str(),
                err(l.clblast_error).c_str(), l.clblast_check.c_str(), l.note.empty() ? "" : "  ",
                l.note.c_str());
    std::fflush(stdout);
  }

 private:
  std::string units_;
  bool header_ = false;
};

// ---------------------------------------------------------------------------------------------------
// The run

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
};

// The tutorial's story on this device: each rung measured here beside the seeds' published figures.
void print_ladder(const Env& env) {
  if (env.ladder.empty()) return;
  std::printf("\ntutorial ladder (GFLOPS; K40m: seed 001, P100: seed 003)\n");
  std::printf("%-16s %-32s %-22s %10s %8s %8s %8s\n", "rung", "idea", "problem", "here", "/cuBLAS", "K40m",
              "P100");
  for (const auto& r : env.ladder) {
    auto num = [](double v, const char* f) { return std::isnan(v) ? std::string("-") : fmt(f, v); };
    std::printf("%-16.*s %-32.*s %-22s %10s %8s %8s %8s\n", static_cast<int>(r.config->name.size()),
                r.config->name.data(), static_cast<int>(r.config->note.size()), r.config->note.data(),
                r.problem.c_str(), num(r.gflops, "%.1f").c_str(),
                std::isnan(r.cublas) ? "-" : fmt("%.2fx", r.gflops / r.cublas).c_str(),
                num(r.config->k40m, "%.0f").c_str(), num(r.config->p100, "%.0f").c_str());
  }
}

int rotation_sets(const Env& env, std::size_t bytes_per_set) {
  if (env.l2 == 0 || bytes_per_set == 0 || bytes_per_set > 2 * env.l2) return 1;
  std::size_t sets = 1 + (2 * env.l2 + bytes_per_set - 1) / bytes_per_set;
  sets = std::min<std::size_t>(sets, static_cast<std::size_t>(env.o.max_sets));
  // Leave most of the device's memory alone.
  const std::size_t budget = env.global_mem / 4;
  sets = std::min(sets, std::max<std::size_t>(1, budget / bytes_per_set));
  return static_cast<int>(std::max<std::size_t>(1, sets));
}

template <class T>
cl::Buffer make_buffer(Env& env, const std::vector<T>& host) {
  cl_int status = CL_SUCCESS;
  const std::size_t bytes = std::max<std::size_t>(1, host.size()) * sizeof(T);
  cl::Buffer b(env.context, CL_MEM_READ_WRITE, bytes, nullptr, &status);
  check(status, "clCreateBuffer(" + std::to_string(bytes) + " bytes)");
  check(env.queue.enqueueWriteBuffer(b, CL_TRUE, 0, host.size() * sizeof(T), host.data()),
        "clEnqueueWriteBuffer");
  return b;
}

template <class T>
void write_c(Env& env, cl::Buffer& c, const std::vector<T>& host) {
  check(env.queue.enqueueWriteBuffer(c, CL_TRUE, 0, host.size() * sizeof(T), host.data()),
        "clEnqueueWriteBuffer(C)");
}

template <class T>
std::vector<T> read_c(Env& env, const cl::Buffer& c, std::size_t count) {
  std::vector<T> out(count);
  check(env.queue.enqueueReadBuffer(c, CL_TRUE, 0, count * sizeof(T), out.data()), "clEnqueueReadBuffer(C)");
  return out;
}

struct Check {
  double error = NAN;
  std::string result;  // PASS, FAIL, or empty when not validated
};

template <class T>
Check judge(const Shape& s, double error) {
  Check c;
  c.error = error;
  c.result = error <= error_bound<T>(s) ? "PASS" : "FAIL";
  return c;
}

double gflops(const Shape& s, double ms) { return gemm_flops(s) / (ms * 1e-3) * 1e-9; }

template <class T>
void run_shape(Env& env, const Shape& shape, const std::vector<const Config*>& configs) {
  const Options& o = env.o;
  const std::size_t a_elems = shape.m * shape.k, b_elems = shape.k * shape.n, c_elems = shape.m * shape.n;
  for (std::size_t e : {a_elems, b_elems, c_elems}) {
    if (e * sizeof(T) > env.max_alloc) {
      std::printf("%s %s: skipped, a matrix of %zu bytes exceeds the device's largest allocation (%zu)\n",
                  shape_name(shape).c_str(), elem_name(elem_of<T>), e * sizeof(T), env.max_alloc);
      return;
    }
  }
  const HostData<T> data = make_data<T>(shape, env.rng);
  const std::size_t bytes_per_set = (a_elems + b_elems + c_elems) * sizeof(T);
  Timing timing{o.warmup, o.iterations, rotation_sets(env, bytes_per_set)};

  struct Set {
    cl::Buffer a, b, c;
  };
  std::vector<Set> sets;
  for (int s = 0; s < timing.sets; ++s) {
    sets.push_back({make_buffer(env, data.a), make_buffer(env, data.b), make_buffer(env, data.c0)});
  }

  bool cublas_ready = false;
  if (env.cublas) {
    std::string why;
    cublas_ready = cublas_peer::upload(data, timing.sets, why);
    if (!cublas_ready) std::printf("cuBLAS: %s\n", why.c_str());
  }

  const T alpha = static_cast<T>(o.alpha), beta = static_cast<T>(o.beta);
  const double bound = error_bound<T>(shape);
  for (gemmcl::Layout layout : o.layouts) {
    for (gemmcl::Transpose ta : o.ta) {
      for (gemmcl::Transpose tb : o.tb) {
        const Case cs{shape, layout, ta, tb};
        Row base;
        base.shape = shape;
        base.element = elem_name(elem_of<T>);
        base.layout = cs.layout_name();
        base.ta = cs.trans_a() ? "t" : "n";
        base.tb = cs.trans_b() ? "t" : "n";
        base.sets = timing.sets;
        base.bound = bound;

        std::optional<Reference> cpu_ref;
        if (o.validate) cpu_ref = cpu_reference(cs, data, o.alpha, o.beta, o.samples, env.rng);

        // cuBLAS: times, and its result as the reference for the OpenCL libraries when it is right.
        PeerResult<T> cub;
        std::optional<Check> cub_check;
        if (cublas_ready) {
          cub = cublas_peer::run(cs, data, alpha, beta, timing, o.validate);
          if (!cub.ran) std::printf("cuBLAS %s: %s\n", shape_name(shape).c_str(), cub.note.c_str());
          if (cub.ran && cpu_ref) cub_check = judge<T>(shape, relative_error(*cpu_ref, cub.c));
        }
        const bool cublas_is_reference = cub.ran && cpu_ref && cub_check && cub_check->result == "PASS";
        if (cub_check && !cublas_is_reference) {
          std::printf(
              "cuBLAS %s %s %s: FAIL against the CPU reference (error %.2e); gemmcl is checked "
              "against the CPU\n",
              shape_name(shape).c_str(), cs.layout_name().c_str(), cs.trans_name().c_str(), cub_check->error);
          ++env.failures;
        }
        const std::string ref_name = cublas_is_reference ? "cuBLAS" : cpu_ref ? cpu_ref->kind : "";
        auto validate = [&](const std::vector<T>& c) -> Check {
          if (!cpu_ref) return {};
          return judge<T>(shape,
                          cublas_is_reference ? relative_error(cub.c, c) : relative_error(*cpu_ref, c));
        };

        // CLBlast on the same queue and buffers.
        bool clb_ran = false;
        ClTimes clb;
        Check clb_check;
        std::string clb_note;
        if (env.clblast) {
          try {
            const std::size_t temp_size = clblast_peer::temp_bytes<T>(env.queue, cs);
            std::optional<cl::Buffer> temp;
            if (temp_size > 0) {
              cl_int status = CL_SUCCESS;
              temp.emplace(env.context, CL_MEM_READ_WRITE, temp_size, nullptr, &status);
              check(status, "clCreateBuffer(CLBlast temp)");
            }
            cl::Buffer* tp = temp ? &*temp : nullptr;
            if (o.validate) {
              write_c(env, sets[0].c, data.c0);
              clblast_peer::enqueue<T>(env.queue, cs, alpha, sets[0].a, sets[0].b, beta, sets[0].c, tp);
              clb_check = validate(read_c<T>(env, sets[0].c, c_elems));
            }
            if (o.iterations > 0) {
              clb = time_opencl(env.queue, env.scratch, timing, Fills::BeforeEachCall, [&](int s) {
                auto& set = sets[static_cast<std::size_t>(s)];
                return std::vector<cl::Event>{
                    clblast_peer::enqueue<T>(env.queue, cs, alpha, set.a, set.b, beta, set.c, tp)};
              });
            }
            clb_ran = true;
          } catch (const std::exception& e) {
            clb_note = e.what();
            std::printf("CLBlast %s: %s\n", shape_name(shape).c_str(), e.what());
          }
        }

        // The CPU BLAS.
        PeerResult<T> cpu;
        std::optional<Check> cpu_check;
        if (env.cpu && o.iterations > 0) {
          cpu = cpu::run(cs, data, alpha, beta, timing, o.validate, o.cpu_seconds);
          if (cpu.ran && o.validate) cpu_check = validate(cpu.c);
        }

        const double cub_ms = cub.ran && !cub.stats.empty() ? cub.stats.median() : NAN;
        // CLBlast may enqueue helper kernels before its GEMM and returns only the last event: its time is
        // the bracket, or the last kernel alone where the platform cannot time the bracket's fill.
        const Stats& clb_stats = clb.bracket.empty() ? clb.span : clb.bracket;
        if (clb_ran && o.iterations > 0 && clb.bracket.empty()) clb_note = "last kernel only (no bracket)";
        const double clb_ms = clb_ran && !clb_stats.empty() ? clb_stats.median() : NAN;
        const double cpu_ms = cpu.ran && !cpu.stats.empty() ? cpu.stats.median() : NAN;

        // Peer rows, once per case.
        if (cub.ran) {
          Row r = base;
          r.library = "cuBLAS";
          r.runs = static_cast<int>(cub.stats.ms.size());
          r.median = cub_ms, r.min = cub.stats.min(), r.max = cub.stats.max();
          if (cub_check) r.error = cub_check->error, r.check = cub_check->result, r.reference = cpu_ref->kind;
          env.csv.write(r);
        }
        if (clb_ran) {
          Row r = base;
          r.library = "CLBlast";
          r.runs = static_cast<int>(clb_stats.ms.size());
          r.median = clb_ms, r.min = clb_stats.min(), r.max = clb_stats.max();
          r.kernel = clb.span.median(), r.bracket = clb.bracket.median();
          r.note = clb_note;
          r.error = clb_check.error, r.check = clb_check.result, r.reference = ref_name;
          if (clb_check.result == "FAIL") ++env.failures;
          env.csv.write(r);
        }
        if (cpu.ran) {
          Row r = base;
          r.library = "CPU-BLAS";
          r.runs = static_cast<int>(cpu.stats.ms.size());
          r.median = cpu_ms, r.min = cpu.stats.min(), r.max = cpu.stats.max();
          if (cpu_check) r.error = cpu_check->error, r.check = cpu_check->result, r.reference = ref_name;
          r.note = cpu.note;
          env.csv.write(r);
        }

        for (const Config* cfg : configs) {
          Table::Line line;
          line.config = std::string(cfg->name);
          line.shape = shape_name(shape);
          line.layout = cs.layout_name();
          line.op = cs.trans_name();
          line.cublas = std::isnan(cub_ms) ? NAN : gflops(shape, cub_ms);
          line.clblast = std::isnan(clb_ms) ? NAN : gflops(shape, clb_ms);
          line.cpu = std::isnan(cpu_ms) ? NAN : gflops(shape, cpu_ms);
          line.clblast_error = clb_check.error;
          line.clblast_check = clb_check.result;

          Row r = base;
          r.library = "gemmcl";
          r.config = line.config;
          r.reference = ref_name;
          const Call call0{layout, ta,         tb,       shape.m,    shape.n,  shape.k,    o.alpha,
                           o.beta, &sets[0].a, cs.lda(), &sets[0].b, cs.ldb(), &sets[0].c, cs.ldc()};
          try {
            // The validation run doubles as the first warm-up (and builds the program).
            if (o.validate) {
              write_c(env, sets[0].c, data.c0);
              cfg->run(env.queue, call0);
              const Check chk = validate(read_c<T>(env, sets[0].c, c_elems));
              line.error = chk.error, line.check = chk.result;
              r.error = chk.error, r.check = chk.result;
              if (chk.result == "FAIL") ++env.failures;
            } else {
              cfg->run(env.queue, call0);
              check(env.queue.finish(), "clFinish");
            }
            if (o.iterations > 0) {
              // gemmcl returns the events of every command a call enqueues (packing, product, a second
              // split-K kernel), so the span is the whole call. It is timed back to back like cuBLAS;
              // a second pass, with a fill before each call, records the bracket beside it.
              auto timed_call = [&](int s) {
                auto& set = sets[static_cast<std::size_t>(s)];
                const Call call{layout, ta,     tb,       shape.m, shape.n,  shape.k, o.alpha,
                                o.beta, &set.a, cs.lda(), &set.b,  cs.ldb(), &set.c,  cs.ldc()};
                return cfg->run(env.queue, call);
              };
              const ClTimes t = time_opencl(env.queue, env.scratch, timing, Fills::None, timed_call);
              const ClTimes bracketed =
                  time_opencl(env.queue, env.scratch, timing, Fills::BeforeEachCall, timed_call);
              r.runs = static_cast<int>(t.span.ms.size());
              r.median = t.span.median(), r.min = t.span.min(), r.max = t.span.max();
              r.kernel = r.median, r.bracket = bracketed.bracket.median();
              line.gemmcl = gflops(shape, r.median);
              r.ratio_cublas = line.gemmcl / line.cublas;
              r.ratio_clblast = line.gemmcl / line.clblast;
              r.ratio_cpu = line.gemmcl / line.cpu;
            }
          } catch (const gemmcl::Error& e) {
            // A configuration the device cannot take is refused by design, not a failure.
            const auto code = e.code();
            const bool refused = code == gemmcl::ErrorCode::WorkGroupTooLarge ||
                                 code == gemmcl::ErrorCode::LocalMemoryExceeded ||
                                 code == gemmcl::ErrorCode::DoubleUnsupported ||
                                 code == gemmcl::ErrorCode::VendorMismatch;
            line.check = refused ? "SKIP" : "ERROR";
            line.note = std::string(gemmcl::to_string(code)) + ": " + e.what();
            r.check = line.check;
            r.note = line.note;
            if (!refused) ++env.failures;
          } catch (const std::exception& e) {
            line.check = "ERROR";
            line.note = e.what();
            r.check = "ERROR";
            r.note = line.note;
            ++env.failures;
          }
          const std::size_t nl = line.note.find('\n');
          if (nl != std::string::npos) line.note = line.note.substr(0, nl) + " ...";
          env.table.print(line);
          env.csv.write(r);
          if (cfg->tutorial) {
            env.ladder.push_back(
                {cfg, line.shape + " " + line.layout + " " + line.op, line.gemmcl, line.cublas});
          }
        }
      }
    }
  }
  if (cublas_ready) cublas_peer::release();
}

int run(int argc, char** argv) {
  const Options o = parse(argc, argv);
  if (o.list) {
    print_configs();
    return 0;
  }
  if (!o.source.empty()) {
    for (const Config& c : configs()) {
      if (c.name == o.source) {
        std::fwrite(c.source.data(), 1, c.source.size(), stdout);
        return 0;
      }
    }
    bad("no configuration named '" + o.source + "'");
  }
  if (o.devices) {
    print_devices();
    return 0;
  }
  const std::vector<const Config*> selected = select_configs(o);
  if (!o.no_cublas) cublas_peer::prepare_environment();

  const Selected sel = select_device(o);
  const cl::Device& dev = sel.device;
  cl_int status = CL_SUCCESS;
  cl::Context context(dev, nullptr, nullptr, nullptr, &status);
  check(status, "clCreateContext");
  cl::CommandQueue queue(context, dev, CL_QUEUE_PROFILING_ENABLE, &status);
  check(status, "clCreateCommandQueue(CL_QUEUE_PROFILING_ENABLE)");
  cl::Buffer scratch(context, CL_MEM_READ_WRITE, 64, nullptr, &status);
  check(status, "clCreateBuffer(scratch)");

  const std::string name = device_string(dev, CL_DEVICE_NAME);
  const std::string vendor = device_string(dev, CL_DEVICE_VENDOR);
  const std::string driver = device_string(dev, CL_DRIVER_VERSION);
  const std::string extensions = device_string(dev, CL_DEVICE_EXTENSIONS);
  const auto type = device_value<cl_device_type>(dev, CL_DEVICE_TYPE);
  const auto cl_l2 = static_cast<std::size_t>(device_value<cl_ulong>(dev, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE));
  const std::string date = now_utc();
  const std::string command = command_line(argc, argv);

  std::printf("gemmcl_bench  %s\n", date.c_str());
  std::printf("command    : %s\n", command.c_str());
  std::printf("platform   : %s (%s)\n", platform_string(sel.platform, CL_PLATFORM_NAME).c_str(),
              platform_string(sel.platform, CL_PLATFORM_VERSION).c_str());
  std::printf("device     : %s (%s), %s, driver %s\n", name.c_str(), vendor.c_str(),
              device_string(dev, CL_DEVICE_VERSION).c_str(), driver.c_str());
  std::printf(
      "             %u compute units, %.1f GiB global, cache %.1f MiB, local %zu KiB, max work-group %zu\n",
      device_value<cl_uint>(dev, CL_DEVICE_MAX_COMPUTE_UNITS),
      static_cast<double>(device_value<cl_ulong>(dev, CL_DEVICE_GLOBAL_MEM_SIZE)) / (1 << 30),
      static_cast<double>(cl_l2) / (1 << 20),
      static_cast<std::size_t>(device_value<cl_ulong>(dev, CL_DEVICE_LOCAL_MEM_SIZE) >> 10),
      device_value<std::size_t>(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE));

  // Peers.
  const bool nvidia = lower(vendor).find("nvidia") != std::string::npos;
  bool use_clblast = !o.no_clblast && clblast_peer::built();
  std::printf("CLBlast    : %s\n", o.no_clblast  ? "off (--no-clblast)"
                                   : use_clblast ? (clblast_peer::describe() +
                                                    "; time = END of its last command - END of a 4-byte fill "
                                                    "enqueued just before (covers its helper kernels)")
                                                       .c_str()
                                                 : clblast_peer::describe().c_str());
  bool use_cublas = false;
  if (o.no_cublas) {
    std::printf("cuBLAS     : off (--no-cublas)\n");
  } else if (!cublas_peer::built()) {
    std::printf("cuBLAS     : not built (CUDAToolkit not found)\n");
  } else {
    cublas_peer::Device want;
    want.cuda_index = o.cuda_device;
    want.pedantic = o.pedantic;
    if (nvidia) {
      // Find the OpenCL device's PCI address, so that cuBLAS runs on the same GPU.
      constexpr cl_device_info pci_bus_info_khr = 0x410F, pci_bus_nv = 0x4008, pci_domain_nv = 0x400A;
      struct {
        cl_uint domain, bus, device, function;
      } pci{};
      if (extensions.find("cl_khr_pci_bus_info") != std::string::npos &&
          clGetDeviceInfo(dev(), pci_bus_info_khr, sizeof pci, &pci, nullptr) == CL_SUCCESS) {
        want.pci_domain = static_cast<int>(pci.domain);
        want.pci_bus = static_cast<int>(pci.bus);
        want.pci_device = static_cast<int>(pci.device);
      } else if (extensions.find("cl_nv_device_attribute_query") != std::string::npos) {
        cl_uint bus = 0, domain = 0;
        if (clGetDeviceInfo(dev(), pci_bus_nv, sizeof bus, &bus, nullptr) == CL_SUCCESS) {
          want.pci_bus = static_cast<int>(bus);
        }
        if (clGetDeviceInfo(dev(), pci_domain_nv, sizeof domain, &domain, nullptr) == CL_SUCCESS) {
          want.pci_domain = static_cast<int>(domain);
        }
      }
    }
    std::string description, why;
    if (!cublas_peer::open(want, description, why)) {
      std::printf("cuBLAS     : %s\n", why.c_str());
    } else if (!nvidia && !o.force_cublas) {
      std::printf("cuBLAS     : skipped, the OpenCL device is not an NVIDIA GPU (--cublas runs it anyway)\n");
      cublas_peer::close();
    } else {
      use_cublas = true;
      std::printf("cuBLAS     : %s; time = CUDA events around each call\n", description.c_str());
    }
  }
  const bool use_cpu = !o.no_cpu && cpu::built();
  std::printf("CPU BLAS   : %s\n", o.no_cpu ? "off (--no-cpu)" : cpu::describe().c_str());
  std::printf("gemmcl     : time = first START to last END of the commands a call enqueues (enqueue_all), calls back to back\n");

  std::size_t l2 = o.l2 ? o.l2 : std::max(cl_l2, cublas_peer::l2_bytes());
  std::printf(
      "timing     : %d warm-up, median of %d; inputs rotated over several sets when A, B and C fit "
      "in 2 x %.1f MiB of cache\n",
      o.warmup, o.iterations, static_cast<double>(l2) / (1 << 20));
  std::printf("validation : %s\n",
              o.validate ? "norm-wise ||C - R||_F / ||R||_F against R = cuBLAS (when it ran and passed) else "
                           "a double CPU reference (a sample of entries for large shapes); FAIL above "
                           "2(k+2) eps"
                         : "off");
  std::printf("host       : %s\n", host_load().c_str());
  std::printf("alpha %g, beta %g, seed %llu, %s\n", o.alpha, o.beta, static_cast<unsigned long long>(o.seed),
              (type & CL_DEVICE_TYPE_GPU)   ? "GPU"
              : (type & CL_DEVICE_TYPE_CPU) ? "CPU"
                                            : "other device");
  std::fflush(stdout);

  Csv csv(o.csv, date, name, driver, command, o);
  Table table(o.units);
  Env env{o,
          context,
          queue,
          dev,
          scratch,
          l2,
          static_cast<std::size_t>(device_value<cl_ulong>(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE)),
          static_cast<std::size_t>(device_value<cl_ulong>(dev, CL_DEVICE_GLOBAL_MEM_SIZE)),
          use_clblast,
          use_cublas,
          use_cpu,
          csv,
          table,
          std::mt19937_64(o.seed),
          0,
          {}};

  for (const Shape& shape : o.shapes) {
    for (Elem e : {Elem::Float, Elem::Double}) {
      std::vector<const Config*> of_type;
      for (const Config* c : selected) {
        if (c->element == e) of_type.push_back(c);
      }
      if (of_type.empty()) continue;
      try {
        if (e == Elem::Double)
          run_shape<double>(env, shape, of_type);
        else
          run_shape<float>(env, shape, of_type);
      } catch (const std::exception& x) {  // e.g. out of device memory: the next shape may still fit
        std::printf("%s %s: %s\n", shape_name(shape).c_str(), elem_name(e), x.what());
        cublas_peer::release();
        ++env.failures;
      }
    }
  }
  if (use_cublas) cublas_peer::close();
  print_ladder(env);
  std::printf("\nhost at the end: %s\n", host_load().c_str());
  if (env.failures > 0)
    std::printf("\n%d failure(s)\n", env.failures);
  else
    std::printf("\n%s\n", o.validate ? "every result validated" : "no errors (validation was off)");
  return env.failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) {
  try {
    return bench::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "gemmcl_bench: " << e.what() << "\n";
    return 1;
  }
}
