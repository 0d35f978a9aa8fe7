#pragma once
// Built-in tables for any other GPU or accelerator: within every OpenCL GPU's limits.

#include "../../core/device.hpp"
#include "../table.hpp"

namespace gemmcl::dispatch::tables {

using namespace gemmcl;

template <class T>
struct other_gpu {};  // no table for other element types

template <>
struct other_gpu<float> {
  static bool serves(const core::DeviceInfo&) { return true; }
  static constexpr bool last_wave = false;
  // Any other GPU or accelerator: 256 work-items and 16 KiB of local memory, within every OpenCL GPU's
  // limits.
  using entries =
      std::tuple<entry<100, 2, float, Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>>,
                 entry<60, 4, float, Tile<32, 32, 16>, Vec<4>, WorkPerThread<4, 4>>>;
};

template <>
struct other_gpu<double> {
  static bool serves(const core::DeviceInfo&) { return true; }
  static constexpr bool last_wave = false;
  // The float entries with two-wide vectors.
  using entries =
      std::tuple<entry<100, 2, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>,
                 entry<60, 4, double, Tile<32, 32, 16>, Vec<2>, WorkPerThread<2, 2>>>;
};

}  // namespace gemmcl::dispatch::tables
