// gemmcl-tune: tunes Gemm<> for one OpenCL device and writes its tuning file (docs/tuning.md).
//
//   gemmcl-tune [--device NAME[:INDEX]] [--type float|double] [--budget SECONDS] [--size N]
//               [--output FILE] [--progress auto|bar|lines|quiet] [--list]

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <gemmcl/tune.hpp>

namespace {

struct Args {
  std::string device, type = "float", output;
  double budget = 0;
  std::size_t size = 0;
  gemmcl::tune::Progress progress = gemmcl::tune::Progress::Auto;
  bool list = false;
};

[[noreturn]] void usage(const char* why) {
  if (why != nullptr) std::fprintf(stderr, "gemmcl-tune: %s\n", why);
  std::fprintf(stderr,
               "usage: gemmcl-tune [--device NAME[:INDEX]] [--type float|double] [--budget SECONDS]\n"
               "                   [--size N] [--output FILE] [--progress auto|bar|lines|quiet] [--list]\n"
               "  --device    the first device whose platform or device name contains NAME (the INDEX-th of\n"
               "              those); default: the first GPU, else the first device\n"
               "  --type      the element type to tune (default float)\n"
               "  --budget    seconds for the whole search (default 600 on a GPU, 300 on a CPU)\n"
               "  --size      the square size of the quick pass (default 4096 on a GPU, 1024 on a CPU)\n"
               "  --output    the file to write (default: the device's tuning file in the gemmcl cache)\n"
               "  --list      list the devices and their tuning files, and exit\n");
  std::exit(why == nullptr ? 0 : 2);
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(("missing value after " + std::string(arg)).c_str());
      return argv[++i];
    };
    if (arg == "--device") a.device = value();
    else if (arg == "--type") a.type = value();
    else if (arg == "--output") a.output = value();
    else if (arg == "--budget") a.budget = std::atof(value().c_str());
    else if (arg == "--size") a.size = std::strtoul(value().c_str(), nullptr, 10);
    else if (arg == "--list") a.list = true;
    else if (arg == "--progress") {
      const std::string p = value();
      a.progress = p == "bar" ? gemmcl::tune::Progress::Bar
                   : p == "lines" ? gemmcl::tune::Progress::Lines
                   : p == "quiet" ? gemmcl::tune::Progress::Quiet
                   : p == "auto" ? gemmcl::tune::Progress::Auto
                                 : (usage("--progress takes auto, bar, lines or quiet"), gemmcl::tune::Progress::Auto);
    } else if (arg == "--help" || arg == "-h") usage(nullptr);
    else usage(("unknown argument " + std::string(arg)).c_str());
  }
  if (a.type != "float" && a.type != "double") usage("--type takes float or double");
  return a;
}

struct Found {
  cl::Platform platform;
  cl::Device device;
};

std::vector<Found> devices() {
  std::vector<Found> out;
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  for (const cl::Platform& p : platforms) {
    std::vector<cl::Device> ds;
    if (p.getDevices(CL_DEVICE_TYPE_ALL, &ds) != CL_SUCCESS) continue;
    for (const cl::Device& d : ds) out.push_back({p, d});
  }
  return out;
}

cl::Device pick(const std::string& spec) {
  const std::vector<Found> all = devices();
  if (all.empty()) usage("no OpenCL device found");
  std::string name = spec;
  std::size_t index = 0;
  if (const std::size_t colon = spec.rfind(':'); colon != std::string::npos) {
    name = spec.substr(0, colon);
    index = std::strtoul(spec.c_str() + colon + 1, nullptr, 10);
  }
  std::size_t seen = 0;
  for (const Found& f : all) {
    const std::string text = f.platform.getInfo<CL_PLATFORM_NAME>() + " " + f.device.getInfo<CL_DEVICE_NAME>();
    const bool match = name.empty() ? (f.device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU) != 0
                                    : text.find(name) != std::string::npos;
    if (match && seen++ == index) return f.device;
  }
  if (name.empty()) return all.front().device;
  usage(("no device matches " + spec).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  try {
    if (a.list) {
      for (const Found& f : devices()) {
        const gemmcl::core::DeviceInfo& d = gemmcl::core::device_info(f.device());
        std::printf("%s | %s (driver %s)\n  tuning file: %s\n", f.platform.getInfo<CL_PLATFORM_NAME>().c_str(),
                    d.name.c_str(), d.driver_version.c_str(), gemmcl::runtime::tuning::default_path(d).c_str());
      }
      return 0;
    }
    cl::Device device = pick(a.device);
    cl::Context context(device);
    cl::CommandQueue queue(context, device);
    gemmcl::tune::Options o;
    o.budget_seconds = a.budget;
    o.quick_size = a.size;
    o.output = a.output;
    o.progress = a.progress;
    const gemmcl::tune::Report r =
        a.type == "double" ? gemmcl::tune::tune<double>(queue, o) : gemmcl::tune::tune<float>(queue, o);
    std::printf("%s: %zu of %zu candidates tried in %.0f s (%zu computed wrong); best %.1f GFLOPS at %zu^3\n",
                r.device.c_str(), r.tried, r.candidates, r.seconds, r.wrong, r.best_gflops, r.quick_size);
    for (const gemmcl::tune::ShapeResult& s : r.shapes)
      std::printf("  %-6s %s%s %6zu x %6zu x %6zu  tuned %9.1f  built-in %9.1f GFLOPS  (%.3fx)\n", s.shape.kind.c_str(),
                  s.shape.trans_a ? "T" : "N", s.shape.trans_b ? "T" : "N", s.shape.m, s.shape.n, s.shape.k, s.tuned,
                  s.builtin, s.builtin > 0 ? s.tuned / s.builtin : 0.0);
    std::printf("tuning file: %s\n", r.path.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gemmcl-tune: %s\n", e.what());
    return 1;
  }
}
