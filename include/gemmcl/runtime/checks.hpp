#pragma once
// What a kernel needs of a device, checked before it is built (and, for registers, after).

#include <cstddef>
#include <string>
#include <string_view>

#include "../core/device.hpp"
#include "../core/error.hpp"
#include "../element/element.hpp"
#include "../target/all.hpp"
#include "../target/target.hpp"
#include "../util/cold.hpp"
#include "program_cache.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

// What a kernel needs from a device, known before it is built.
struct Requirements {
  std::size_t local[2] = {1, 1};             // work-group shape
  std::size_t local_bytes = 0;               // static local memory
  const element::Info* element = nullptr;    // its element type (extension); null: none needed
  const target::Info* target = nullptr;      // its target (the devices it runs on); null: any
  std::string_view describe;                 // the configuration, for messages
};

// The errors of check_device and check_kernel, with their messages (built only when thrown).
[[noreturn]] inline void reject(ErrorCode code, const core::DeviceInfo& d, const Requirements& r,
                                std::size_t kernel_limit = 0) {
  const std::string what = std::string(r.describe) + " on " + d.name;
  const std::string local0 = std::to_string(r.local[0]), local1 = std::to_string(r.local[1]);
  if (code == ErrorCode::VendorMismatch) {
    const std::string lacks = r.target->missing != nullptr ? r.target->missing(d) : std::string();
    throw Error(code, "the vendor path \"" + std::string(r.target->name) + "\" of " + what +
                          " does not run on this device (by " + d.vendor + ")" +
                          (lacks.empty() ? std::string() : ": it lacks " + lacks));
  }
  if (code == ErrorCode::LocalMemoryExceeded)
    throw Error(code, what + ": needs " + std::to_string(r.local_bytes) +
                          " bytes of local memory, the device has " + std::to_string(d.local_mem_size));
  if (code == ErrorCode::WorkGroupTooLarge && kernel_limit > 0)
    throw Error(code, std::string(r.describe) + ": the compiled kernel allows at most " +
                          std::to_string(kernel_limit) + " work-items per work-group, the configuration needs " +
                          std::to_string(r.local[0] * r.local[1]) + " (too many registers per work-item?)");
  if (code == ErrorCode::WorkGroupTooLarge)
    throw Error(code, what + ": the work-group of " + local0 + " x " + local1 +
                          " work-items exceeds the device's limit of " + std::to_string(d.max_work_group_size) +
                          " (per dimension " + std::to_string(d.max_work_item_sizes[0]) + " x " +
                          std::to_string(d.max_work_item_sizes[1]) + ")");
  const element::Info& e = *r.element;
  throw Error(code, std::string(e.policy) + " needs " +
                        (e.extension == "cl_khr_fp64" ? std::string("double precision (cl_khr_fp64)")
                                                      : "the extension " + std::string(e.extension)) +
                        ", which " + d.name + " does not support");
}

inline void check_device(const core::DeviceInfo& d, const Requirements& r) {
  if (r.target != nullptr && !r.target->matches(d)) reject(ErrorCode::VendorMismatch, d, r);
  if (r.element != nullptr && !d.supports(r.element->extension)) reject(r.element->unsupported, d, r);
  const std::size_t threads = r.local[0] * r.local[1];
  if (threads > d.max_work_group_size || r.local[0] > d.max_work_item_sizes[0] ||
      r.local[1] > d.max_work_item_sizes[1])
    reject(ErrorCode::WorkGroupTooLarge, d, r);
  if (r.local_bytes > d.local_mem_size) reject(ErrorCode::LocalMemoryExceeded, d, r);
}

// After the build: the compiled kernel may allow fewer work-items than the device (registers), where
// the device's native target says that report binds (target/all.hpp).
inline void check_kernel(const Program& program, const Requirements& r, const core::DeviceInfo& d) {
  if (!target::kernel_limit_binds(d)) return;
  const std::size_t max_threads = program.max_work_group_size();
  if (r.local[0] * r.local[1] > max_threads) reject(ErrorCode::WorkGroupTooLarge, d, r, max_threads);
}

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
