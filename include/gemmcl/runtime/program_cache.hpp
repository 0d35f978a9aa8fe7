#pragma once
// Programs are built once per (context, device, driver, build options, source) and shared by every
// caller. clSetKernelArg is not thread-safe on a shared cl_kernel, so each program keeps a small pool of
// kernel objects: a call leases one, sets its arguments, enqueues and hands it back.

#include <algorithm>
#include <atomic>
#include <compare>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../core/device.hpp"
#include "../core/error.hpp"
#include "../core/opencl.hpp"
#include "../util/cold.hpp"
#include "disk_cache.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

using core::check;

// What the runtime needs to build a program; it knows nothing of where the text came from.
struct ProgramSource {
  std::string_view text;                 // NUL-terminated, alive as long as the program may be rebuilt
  std::uint64_t hash = 0;                // of text
  std::vector<std::string_view> kernels;  // entry points; the first is the main one
  std::string_view describe;             // the configuration, for error messages
  // Optional: rewrites the binary of the program built from `text` (NVIDIA: PTX), which is then rebuilt
  // from the rewritten binary (ptx_patch.hpp). Throws when the binary is not what it expects.
  std::string (*rewrite)(std::string_view binary) = nullptr;
};

class Program {
 public:
  // Creates a kernel object of the main entry point at once, to learn what the compiled kernel allows.
  Program(cl::Program program, const std::vector<std::string_view>& kernels, cl_device_id device)
      : program_(std::move(program)), pools_(kernels.size()) {
    for (std::size_t i = 0; i < kernels.size(); ++i) pools_[i].name = std::string(kernels[i]);
    cl_kernel k = create(0);
    pools_[0].free.push_back(k);
    check(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(max_work_group_size_),
                                   &max_work_group_size_, nullptr),
          "clGetKernelWorkGroupInfo(CL_KERNEL_WORK_GROUP_SIZE)");
  }

  // Work-items per work-group the compiled kernel allows (registers can make it less than the device's).
  std::size_t max_work_group_size() const noexcept { return max_work_group_size_; }

  // A kernel object for the exclusive use of one caller until it is destroyed.
  class Lease {
   public:
    Lease(Program& owner, std::size_t entry, cl_kernel kernel)
        : owner_(&owner), entry_(entry), kernel_(kernel) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { owner_->give_back(entry_, kernel_); }
    cl_kernel get() const noexcept { return kernel_; }

   private:
    Program* owner_;
    std::size_t entry_;
    cl_kernel kernel_;
  };

  // A kernel object of entry point `entry` (an index into ProgramSource::kernels).
  Lease lease(std::size_t entry = 0) {
    {
      std::lock_guard<std::mutex> lock(pool_mutex_);
      auto& free = pools_.at(entry).free;
      if (!free.empty()) {
        cl_kernel k = free.back();
        free.pop_back();
        return Lease(*this, entry, k);
      }
    }
    return Lease(*this, entry, create(entry));
  }

  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  ~Program() {
    for (auto& pool : pools_)
      for (cl_kernel k : pool.free) clReleaseKernel(k);
  }

  const cl::Program& program() const noexcept { return program_; }

 private:
  cl_kernel create(std::size_t entry) {
    const std::string& name = pools_.at(entry).name;
    cl_int status = CL_SUCCESS;
    cl_kernel k = clCreateKernel(program_(), name.c_str(), &status);
    check(status, "clCreateKernel(" + name + ")");
    return k;
  }

  void give_back(std::size_t entry, cl_kernel k) {
    std::lock_guard<std::mutex> lock(pool_mutex_);
    pools_[entry].free.push_back(k);
  }

  struct Pool {
    std::string name;
    std::vector<cl_kernel> free;
  };

  cl::Program program_;
  std::vector<Pool> pools_;
  std::size_t max_work_group_size_ = 0;
  std::mutex pool_mutex_;
};

