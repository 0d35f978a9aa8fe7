#pragma once
// Built-in tables for AMD GPUs, on vendor::Amd (staggered tile order). NOT measured on hardware: the
// shapes are derived from the OpenCL GEMM generator paper's fastest kernels on an AMD Tahiti GPU
// (Radeon HD 7970, Table II there), fitted to wavefronts of 64 work-items (work-groups of 64 or 256)
// and to this library's policies; the speeds only rank the entries by tile size, and the residencies
// are estimates from 64 KiB of local memory per compute unit. Replace them with measurements.

#include "../../core/device.hpp"
#include "../../target/amd.hpp"
#include "../table.hpp"

namespace gemmcl::dispatch::tables {

using namespace gemmcl;

template <class T>
struct amd_gpu {};  // no table for other element types

template <>
struct amd_gpu<float> {
  static bool serves(const core::DeviceInfo& d) { return target::Target<vendor::Amd>::matches(d); }
  static constexpr bool last_wave = false;
  using entries = std::tuple<
      // The paper's SGEMM 128 x 64 blocks of 8 x 4 per work-item, float4 (2488 and 2382 GFLOPS): 256
      // work-items (four wavefronts); both tiles in local memory, double-buffered (24 KiB).
      entry<100, 2, float, Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 4>, Prefetch<true>, vendor::Amd>,
      // The portable 64 x 64 tile of 4 x 4 per work-item: 256 work-items, 16 KiB double-buffered.
      entry<90, 4, float, Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, vendor::Amd>,
      // The paper's small-blocking SGEMM (64 x 32 x 32, 4 x 8 per work-item, float4, B shared in local
      // memory; 2430 GFLOPS): one wavefront per work-group, for small products.
      entry<70, 8, float, Tile<64, 32, 32>, Vec<4>, WorkPerThread<4, 8>, LocalMemory<Operands::B>,
            vendor::Amd>>;
};

template <>
struct amd_gpu<double> {
  static bool serves(const core::DeviceInfo& d) { return target::Target<vendor::Amd>::matches(d); }
  static constexpr bool last_wave = false;
  using entries = std::tuple<
      // 64 x 64 tiles of 4 x 4 per work-item, double2 (the paper's DGEMM blocks of 4 x 4, vector 2):
      // 256 work-items, 32 KiB double-buffered.
      entry<100, 2, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>, vendor::Amd>,
      // The paper's fastest DGEMM blocking (64 x 16 x 16, 4 x 4 per work-item, double2, B shared in
      // local memory; 848 GFLOPS): one wavefront per work-group.
      entry<70, 8, double, Tile<64, 16, 16>, Vec<2>, WorkPerThread<4, 4>, LocalMemory<Operands::B>,
            vendor::Amd>>;
};

}  // namespace gemmcl::dispatch::tables
