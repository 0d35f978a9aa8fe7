#pragma once
// Buffers' device addresses, for kernels that take their tensor maps whole (the DMMA kernel built with
// GEMMCL_DMMA_PARAM_MAPS: a map holds its operand's address, and a map passed without one must be
// completed in every work-group before its first load, which cost a 512^3 call a tenth of its time).
// OpenCL gives a host no way to ask a buffer's address (short of cl_ext_buffer_device_address, which
// needs buffers made for it), so a kernel of one work-item reports it the first time a call needs it,
// on a queue of the runtime's own, and the answer is kept until the buffer is released (a destructor
// callback). NVIDIA's OpenCL keeps a buffer where it first placed it; the DMMA kernel still compares each
// map with the address it is passed and stops (a trap) rather than load from anywhere else.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../core/error.hpp"
#include "../core/opencl.hpp"
#include "../util/cold.hpp"
#include "../util/fixed_string.hpp"
#include "enqueue.hpp"
#include "program_cache.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

inline constexpr std::string_view address_probe_source =
    "__kernel void gemmcl_address(__global const uchar* buffer, __global ulong* out) { out[0] = (ulong)buffer; }\n";

class DeviceAddresses {
 public:
  static DeviceAddresses& instance() {
    static DeviceAddresses book;
    return book;
  }

  // The device address of `buffer` (its start) on `device`, asked once while the buffer lives.
  std::uint64_t of(cl_context context, cl_device_id device, cl_mem buffer) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (const auto it = known_.find(buffer); it != known_.end())
        for (const auto& [on, address] : it->second)
          if (on == device) return address;
    }
    const std::uint64_t address = probe(context, device, buffer);
    bool watch = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto& entries = known_[buffer];
      watch = entries.empty();
      entries.emplace_back(device, address);
    }
    if (watch) check(clSetMemObjectDestructorCallback(buffer, &forget, nullptr), "clSetMemObjectDestructorCallback");
    return address;
  }

  // Whether an address of `buffer` is kept (for tests).
  bool knows(cl_mem buffer) {
    std::lock_guard<std::mutex> lock(mutex_);
    return known_.count(buffer) != 0;
  }

 private:
  // A released buffer's handle may name a new buffer later: its entry goes first.
  static void CL_CALLBACK forget(cl_mem buffer, void*) {
    DeviceAddresses& book = instance();
    std::lock_guard<std::mutex> lock(book.mutex_);
    book.known_.erase(buffer);
  }

  // The probe's queue and result buffer per device of a context (kept for the process).
  struct Probe {
    cl::CommandQueue queue;
    cl::Buffer out;
    std::mutex busy;
  };

  std::uint64_t probe(cl_context context, cl_device_id device, cl_mem buffer) {
    Probe* p = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      std::unique_ptr<Probe>& slot = probes_[{context, device}];
      if (!slot) {
        const cl::Context c(context, true);
        slot = std::make_unique<Probe>();
        slot->queue = cl::CommandQueue(c, cl::Device(device, true));
        slot->out = cl::Buffer(c, CL_MEM_READ_WRITE, sizeof(cl_ulong));
      }
      p = slot.get();
    }
    static constexpr std::uint64_t hash = util::fnv1a(address_probe_source);
    std::shared_ptr<Program> program = ProgramCache::instance().get_or_build(
        context, device, ProgramSource{address_probe_source, hash, {"gemmcl_address"}, "device address probe"}, "");
    std::lock_guard<std::mutex> lock(p->busy);
    const cl_mem out = p->out();
    const std::size_t one = 1;
    auto lease = program->lease();
    enqueue(p->queue, lease.get(), 1, &one, &one, {arg(buffer), arg(out)}, {}, false);
    cl_ulong address = 0;
    check(clEnqueueReadBuffer(p->queue(), out, CL_TRUE, 0, sizeof(address), &address, 0, nullptr, nullptr),
          "clEnqueueReadBuffer (device address)");
    return address;
  }

  std::mutex mutex_;
  std::unordered_map<cl_mem, std::vector<std::pair<cl_device_id, std::uint64_t>>> known_;  // per device
  std::map<std::pair<cl_context, cl_device_id>, std::unique_ptr<Probe>> probes_;
};

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
