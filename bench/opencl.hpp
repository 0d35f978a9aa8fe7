#pragma once
// The bench's OpenCL plumbing: errors as exceptions, device queries, the device the options select,
// and timing a library's calls by their profiling events.

#include <algorithm>
#include <string>
#include <vector>

#include "common.hpp"
#include "options.hpp"

namespace bench {

// Throws when status is not CL_SUCCESS, naming the call.
void check(cl_int status, const std::string& call);

std::string device_string(const cl::Device& d, cl_device_info what);
std::string platform_string(const cl::Platform& p, cl_platform_info what);
template <class T>
T device_value(const cl::Device& d, cl_device_info what, T fallback = T{}) {
  T v{};
  return clGetDeviceInfo(d(), what, sizeof(T), &v, nullptr) == CL_SUCCESS ? v : fallback;
}

struct Selected {
  cl::Platform platform;
  cl::Device device;
};

void print_devices();
Selected select_device(const Options& o);

// Profiling times in ms of the events a call returns: from the first one's START to the last one's END
// (span), and from the END of a tiny fill enqueued just before the call to that last END (bracket),
// which also covers commands a library enqueues but does not return (CLBlast's helper kernels).
struct ClTimes {
  Stats span, bracket;
};

cl_ulong profile(const cl::Event& e, cl_profiling_info what, const char* name);
void check_complete(const cl::Event& e, const char* what);

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

}  // namespace bench
