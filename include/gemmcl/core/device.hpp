#pragma once
// What gemmcl needs to know about a device, read once per device and kept for the process.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "error.hpp"
#include "../util/cold.hpp"
#include "opencl.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::core {

struct DeviceInfo {
  cl_device_id id = nullptr;
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
  cl_uint native_width_float = 1, native_width_double = 1;  // CL_DEVICE_NATIVE_VECTOR_WIDTH_*
  // Images (Images<O>): support, 2D size limits in texels, and the alignments an image made from a
  // buffer needs: its row pitch in texels, its start in texels and (any sub-buffer) in bits.
  bool images = false;
  std::size_t image2d_max[2] = {0, 0};
  cl_uint image_pitch_alignment = 0, image_base_alignment = 0, mem_base_align_bits = 0;
  // Sub-groups a work-group may hold (CL_DEVICE_MAX_NUM_SUB_GROUPS, OpenCL 2.1 and 3.0); 0 where the
  // device has none or does not know the query. Asked once here: targets consult it on every call.
  cl_uint max_sub_groups = 0;

  bool is_cpu() const noexcept { return (type & CL_DEVICE_TYPE_CPU) != 0; }
  bool is_gpu() const noexcept { return (type & CL_DEVICE_TYPE_GPU) != 0; }
  bool has_extension(std::string_view ext) const {
    return extensions.find(ext) != std::string::npos;
  }
  // Whether the device supports an OpenCL C extension. Double precision is `fp64`, which also counts a
  // device that reports a double configuration without naming cl_khr_fp64 (optional in OpenCL 3.0).
  bool supports(std::string_view ext) const {
    if (ext == "cl_khr_fp64") return fp64;
    return ext.empty() || has_extension(ext);
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
  d.id = device;
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
  d.images = device_value<cl_bool>(device, CL_DEVICE_IMAGE_SUPPORT, "clGetDeviceInfo(CL_DEVICE_IMAGE_SUPPORT)");
  if (d.images) {
    d.image2d_max[0] = device_value<std::size_t>(device, CL_DEVICE_IMAGE2D_MAX_WIDTH,
                                                 "clGetDeviceInfo(CL_DEVICE_IMAGE2D_MAX_WIDTH)");
    d.image2d_max[1] = device_value<std::size_t>(device, CL_DEVICE_IMAGE2D_MAX_HEIGHT,
                                                 "clGetDeviceInfo(CL_DEVICE_IMAGE2D_MAX_HEIGHT)");
    // OpenCL 2.0 queries, answered by devices with cl_khr_image2d_from_buffer; 0 when not.
    clGetDeviceInfo(device, 0x104A /* CL_DEVICE_IMAGE_PITCH_ALIGNMENT */, sizeof(cl_uint),
                    &d.image_pitch_alignment, nullptr);
    clGetDeviceInfo(device, 0x104B /* CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT */, sizeof(cl_uint),
                    &d.image_base_alignment, nullptr);
  }
  d.mem_base_align_bits = device_value<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                                "clGetDeviceInfo(CL_DEVICE_MEM_BASE_ADDR_ALIGN)");
  if (clGetDeviceInfo(device, 0x105C /* CL_DEVICE_MAX_NUM_SUB_GROUPS */, sizeof(cl_uint), &d.max_sub_groups,
                      nullptr) != CL_SUCCESS)
    d.max_sub_groups = 0;
  return d;
}

}  // namespace detail

// Cached; the reference stays valid for the life of the process.
inline const DeviceInfo& device_info(cl_device_id device) {
  // A process sees a handful of devices: a list searched in order is all it takes.
  static std::mutex mutex;
  static std::vector<std::unique_ptr<const DeviceInfo>> devices;
  std::lock_guard<std::mutex> lock(mutex);
  for (const auto& d : devices)
    if (d->id == device) return *d;
  devices.push_back(std::make_unique<const DeviceInfo>(detail::query_device(device)));
  return *devices.back();
}

}  // namespace gemmcl::core
GEMMCL_COLD_END
