#pragma once
// Device limits, and enqueueing a cached program's kernel.

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "device.hpp"
#include "error.hpp"
#include "opencl.hpp"
#include "program_cache.hpp"

namespace gemmcl {

// The events a call waits for: nothing, a vector (by reference or pointer, as CLHPP takes it), or a
// braced list.
class Events {
 public:
  Events() = default;
  Events(std::nullptr_t) {}
  Events(const std::vector<cl::Event>* events) : events_(events) {}
  Events(const std::vector<cl::Event>& events) : events_(&events) {}
  Events(std::initializer_list<cl::Event> events) : own_(events), events_(&own_) {}
  Events(const Events&) = delete;
  Events& operator=(const Events&) = delete;

  std::vector<cl_event> handles() const {
    std::vector<cl_event> h;
    if (events_ != nullptr) {
      h.reserve(events_->size());
      for (const cl::Event& e : *events_) h.push_back(e());
    }
    return h;
  }

 private:
  std::vector<cl::Event> own_;
  const std::vector<cl::Event>* events_ = nullptr;
};

namespace runtime {

// What a kernel needs from a device, known before it is built.
struct Requirements {
  std::size_t local[2] = {1, 1};     // work-group shape
  std::size_t local_bytes = 0;       // static local memory
  bool fp64 = false;
  std::string_view device_vendor;    // substring of CL_DEVICE_VENDOR; empty: any
  std::string_view describe;         // the configuration, for messages
};

inline void check_device(const DeviceInfo& d, const Requirements& r) {
  const std::string what = std::string(r.describe) + " on " + d.name;
  if (!r.device_vendor.empty() && d.vendor.find(r.device_vendor) == std::string::npos) {
    throw Error(ErrorCode::VendorMismatch, "the vendor path of " + what + " needs a device by " +
                                               std::string(r.device_vendor) + ", but this one is by " +
                                               d.vendor);
  }
  if (r.fp64 && !d.fp64) {
    throw Error(ErrorCode::DoubleUnsupported,
                "Element<double> needs double precision, which " + d.name + " does not support");
  }
  const std::size_t threads = r.local[0] * r.local[1];
  if (threads > d.max_work_group_size || r.local[0] > d.max_work_item_sizes[0] ||
      r.local[1] > d.max_work_item_sizes[1]) {
    throw Error(ErrorCode::WorkGroupTooLarge,
                what + ": the work-group of " + std::to_string(r.local[0]) + " x " +
                    std::to_string(r.local[1]) + " work-items exceeds the device's limit of " +
                    std::to_string(d.max_work_group_size) + " (per dimension " +
                    std::to_string(d.max_work_item_sizes[0]) + " x " +
                    std::to_string(d.max_work_item_sizes[1]) + ")");
  }
  if (r.local_bytes > d.local_mem_size) {
    throw Error(ErrorCode::LocalMemoryExceeded,
                what + ": needs " + std::to_string(r.local_bytes) + " bytes of local memory, the device has " +
                    std::to_string(d.local_mem_size));
  }
}

// Whether CL_KERNEL_WORK_GROUP_SIZE bounds the groups a kernel can run in. NVIDIA's driver (580.159.04
// on an H200) reports 256 for every kernel, yet runs one declared reqd_work_group_size(32, 32, 1) in
// groups of 1024 (and refuses other shapes): its compiler sizes registers for the declared group (PTX
// .reqntid), which every gemmcl kernel declares, so there the build itself guarantees the launch.
inline bool kernel_limit_binds(const DeviceInfo& d) {
  return d.vendor.find("NVIDIA") == std::string::npos;
}

// After the build: the compiled kernel may allow fewer work-items than the device (registers).
inline void check_kernel(const Program& program, const Requirements& r, const DeviceInfo& d) {
  if (!kernel_limit_binds(d)) return;
  const std::size_t max_threads = program.max_work_group_size();
  const std::size_t threads = r.local[0] * r.local[1];
  if (threads > max_threads) {
    throw Error(ErrorCode::WorkGroupTooLarge,
                std::string(r.describe) + ": the compiled kernel allows at most " +
                    std::to_string(max_threads) + " work-items per work-group, the configuration needs " +
                    std::to_string(threads) + " (too many registers per work-item?)");
  }
}

struct KernelArg {
  const void* value;
  std::size_t size;
};
template <class T>
KernelArg arg(const T& value) {
  return {&value, sizeof(T)};
}
inline KernelArg arg(const cl::Buffer& buffer) { return {&buffer(), sizeof(cl_mem)}; }

// Enqueues an NDRange of `dims` dimensions after the events in `wait`.
inline cl::Event enqueue(cl::CommandQueue& queue, cl_kernel kernel, cl_uint dims, const std::size_t* global,
                         const std::size_t* local, std::initializer_list<KernelArg> args,
                         const std::vector<cl_event>& wait) {
  cl_uint index = 0;
  for (const KernelArg& a : args) {
    check(clSetKernelArg(kernel, index, a.size, a.value),
          "clSetKernelArg(" + std::to_string(index) + ")");
    ++index;
  }
  cl_event done = nullptr;
  check(clEnqueueNDRangeKernel(queue(), kernel, dims, nullptr, global, local,
                               static_cast<cl_uint>(wait.size()), wait.empty() ? nullptr : wait.data(),
                               &done),
        "clEnqueueNDRangeKernel");
  return cl::Event(done);
}

// For calls with nothing to compute: an event that completes once the wait list has.
inline cl::Event marker(cl::CommandQueue& queue, const Events& wait) {
  const std::vector<cl_event> w = wait.handles();
  cl_event done = nullptr;
  check(clEnqueueMarkerWithWaitList(queue(), static_cast<cl_uint>(w.size()),
                                    w.empty() ? nullptr : w.data(), &done),
        "clEnqueueMarkerWithWaitList");
  return cl::Event(done);
}

}  // namespace runtime
}  // namespace gemmcl
