// The bench's OpenCL plumbing (opencl.hpp).

#include "opencl.hpp"

#include <cstdio>
#include <stdexcept>

namespace bench {

void check(cl_int status, const std::string& call) {
  if (status != CL_SUCCESS) {
    throw std::runtime_error(call + " failed: " + std::string(gemmcl::cl_error_name(status)) + " (" +
                             std::to_string(status) + ")");
  }
}

namespace {

// An info string through clGet*Info's two calls (its size, then its text); "?" where there is none.
template <class Get>
std::string info_string(Get&& get) {
  std::size_t size = 0;
  if (get(0, nullptr, &size) != CL_SUCCESS || size == 0) return "?";
  std::string s(size, '\0');
  if (get(size, s.data(), nullptr) != CL_SUCCESS) return "?";
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

}  // namespace

std::string device_string(const cl::Device& d, cl_device_info what) {
  return info_string([&](std::size_t n, void* v, std::size_t* r) { return clGetDeviceInfo(d(), what, n, v, r); });
}

std::string platform_string(const cl::Platform& p, cl_platform_info what) {
  return info_string([&](std::size_t n, void* v, std::size_t* r) { return clGetPlatformInfo(p(), what, n, v, r); });
}

namespace {

bool digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

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

}  // namespace

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

}  // namespace bench
