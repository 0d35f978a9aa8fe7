#pragma once
// The configurations Gemm<> chooses from at run time, per element type and class of device. Each entry
// is a policy combination, so it passes the same static_asserts as a user's, plus `speed`: its measured
// throughput on a large problem, in percent of the class's reference (cuBLAS for the NVIDIA class). For
// a problem, the runtime scores each entry as
//     speed x (m n / area of the tiles covering C) x min(1, tiles / compute units)
// and runs the best; if its tiles fill at most half the compute units it also splits K.
//
// The numbers behind the choices are in bench/RESULTS.md (H200 for the NVIDIA class, PoCL on this
// project's 2-core CI machine for the CPU class).

#include <tuple>

#include "resolve.hpp"
#include "tags.hpp"

namespace gemmcl::policy {

enum class DeviceClass { NvidiaGpu, OtherGpu, Cpu };

template <int Speed, class T, class... P>
struct entry : resolve<Element<T>, P...> {
  static constexpr int speed = Speed;
};

template <class T>
struct builtin;

template <>
struct builtin<float> {
  using nvidia_gpu = std::tuple<
      // 8 x 16 register tile in 256 work-items: one work-group per SM, 1024 FMAs per barrier.
      entry<87, float, Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>>,
      // The same register tile in 128 work-items, for half as many tiles of C.
      entry<86, float, Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>>,
      entry<73, float, Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Prefetch<true>>,
      entry<60, float, Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>>>;
  // Any other GPU or accelerator: 256 work-items and 16 KiB of local memory, within every OpenCL GPU's
  // limits.
  using other_gpu =
      std::tuple<entry<100, float, Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>>,
                 entry<60, float, Tile<32, 32, 16>, Vec<4>, WorkPerThread<4, 4>>>;
  // CPUs: no local memory and no barriers, so the OpenCL runtime can run a work-group's work-items as a
  // plain loop; each work-item keeps a 16 x 16 block of C in vector registers.
  using cpu = std::tuple<entry<100, float, Tile<64, 64, 16>, Vec<16>, WorkPerThread<16, 16>,
                               LocalMemory<Operands::None>>>;
};

template <>
struct builtin<double> {
  using nvidia_gpu = std::tuple<
      entry<66, double, Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Prefetch<true>>,
      entry<61, double, Tile<64, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Prefetch<true>>,
      entry<40, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>>;
  using other_gpu =
      std::tuple<entry<100, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>,
                 entry<60, double, Tile<32, 32, 16>, Vec<2>, WorkPerThread<2, 2>>>;
  using cpu = std::tuple<entry<100, double, Tile<64, 64, 16>, Vec<8>, WorkPerThread<16, 8>,
                               LocalMemory<Operands::None>>>;
};

}  // namespace gemmcl::policy
