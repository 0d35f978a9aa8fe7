#pragma once
// The Intel sub-groups target (cl_intel_subgroups, cl_intel_required_subgroup_size), after Intel's
// SGEMM article: kernels compiled for a fixed SIMD width S (intel_reqd_sub_group_size), B shared
// through intel_sub_group_shuffle, and A and B read with sub-group block reads (from buffers, from
// local memory, or from images) or with plain loads (the article's L3_SIMD family). It runs on Intel
// GPUs and on Intel's OpenCL runtime for x86 CPUs; the kernel's loop is codegen/mainloop/subgroup.hpp.

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "generic.hpp"
#include "subgroups.hpp"
#include "target.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl {
namespace vendor {

// How the Intel path reads A and B: sub-group block reads (the article's block_read family) or plain
// loads (L3_SIMD). Both share B through shuffles.
enum class IntelLoads { Block, Plain };

// Block reads by default; in sub-groups of 32 plain loads, since Intel GPUs before Xe-HPC have no
// SIMD32 block reads (their compiler rejects them).
template <int S, IntelLoads L = (S == 32 ? IntelLoads::Plain : IntelLoads::Block)>
struct IntelSubgroups {
  static_assert(S == 8 || S == 16 || S == 32,
                "gemmcl::vendor::IntelSubgroups<S>: S is the sub-group (SIMD) size: 8, 16 or 32");
  using policy_kind = kind::vendor;
  static constexpr int sub_group_size = S;
  static constexpr IntelLoads loads = L;

  static constexpr void configure(policy::Config& c, const policy::Given& g) {
    target::subgroups::configure(c, g, S, L == IntelLoads::Block);
  }
  template <class Resolved>
  struct rules : target::subgroups::rules<Resolved, S> {};
};

}  // namespace vendor

