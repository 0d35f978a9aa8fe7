#pragma once
// The device the tests run on, and the seed of their random data; part of common.hpp.

#include <gemmcl/gemm.hpp>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace gt {

// ---- The device under test --------------------------------------------------------------------------
// The first device of the first platform, or GEMMCL_TEST_DEVICE="<platform>:<device>": indices, or a
// platform by a part of its name ("Intel:0", "Portable:0").

struct Target {
  cl::Platform platform;
  cl::Device device;
  cl::Context context;
  cl::CommandQueue queue;
  std::string name;
};

inline Target make_target() {
  std::size_t p = 0, d = 0;
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  if (const char* env = std::getenv("GEMMCL_TEST_DEVICE")) {
    const std::string s = env;
    const auto colon = s.find(':');
    const std::string which = s.substr(0, colon);
    if (!which.empty() && std::isdigit(static_cast<unsigned char>(which[0]))) {
      p = std::stoul(which);
    } else {
      p = platforms.size();
      for (std::size_t i = 0; i < platforms.size() && p == platforms.size(); ++i)
        if (platforms[i].getInfo<CL_PLATFORM_NAME>().find(which) != std::string::npos) p = i;
      if (p == platforms.size()) throw std::runtime_error("test device: no OpenCL platform named like " + which);
    }
    d = colon == std::string::npos ? 0 : std::stoul(s.substr(colon + 1));
  }
  if (p >= platforms.size()) throw std::runtime_error("test device: no OpenCL platform " + std::to_string(p));
  std::vector<cl::Device> devices;
  platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &devices);
  if (d >= devices.size()) throw std::runtime_error("test device: no device " + std::to_string(d));
  Target t;
  t.platform = platforms[p];
  t.device = devices[d];
  t.context = cl::Context(t.device);
  t.queue = cl::CommandQueue(t.context, t.device);
  t.name = t.device.getInfo<CL_DEVICE_NAME>();
  return t;
}

inline Target& target() {
  static Target t = make_target();
  return t;
}

// ---- Seeds --------------------------------------------------------------------------------------------
// Fresh data on every run; GEMMCL_TEST_SEED=<n> replays a run (failures print the seed).

inline std::uint64_t base_seed() {
  static const std::uint64_t seed = [] {
    if (const char* env = std::getenv("GEMMCL_TEST_SEED")) return std::uint64_t{std::stoull(env)};
    std::random_device rd;
    return (std::uint64_t{rd()} << 32) ^ rd();
  }();
  return seed;
}

}  // namespace gt