namespace detail {

inline cl::Program rebuild(cl_context context, cl_device_id device, const core::DeviceInfo& info,
                           const ProgramSource& source, const std::string& options, const cl::Program& built);

// Builds a program from source; a build failure throws with the configuration and the build log.
inline cl::Program build(cl_context context, cl_device_id device, const core::DeviceInfo& info,
                         const ProgramSource& source, const std::string& options) {
  const char* text = source.text.data();
  const std::size_t length = source.text.size();
  cl_int status = CL_SUCCESS;
  cl_program raw = clCreateProgramWithSource(context, 1, &text, &length, &status);
  check(status, "clCreateProgramWithSource");
  cl::Program program(raw);  // takes ownership
  status = clBuildProgram(raw, 1, &device, options.c_str(), nullptr, nullptr);
  if (status != CL_SUCCESS) {
    std::string log;
    std::size_t size = 0;
    if (clGetProgramBuildInfo(raw, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) ==
            CL_SUCCESS &&
        size > 0) {
      log.resize(size);
      clGetProgramBuildInfo(raw, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      while (!log.empty() && log.back() == '\0') log.pop_back();
    }
    throw Error(ErrorCode::BuildFailed,
                "building the kernel (" + std::string(source.describe) + ") with options \"" +
                    options + "\" for " + info.name + " failed: " +
                    std::string(cl_error_name(status)) + "\nbuild log:\n" + log,
                status);
  }
  if (source.rewrite != nullptr) return rebuild(context, device, info, source, options, program);
  return program;
}

// The disk cache's key of a program: everything that decides its binary.
inline std::string platform_string(cl_device_id device, cl_platform_info what) {
  cl_platform_id platform = nullptr;
  std::size_t size = 0;
  std::string value;
  if (clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr) == CL_SUCCESS &&
      clGetPlatformInfo(platform, what, 0, nullptr, &size) == CL_SUCCESS && size > 0) {
    value.resize(size);
    clGetPlatformInfo(platform, what, size, value.data(), nullptr);
    while (!value.empty() && value.back() == '\0') value.pop_back();
  }
  return value;
}

inline std::string disk_key(cl_device_id device, const core::DeviceInfo& info, const ProgramSource& source,
                            const std::string& options) {
  const auto platform = [&](cl_platform_info what) { return platform_string(device, what); };
  return "platform " + platform(CL_PLATFORM_NAME) + " | " + platform(CL_PLATFORM_VERSION) + "\ndevice " +
         info.name + " | " + info.vendor + " | " + info.version + " | driver " + info.driver_version +
         "\noptions " + options + "\nsource " + std::to_string(source.hash) + " " + std::to_string(source.text.size());
}

// A program from a cached binary, built; nothing when the driver refuses it.
inline std::optional<cl::Program> from_binary(cl_context context, cl_device_id device,
                                              const std::vector<unsigned char>& binary, const std::string& options) {
  const unsigned char* bytes = binary.data();
  const std::size_t size = binary.size();
  cl_int binary_status = CL_SUCCESS, status = CL_SUCCESS;
  cl_program raw = clCreateProgramWithBinary(context, 1, &device, &size, &bytes, &binary_status, &status);
  if (status != CL_SUCCESS || binary_status != CL_SUCCESS || raw == nullptr) {
    if (raw != nullptr) clReleaseProgram(raw);
    return {};
  }
  cl::Program program(raw);
  if (clBuildProgram(raw, 1, &device, options.c_str(), nullptr, nullptr) != CL_SUCCESS) return {};
  return program;
}

inline std::vector<unsigned char> binary_of(const cl::Program& program) {
  std::size_t size = 0;
  if (clGetProgramInfo(program(), CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr) != CL_SUCCESS || size == 0)
    return {};
  std::vector<unsigned char> binary(size);
  unsigned char* data = binary.data();
  if (clGetProgramInfo(program(), CL_PROGRAM_BINARIES, sizeof data, &data, nullptr) != CL_SUCCESS) return {};
  return binary;
}

// A program built from source, its binary rewritten by source.rewrite and built again from that.
inline cl::Program rebuild(cl_context context, cl_device_id device, const core::DeviceInfo& info,
                           const ProgramSource& source, const std::string& options, const cl::Program& built) {
  const std::vector<unsigned char> binary = binary_of(built);
  const std::string text = source.rewrite(std::string_view(reinterpret_cast<const char*>(binary.data()), binary.size()));
  const std::vector<unsigned char> rewritten(text.begin(), text.end());
  if (auto program = from_binary(context, device, rewritten, options)) return *program;
  throw Error(ErrorCode::BuildFailed, "building the kernel (" + std::string(source.describe) +
                                          ") from its post-processed binary failed for " + info.name);
}

// The program from the disk cache when it holds a good entry, else built from source (and stored).
inline cl::Program load_or_build(cl_context context, cl_device_id device, const core::DeviceInfo& info,
                                 const ProgramSource& source, const std::string& options) {
  const std::string directory = disk::programs_directory();
  if (directory.empty() || !disk::serves(platform_string(device, CL_PLATFORM_NAME)))
    return build(context, device, info, source, options);
  const std::string key = disk_key(device, info, source, options);
  if (const auto binary = disk::load(directory, key)) {
    if (auto program = from_binary(context, device, *binary, options)) {
      disk::settings().hits.fetch_add(1, std::memory_order_relaxed);
      return *program;
    }
  }
  cl::Program program = build(context, device, info, source, options);
  if (const auto binary = binary_of(program); !binary.empty()) disk::store(directory, key, binary);
  return program;
}

}  // namespace detail

