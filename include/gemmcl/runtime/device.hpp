#pragma once
// What gemmcl needs to know about a device, read once per device and kept for the process.

#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "error.hpp"
#include "opencl.hpp"

namespace gemmcl::runtime {

struct DeviceInfo {
  std::string name;
  std::string vendor;
  std::string driver_version;
  std::string version;  // CL_DEVICE_VERSION
  std::string extensions;
  cl_device_type type = 0;
  cl_uint compute_units = 0;
  std::size_t max_work_group_size = 0;
  std::size_t max_work_item_sizes[3] = {0, 0, 0};
  cl_ulong local_mem_size = 0;
  cl_ulong max_mem_alloc_size = 0;
  bool fp64 = false;
  int nv_compute_capability = 0;  // NVIDIA: major * 10 + minor (cl_nv_device_attribute_query); else 0
  cl_uint native_width_float = 1, native_width_double = 1;  // CL_DEVICE_NATIVE_VECTOR_WIDTH_*

  bool is_cpu() const noexcept { return (type & CL_DEVICE_TYPE_CPU) != 0; }
  bool is_gpu() const noexcept { return (type & CL_DEVICE_TYPE_GPU) != 0; }
  bool has_extension(std::string_view ext) const {
    return extensions.find(ext) != std::string::npos;
  }
};

namespace detail {

inline std::string device_string(cl_device_id device, cl_device_info what, std::string_view name) {
  std::size_t size = 0;
  check(clGetDeviceInfo(device, what, 0, nullptr, &size), name);
  std::string value(size, '\0');
  check(clGetDeviceInfo(device, what, size, value.data(), nullptr), name);
  while (!value.empty() && value.back() == '\0') value.pop_back();
  return value;
}

template <class T>
T device_value(cl_device_id device, cl_device_info what, std::string_view name) {
  T value{};
  check(clGetDeviceInfo(device, what, sizeof(T), &value, nullptr), name);
  return value;
}

inline DeviceInfo query_device(cl_device_id device) {
  DeviceInfo d;
  d.name = device_string(device, CL_DEVICE_NAME, "clGetDeviceInfo(CL_DEVICE_NAME)");
  d.vendor = device_string(device, CL_DEVICE_VENDOR, "clGetDeviceInfo(CL_DEVICE_VENDOR)");
  d.driver_version = device_string(device, CL_DRIVER_VERSION, "clGetDeviceInfo(CL_DRIVER_VERSION)");
  d.version = device_string(device, CL_DEVICE_VERSION, "clGetDeviceInfo(CL_DEVICE_VERSION)");
  d.extensions = device_string(device, CL_DEVICE_EXTENSIONS, "clGetDeviceInfo(CL_DEVICE_EXTENSIONS)");
  d.type = device_value<cl_device_type>(device, CL_DEVICE_TYPE, "clGetDeviceInfo(CL_DEVICE_TYPE)");
  d.compute_units = device_value<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS,
                                          "clGetDeviceInfo(CL_DEVICE_MAX_COMPUTE_UNITS)");
  d.max_work_group_size = device_value<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE,
                                                    "clGetDeviceInfo(CL_DEVICE_MAX_WORK_GROUP_SIZE)");
  check(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(d.max_work_item_sizes),
                        d.max_work_item_sizes, nullptr),
        "clGetDeviceInfo(CL_DEVICE_MAX_WORK_ITEM_SIZES)");
  d.local_mem_size = device_value<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE,
                                            "clGetDeviceInfo(CL_DEVICE_LOCAL_MEM_SIZE)");
  d.max_mem_alloc_size = device_value<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                                                "clGetDeviceInfo(CL_DEVICE_MAX_MEM_ALLOC_SIZE)");
  // A device without fp64 reports an empty double-precision configuration.
  d.fp64 = device_value<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG,
                                             "clGetDeviceInfo(CL_DEVICE_DOUBLE_FP_CONFIG)") != 0 ||
           d.has_extension("cl_khr_fp64");
  d.native_width_float = device_value<cl_uint>(device, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT,
                                               "clGetDeviceInfo(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT)");
  d.native_width_double = device_value<cl_uint>(device, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE,
                                                "clGetDeviceInfo(CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE)");
  if (d.has_extension("cl_nv_device_attribute_query")) {
    constexpr cl_device_info major = 0x4000, minor = 0x4001;  // CL_DEVICE_COMPUTE_CAPABILITY_*_NV
    cl_uint hi = 0, lo = 0;
    if (clGetDeviceInfo(device, major, sizeof hi, &hi, nullptr) == CL_SUCCESS &&
        clGetDeviceInfo(device, minor, sizeof lo, &lo, nullptr) == CL_SUCCESS)
      d.nv_compute_capability = static_cast<int>(hi * 10 + lo);
  }
  return d;
}

}  // namespace detail

// Cached; the reference stays valid for the life of the process.
inline const DeviceInfo& device_info(cl_device_id device) {
  static std::mutex mutex;
  static std::map<cl_device_id, DeviceInfo> devices;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = devices.find(device);
  if (it == devices.end()) it = devices.emplace(device, detail::query_device(device)).first;
  return it->second;
}

// The context and device a queue belongs to.
struct QueueTarget {
  cl_context context = nullptr;
  cl_device_id device = nullptr;
  bool in_order = true;  // commands run in the order enqueued, so a call's own commands need no events
};

inline QueueTarget queue_target(const cl::CommandQueue& queue) {
  if (queue() == nullptr) throw Error(ErrorCode::InvalidQueue, "the command queue is null");
  QueueTarget t;
  check(clGetCommandQueueInfo(queue(), CL_QUEUE_CONTEXT, sizeof(t.context), &t.context, nullptr),
        "clGetCommandQueueInfo(CL_QUEUE_CONTEXT)");
  check(clGetCommandQueueInfo(queue(), CL_QUEUE_DEVICE, sizeof(t.device), &t.device, nullptr),
        "clGetCommandQueueInfo(CL_QUEUE_DEVICE)");
  cl_command_queue_properties properties = 0;
  check(clGetCommandQueueInfo(queue(), CL_QUEUE_PROPERTIES, sizeof(properties), &properties, nullptr),
        "clGetCommandQueueInfo(CL_QUEUE_PROPERTIES)");
  t.in_order = (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) == 0;
  return t;
}

}  // namespace gemmcl::runtime
