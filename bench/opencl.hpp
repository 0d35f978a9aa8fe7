#pragma once
// The bench's OpenCL plumbing: errors as exceptions, device queries, the device the options select,
// and timing a library's calls by their profiling events.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>
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
  bool gated = true;  // false: the host did not enqueue every timed call while the gate held (Gate)
};

cl_ulong profile(const cl::Event& e, cl_profiling_info what, const char* name);
void check_complete(const cl::Event& e, const char* what);

// `enqueue(set)` enqueues one call on input set `set` and returns its events. Set 0 is left to
// validation runs; the rotation starts at set 1 (mod sets). Fills::BeforeEachCall puts the bracket's
// fill before each call; with Fills::None the calls follow one another with nothing in between, as
// the cuBLAS peer's do (on the H200 a fill before each call added up to 1.6 us to a 512^3 call's
// median span in some rounds, and nothing in others), and there is no bracket.
//
// The timed calls wait behind a gate until all are enqueued, so that the device receives them back to
// back, as it receives cuBLAS's (whose calls wait behind a host function, cublas_peer.cpp). Without it
// the host sets the pace where a call is short: NVIDIA's OpenCL can take longer to enqueue a command with
// a profiling event than a 512^3 product takes to run, so the device would wait between calls and start
// each from idle, which lengthens the command's own START-to-END span (bench/results/h200-fp64.md,
// "the gate"). On an NVIDIA GPU the gate is a kernel that spins on the device for longer than the host
// needs to enqueue the calls, so the runtime submits each call as it comes; elsewhere it is a marker on
// a user event (commands a runtime holds on the host until the event completes), with a watchdog that
// opens it after a few seconds should a call block the host on its own earlier commands. Either way a
// run whose calls the host could not enqueue in time is reported as timed ungated.
enum class Fills { None, BeforeEachCall };

class Gate {
 public:
  // `calls`: how many calls follow, to size the spin.
  Gate(cl::CommandQueue& queue, int calls) {
    const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
    if (device.getInfo<CL_DEVICE_VENDOR_ID>() == 0x10DE && (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU)) {
      // Generous: NVIDIA's OpenCL took up to about 25 us a call with an event on the H200's host.
      spin_ = std::chrono::microseconds(200 + 100 * calls);
      cl::Kernel k = spin_kernel(queue.getInfo<CL_QUEUE_CONTEXT>(), device);
      check(k.setArg(0, static_cast<cl_ulong>(std::chrono::nanoseconds(spin_).count())), "clSetKernelArg (the gate)");
      check(queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(1), cl::NDRange(1)), "the gate's kernel");
      check(queue.flush(), "clFlush (the gate)");
      start_ = std::chrono::steady_clock::now();
      return;
    }
    event_ = cl::UserEvent(queue.getInfo<CL_QUEUE_CONTEXT>());
    std::vector<cl::Event> wait{event_};
    check(queue.enqueueMarkerWithWaitList(&wait, nullptr), "clEnqueueMarkerWithWaitList (the gate)");
    watchdog_ = std::thread([this] {
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      while (!opened_.load() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (!opened_.exchange(true)) timed_out_ = true, event_.setStatus(CL_COMPLETE);
    });
  }
  Gate(const Gate&) = delete;
  Gate& operator=(const Gate&) = delete;
  ~Gate() { open(); }
  // Releases the held commands; true unless the host was too slow (the spin ended first) or the
  // watchdog had to open the gate.
  bool open() {
    if (spin_.count() > 0) return std::chrono::steady_clock::now() - start_ < spin_;
    if (!opened_.exchange(true)) event_.setStatus(CL_COMPLETE);
    if (watchdog_.joinable()) watchdog_.join();
    return !timed_out_;
  }

 private:
  // A one-work-item kernel that spins for `ns` nanoseconds of the GPU's global timer (one program a
  // context, built on first use).
  static cl::Kernel spin_kernel(const cl::Context& context, const cl::Device& device) {
    static std::vector<std::pair<cl_context, cl::Program>> built;
    for (auto& [c, p] : built)
      if (c == context()) return cl::Kernel(p, "bench_gate_spin");
    cl::Program p(context, R"CL(
      __kernel void bench_gate_spin(ulong ns) {
        ulong t0, t;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
        do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); } while (t - t0 < ns);
      })CL");
    if (p.build(std::vector<cl::Device>{device}) != CL_SUCCESS)
      throw std::runtime_error("the gate's kernel did not build: " + p.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device));
    built.emplace_back(context(), p);
    return cl::Kernel(p, "bench_gate_spin");
  }

  std::chrono::microseconds spin_{0};
  std::chrono::steady_clock::time_point start_;
  cl::UserEvent event_;
  std::atomic<bool> opened_{false};
  bool timed_out_ = false;
  std::thread watchdog_;
};

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
  Gate gate(queue, t.iterations);
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
  out.gated = gate.open();
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
