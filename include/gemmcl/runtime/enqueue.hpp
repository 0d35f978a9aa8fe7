#pragma once
// Enqueueing: the queue a call runs on, kernel arguments, and NDRanges after a wait list.

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

#include "../core/error.hpp"
#include "../core/opencl.hpp"
#include "../core/types.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

// The context and device a queue belongs to.
struct QueueTarget {
  cl_context context = nullptr;
  cl_device_id device = nullptr;
  bool in_order = true;  // commands run in the order enqueued, so a call's own commands need no events
  // Set for a call that returns only its last command's event (Gemm's operator()), on an in-order queue:
  // the commands before that one then create none, since NVIDIA's OpenCL spends microseconds of host
  // time on each event.
  bool last_event_only = false;
  // Set for a call that returns no event (Gemm's enqueue), on an in-order queue: its product makes none
  // either, and its scratch stays with the queue (scratch.hpp). Back to back, NVIDIA's OpenCL spends GPU
  // time on each event, not only host time, which small products feel.
  bool no_event = false;
};

// The same target for a caller that needs the events of what it runs (a wait, a later command's list).
inline QueueTarget with_events(QueueTarget t) {
  t.no_event = false;
  return t;
}

inline QueueTarget queue_target(const cl::CommandQueue& queue, bool last_event_only = false, bool no_event = false) {
  if (queue() == nullptr) throw Error(ErrorCode::InvalidQueue, "the command queue is null", Argument::queue);
  QueueTarget t;
  core::check(clGetCommandQueueInfo(queue(), CL_QUEUE_CONTEXT, sizeof(t.context), &t.context, nullptr),
        "clGetCommandQueueInfo(CL_QUEUE_CONTEXT)");
  core::check(clGetCommandQueueInfo(queue(), CL_QUEUE_DEVICE, sizeof(t.device), &t.device, nullptr),
        "clGetCommandQueueInfo(CL_QUEUE_DEVICE)");
  cl_command_queue_properties properties = 0;
  core::check(clGetCommandQueueInfo(queue(), CL_QUEUE_PROPERTIES, sizeof(properties), &properties, nullptr),
        "clGetCommandQueueInfo(CL_QUEUE_PROPERTIES)");
  t.in_order = (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) == 0;
  t.last_event_only = (last_event_only || no_event) && t.in_order;
  t.no_event = no_event && t.in_order;
  return t;
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

// Enqueues an NDRange of `dims` dimensions after the events in `wait`, with `count` arguments; without
// `with_event`, the command creates no event and the one returned is empty.
inline cl::Event enqueue(cl::CommandQueue& queue, cl_kernel kernel, cl_uint dims, const std::size_t* global,
                         const std::size_t* local, const KernelArg* args, std::size_t count,
                         const std::vector<cl_event>& wait, bool with_event = true) {
  // The message is built only on failure: this loop runs on every call.
  for (cl_uint index = 0; index < count; ++index)
    if (const cl_int status = clSetKernelArg(kernel, index, args[index].size, args[index].value);
        status != CL_SUCCESS)
      core::check(status, "clSetKernelArg(" + std::to_string(index) + ")");
  cl_event done = nullptr;
  core::check(clEnqueueNDRangeKernel(queue(), kernel, dims, nullptr, global, local,
                                     static_cast<cl_uint>(wait.size()), wait.empty() ? nullptr : wait.data(),
                                     with_event ? &done : nullptr),
              "clEnqueueNDRangeKernel");
  return cl::Event(done);
}
inline cl::Event enqueue(cl::CommandQueue& queue, cl_kernel kernel, cl_uint dims, const std::size_t* global,
                         const std::size_t* local, std::initializer_list<KernelArg> args,
                         const std::vector<cl_event>& wait, bool with_event = true) {
  return enqueue(queue, kernel, dims, global, local, args.begin(), args.size(), wait, with_event);
}

// Events from handles, each retained: a wait list a call builds from the caller's events and its own.
inline std::vector<cl::Event> retained(const std::vector<cl_event>& handles) {
  std::vector<cl::Event> events;
  events.reserve(handles.size());
  for (cl_event e : handles) {
    clRetainEvent(e);
    events.emplace_back(e);
  }
  return events;
}

// For calls with nothing to compute: an event that completes once the wait list has.
inline cl::Event marker(cl::CommandQueue& queue, const Events& wait) {
  const std::vector<cl_event> w = wait.handles();
  cl_event done = nullptr;
  core::check(clEnqueueMarkerWithWaitList(queue(), static_cast<cl_uint>(w.size()),
                                    w.empty() ? nullptr : w.data(), &done),
        "clEnqueueMarkerWithWaitList");
  return cl::Event(done);
}

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