namespace target {
namespace intel {

// CL_DEVICE_SUB_GROUP_SIZES_INTEL, queried once per device (a process sees a handful of devices).
inline const std::vector<std::size_t>& sub_group_sizes(const core::DeviceInfo& d) {
  struct Known {
    cl_device_id device;
    std::vector<std::size_t> sizes;
  };
  static std::mutex mutex;
  static std::vector<std::unique_ptr<const Known>> known;  // stable addresses: references stay valid
  std::lock_guard<std::mutex> lock(mutex);
  for (const auto& k : known)
    if (k->device == d.id) return k->sizes;
  std::vector<std::size_t> sizes;
  constexpr cl_device_info query = 0x4108;  // CL_DEVICE_SUB_GROUP_SIZES_INTEL
  std::size_t bytes = 0;
  if (d.has_extension("cl_intel_required_subgroup_size") &&
      clGetDeviceInfo(d.id, query, 0, nullptr, &bytes) == CL_SUCCESS && bytes > 0) {
    sizes.resize(bytes / sizeof(std::size_t));
    if (clGetDeviceInfo(d.id, query, bytes, sizes.data(), nullptr) != CL_SUCCESS) sizes.clear();
  }
  known.push_back(std::make_unique<const Known>(Known{d.id, std::move(sizes)}));
  return known.back()->sizes;
}

// What the device lacks first for sub-groups of `size`; missing() words it. Targets ask on every call
// whether a device matches, so that question builds no message.
enum class Lack { nothing, subgroups, required_size, size, block_reads };
inline Lack lack(const core::DeviceInfo& d, int size, bool block_reads) {
  if (!d.has_extension("cl_intel_subgroups")) return Lack::subgroups;
  if (!d.has_extension("cl_intel_required_subgroup_size")) return Lack::required_size;
  const auto& sizes = sub_group_sizes(d);
  if (std::find(sizes.begin(), sizes.end(), std::size_t(size)) == sizes.end()) return Lack::size;
  // GPUs that also run SIMD 8 (Gen9 to Xe-HPG) have no block reads at SIMD 32; Xe-HPC (16 and 32
  // only) and the CPU runtime have.
  if (block_reads && size == 32 && d.is_gpu() && std::find(sizes.begin(), sizes.end(), 8) != sizes.end())
    return Lack::block_reads;
  return Lack::nothing;
}

// What the device lacks for sub-groups of `size` ("" when nothing).
inline std::string missing(const core::DeviceInfo& d, int size, bool block_reads) {
  switch (lack(d, size, block_reads)) {
    case Lack::nothing:
      return {};
    case Lack::subgroups:
      return "the extension cl_intel_subgroups";
    case Lack::required_size:
      return "the extension cl_intel_required_subgroup_size";
    case Lack::size: {
      std::string list;
      for (std::size_t s : sub_group_sizes(d)) list += (list.empty() ? "" : ", ") + std::to_string(s);
      return "sub-groups of " + std::to_string(size) + " (it has " + (list.empty() ? "none" : list) + ")";
    }
    case Lack::block_reads:
      break;
  }
  return "block reads in sub-groups of 32 (Intel GPUs before Xe-HPC have none: use IntelLoads::Plain "
         "or sub-groups of 16)";
}

}  // namespace intel

template <int S, vendor::IntelLoads L>
struct Target<vendor::IntelSubgroups<S, L>> {
  static constexpr std::string_view name = L == vendor::IntelLoads::Block
                                               ? "intel sub-groups (shuffles, block reads)"
                                               : "intel sub-groups (shuffles, plain loads)";
  static std::string missing(const core::DeviceInfo& d) {
    return intel::missing(d, S, L == vendor::IntelLoads::Block);
  }
  static bool matches(const core::DeviceInfo& d) {
    return intel::lack(d, S, L == vendor::IntelLoads::Block) == intel::Lack::nothing;
  }
  static void build_options(std::string&, const core::DeviceInfo&) {}
  static constexpr bool device_fence = false;
  static constexpr bool kernel_limit_binds = true;

  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config& c) {
    Target<vendor::Generic>::helpers(t, c);
    const bool dbl = c.element.bytes == 8;
    t.line({"// Sub-groups (Intel): SIMD ", S, ", fixed by intel_reqd_sub_group_size below."});
    t.line({"#define SG ", S});
    t.line("#define SG_LANE() ((int)get_sub_group_local_id())");
    t.line("#define SG_SHUFFLE(x, i) intel_sub_group_shuffle((x), (uint)(i))");
    if (c.block_reads) {
      t.line("// Block reads: lane l gets p[l]; p is the sub-group's first element.");
      if (dbl) {
        t.raw("#ifdef cl_intel_subgroups_long\n");
        t.line("#define BLOCK_READ(p) as_double(intel_sub_group_block_read_ul((const __global ulong*)(p)))");
        t.raw("#else\n");
        t.line("#define BLOCK_READ(p) LOAD_GLOBAL((p) + SG_LANE())");
        t.raw("#endif\n");
        t.line("#define BLOCK_READ_LOCAL(p) ((p)[SG_LANE()])");
      } else {
        t.line("#define BLOCK_READ(p) as_float(intel_sub_group_block_read((const __global uint*)(p)))");
        t.raw("#ifdef cl_intel_subgroup_local_block_io\n");
        t.line("#define BLOCK_READ_LOCAL(p) as_float(intel_sub_group_block_read_ui((const __local uint*)(p)))");
        t.raw("#else\n");
        t.line("#define BLOCK_READ_LOCAL(p) ((p)[SG_LANE()])");
        t.raw("#endif\n");
      }
    }
    if (c.image_a || c.image_b) {
      subgroups::write_image_reads(t, c);
      if (dbl) {
        t.line("#define IMAGE_BLOCK_READ(img, x, y) IMAGE_READ((img), (x) + SG_LANE(), (y))");
      } else {
        t.line("// Block reads from an image take x in bytes: lane l gets texel (x + l, y).");
        t.line("#define IMAGE_BLOCK_READ(img, x, y) as_float(intel_sub_group_block_read((img), (int2)((x) * 4, (y))))");
      }
    }
  }

  template <class Sink>
  static constexpr void attributes(util::text<Sink>& t, const policy::Config&) {
    t.line({"__attribute__((intel_reqd_sub_group_size(", S, ")))"});
  }
};

}  // namespace target
}  // namespace gemmcl

GEMMCL_COLD_END