class ProgramCache {
 public:
  // Never destroyed: releasing programs (and with them the last reference to a context) from a static
  // destructor runs after other libraries may have shut down; Oclgrind crashed in exactly that way.
  // The operating system reclaims everything at exit; clear() releases programs on demand.
  static ProgramCache& instance() {
    static ProgramCache* const cache = new ProgramCache;
    return *cache;
  }

  // The program for this source and options on this device, built on first use. Concurrent callers of
  // the same key wait for one build; different keys build in parallel.
  std::shared_ptr<Program> get_or_build(cl_context context, cl_device_id device, const ProgramSource& source,
                        const std::string& options) {
    const core::DeviceInfo& info = core::device_info(device);
    // Looked up through views: a hit, every cached call, copies no string.
    const KeyView key{context, device, source.hash, source.text.size(), info.driver_version, options};
    std::shared_ptr<Slot> slot;
    {
      std::lock_guard<std::mutex> lock(map_mutex_);
      auto it = std::lower_bound(slots_.begin(), slots_.end(), key,
                                 [](const Entry& e, const KeyView& k) { return e.key.view() < k; });
      if (it == slots_.end() || !(it->key.view() == key))
        it = slots_.insert(it, Entry{Key{context, device, source.hash, source.text.size(), info.driver_version,
                                         options},
                                     std::make_shared<Slot>()});
      slot = it->slot;
    }
    std::lock_guard<std::mutex> lock(slot->mutex);
    if (!slot->program) {
      slot->program =
          std::make_shared<Program>(detail::load_or_build(context, device, info, source, options), source.kernels,
                                    device);
      builds_.fetch_add(1, std::memory_order_relaxed);
    }
    return slot->program;
  }

  // How many programs this process has made, from source or from the disk cache; lets tests see that a
  // second call did not make one again.
  std::size_t builds() const noexcept { return builds_.load(std::memory_order_relaxed); }

  // Drops every cached program (and with them the contexts they keep alive); calls in flight keep
  // theirs until they return.
  void clear() {
    std::lock_guard<std::mutex> lock(map_mutex_);
    slots_.clear();
  }

 private:
  struct KeyView {
    cl_context context;
    cl_device_id device;
    std::uint64_t hash;
    std::size_t size;
    std::string_view driver, options;
    auto operator<=>(const KeyView&) const = default;
    bool operator==(const KeyView&) const = default;
  };
  struct Key {
    cl_context context;
    cl_device_id device;
    std::uint64_t hash;
    std::size_t size;
    std::string driver, options;
    KeyView view() const noexcept { return {context, device, hash, size, driver, options}; }
  };
  struct Slot {
    std::mutex mutex;
    std::shared_ptr<Program> program;
  };
  struct Entry {
    Key key;
    std::shared_ptr<Slot> slot;
  };

  std::mutex map_mutex_;
  std::vector<Entry> slots_;  // sorted by key
  std::atomic<std::size_t> builds_{0};
};

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
