#pragma once
// Built-in tables for Intel's OpenCL devices that have sub-groups (target/intel.hpp): Intel GPUs, and
// Intel's OpenCL runtime for x86 CPUs.

#include <tuple>

#include "../../core/device.hpp"
#include "../../target/intel.hpp"
#include "../table.hpp"
#include "cpu.hpp"

namespace gemmcl::dispatch::tables {

using namespace gemmcl;
using vendor::IntelLoads;
using vendor::IntelSubgroups;

namespace intel {
inline bool cpu_runtime(const core::DeviceInfo& d) {
  return d.is_cpu() && target::Target<IntelSubgroups<16>>::matches(d);
}
inline bool gpu(const core::DeviceInfo& d) {
  return d.is_gpu() && target::Target<IntelSubgroups<8>>::matches(d);
}
}  // namespace intel

template <class T>
struct intel_cpu {};
template <class T>
struct intel_gpu {};

// Intel's runtime for CPUs (measured on the project's 2-thread AVX-512 AMD EPYC, bench/results/cpu.md): the
// generic CPU entries, whose 32 x 8 blocks of 16-wide vectors per work-item it compiles well, and the
// sub-group path's best tile (64 x 96, 4 x 6 rows and columns per lane, in-step barriers) at the
// fraction of their speed it reached at 1024^3-2048^3. Gemm<> takes it where the shape favours its
// smaller tile.
template <>
struct intel_cpu<float> {
  static bool serves(const core::DeviceInfo& d) { return intel::cpu_runtime(d); }
  static constexpr bool last_wave = false;
  using entries = joined_t<
      cpu<float>::entries,
      std::tuple<entry<83, 1, float, IntelSubgroups<16>, Tile<64, 96, 16>, WorkPerThread<4, 6>, InStep<true>>>>;
};

template <>
struct intel_cpu<double> {
  static bool serves(const core::DeviceInfo& d) { return intel::cpu_runtime(d); }
  static constexpr bool last_wave = false;
  // First, the CPU table's AVX-512 layout with 256 columns per work-group, as float has: faster than
  // its 128 here at 1024^3 and 2048^3 (bench/results/cpu.md, "Intel's OpenCL runtime for CPUs ...").
  using entries = joined_t<
      std::tuple<entry<110, 1, double, Tile<32, 256, 64>, Vec<8>, WorkPerThread<16, 8>, LocalMemory<Operands::A>,
                       Unroll<4>>>,
      cpu<double>::entries,
      std::tuple<entry<66, 1, double, IntelSubgroups<8>, Tile<32, 96, 16>, WorkPerThread<4, 6>, InStep<true>>>>;
};

// Intel GPUs: NOT measured on hardware (the project has none). Derived from Intel's SGEMM article,
// which measured its block_read kernels at about 80% of peak, L3_SIMD with a barrier at about 60% and
// L3_SLM at about 50% on Gen7.5/Gen8 GPUs, with SIMD-8 and work-item blocks of 32 x 2 and 16 x 2.
// gemmcl's lanes own rows where the article's own columns, so its 32 x 2 block per lane becomes 2 rows
// by 32 columns here, its 1 x 8 work-group 8 x 1. Register tiles stay within the 512 bytes per lane
// a SIMD-8 thread has.
template <>
struct intel_gpu<float> {
  static bool serves(const core::DeviceInfo& d) { return intel::gpu(d); }
  static constexpr bool last_wave = false;
  using entries = std::tuple<
      entry<100, 4, float, IntelSubgroups<8>, Tile<16, 32, 16>, WorkPerThread<2, 32>>,
      entry<95, 4, float, IntelSubgroups<8>, Tile<16, 64, 16>, WorkPerThread<2, 16>>,
      entry<75, 4, float, IntelSubgroups<8, IntelLoads::Plain>, Tile<32, 64, 8>, WorkPerThread<4, 8>, InStep<true>>>;
};

template <>
struct intel_gpu<double> {
  static bool serves(const core::DeviceInfo& d) { return intel::gpu(d); }
  static constexpr bool last_wave = false;
  // The float entries with half the columns per lane (doubles take twice the registers).
  using entries = std::tuple<
      entry<100, 4, double, IntelSubgroups<8>, Tile<16, 16, 16>, WorkPerThread<2, 16>>,
      entry<75, 4, double, IntelSubgroups<8, IntelLoads::Plain>, Tile<32, 32, 8>, WorkPerThread<4, 4>, InStep<true>>>;
};

}  // namespace gemmcl::dispatch::tables
