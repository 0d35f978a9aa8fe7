// gemmcl_bench: times gemmcl configurations against cuBLAS, CLBlast and a CPU BLAS in one process, on
// the same shapes and the same data, validates every result, prints a table and writes CSV.
// Options follow Intel's SGEMM sample (-p -t -d -M -N -K -i -k -v); `--help` lists them all.
// The driver: options, the device, the peers, then each shape (run_shape.cpp); options.cpp, opencl.cpp
// and report.cpp hold the command line, the OpenCL plumbing and the output.

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "common.hpp"
#include "configs.hpp"
#include "opencl.hpp"
#include "options.hpp"
#include "report.hpp"
#include "run_shape.hpp"

namespace bench {
namespace {

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

}  // namespace

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
      std::printf("cuBLAS     : %s; time = %s\n", description.c_str(),
                  o.host_clock ? "the host's clock over calls back to back, then a wait"
                               : "CUDA events around each call, the timed calls held behind a gate until all are enqueued");
    }
  }
  const bool use_cpu = !o.no_cpu && cpu::built();
  std::printf("CPU BLAS   : %s\n", o.no_cpu ? "off (--no-cpu)" : cpu::describe().c_str());
  if (o.host_clock)
    std::printf("gemmcl     : time = the host's clock over calls back to back (enqueue: no event a call) on a queue "
                "without profiling, then a wait; CLBlast not timed\n");
  else
    std::printf("gemmcl     : time = first START to last END of the commands a call enqueues (enqueue_all), calls back to "
                "back behind a gate until all are enqueued\n");

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
          {},
          o.host_clock ? cl::CommandQueue(context, dev, 0, &status) : cl::CommandQueue()};
  check(status, "clCreateCommandQueue");

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

}  // namespace bench

int main(int argc, char** argv) {
  try {
    return bench::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "gemmcl_bench: " << e.what() << "\n";
    return 1;
  }
}