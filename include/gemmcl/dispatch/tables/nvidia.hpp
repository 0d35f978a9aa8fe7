#pragma once
// Built-in tables for NVIDIA GPUs (measured on H100 and H200). Entries may name vendor::Nvidia<>.

#include "../../core/device.hpp"
#include "../../target/nvidia.hpp"
#include "../table.hpp"

namespace gemmcl::dispatch::tables {

using namespace gemmcl;

template <class T>
struct nvidia_gpu {};  // no table for other element types

template <>
struct nvidia_gpu<float> {
  static bool serves(const core::DeviceInfo& d) { return target::Target<vendor::Nvidia<>>::matches(d); }
  static constexpr bool last_wave = true;
  // Speeds per pair: each entry's TFLOPS at 4096^3 on an H200, all measured side by side and scaled
  // so that the first entry without transposes is 87. The 128x128 entry is the faster of the two
  // large ones when the kernel reads B transposed and when it reads neither (bench/results/h200-sgemm.md).
  using entries = std::tuple<
      // 8 x 16 register tile in 256 work-items: one work-group per SM, 1024 FMAs per barrier. Registers
      // read one K step ahead, across the barrier: the first local reads of a step no longer wait on it.
      entry<speeds{87, 88, 87, 88}, 1, float, Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>,
            Prefetch<true>, RegisterPrefetch<true>>,
      // The same register tile in 128 work-items, for half as many tiles of C; two work-groups per SM.
      entry<speeds{88, 89, 85, 86}, 2, float, Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>,
            RegisterPrefetch<true>>,
      // The 128 x 256 entry's work-group turned around, 256 x 128 as cuBLAS's kernel: its warps each
      // cover all 256 rows of a 16-column strip. Faster than both large entries where the kernel
      // reads A as it lies (2048^3-8192^3), and as fast as the 128 x 256 one with A transposed
      // (bench/results/h200-sgemm.md).
      entry<speeds{90, 90, 87, 87}, 1, float, Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>,
            Prefetch<true>, RegisterPrefetch<true>, Padding<4>>,
      // Registers read one K step ahead (RegisterPrefetch), as above: it brought this entry close to
      // cuBLAS at 1000^3 and 1024^3 without transposes. A three-buffer cp.async pipeline paid as well at
      // 1000^3-4096^3 (bench/results/h200-sgemm.md). Eight warps per group: the choice where few groups share a
      // unit (512^3-1024^3 split in the kernel).
      entry<speeds{74, 79, 71, 77}, 3, float, Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>,
            Pipeline<3>, Padding<4>, RegisterPrefetch<true>, vendor::Nvidia<>>,
      // Tall and skinny products (N = 64) with split K; there a K step of 16 beat 8, and the cp.async
      // pipeline paid too (bench/results/h100.md). With the FMAs ordered columns outside (codegen/multiply.hpp)
      // it is also the fastest entry wherever each unit gets three or more groups (1536^3-4097^3 in
      // four parts); four warps per group need that company.
      entry<speeds{84, 83, 80, 83}, 3, float, Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>,
            Pipeline<3>, Padding<4>, RegisterPrefetch<true>, vendor::Nvidia<>>,
      // RegisterPrefetch made no difference to this one. Through vendor::Nvidia so that its parts can
      // be added in the kernel: small products split it into short parts (dispatch/choose.hpp,
      // short_parts_entry).
      entry<speeds{55, 62, 49, 55}, 4, float, Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>,
            Prefetch<true>, vendor::Nvidia<>>,
      // Sliced work-groups for one wave of small products (dispatch/choose.hpp, one_wave_entry): 4 x 8
      // register tiles in slices of each K step of 32, added in local memory at the end, so K stays
      // whole with no parts to add across work-groups. Taken only by that rule; the speeds of the two
      // 2048-element tiles are 1000 / (microseconds at 512^3) per pair, which ranks their two turns
      // (64 x 32 is faster for the kernel's NN and TN, 32 x 64 for NT and TT). The 64 x 64 tile, in two
      // slices (four would need 59392 bytes of local memory), serves 576^3-704^3; its speeds are
      // 1000 / (microseconds at 640^3).
      entry<speeds{61, 58, 55, 56}, 2, float, Tile<64, 32, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>,
            Prefetch<true>, Padding<4>, vendor::Nvidia<>>,
      entry<speeds{55, 59, 53, 60}, 2, float, Tile<32, 64, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>,
            Prefetch<true>, Padding<4>, vendor::Nvidia<>>,
      entry<speeds{38, 42, 36, 39}, 1, float, Tile<64, 64, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<2>,
            Prefetch<true>, Padding<4>, vendor::Nvidia<>>,
      // A tall tile for tall, skinny products, taken only by that rule (dispatch/choose.hpp,
      // skinny_entry): where C is one 64-column tile wide, 256 x 64 tiles read a sixth fewer operand
      // bytes per FMA than 128 x 64 ones, in groups of eight warps. Speeds measured on an H100.
      entry<speeds{86, 87, 78, 81}, 1, float, Tile<256, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Prefetch<true>,
            RegisterPrefetch<true>, Padding<4>, vendor::Nvidia<>>,
      // The same turned around, for C one 64-row tile tall (a row-major tall, skinny product), taken
      // only by the same rule. Speeds: the tall entry's for the mirrored pairs (not measured at 4096^3;
      // the rule alone takes it, and splits it as it splits the tall one).
      entry<speeds{81, 87, 78, 86}, 1, float, Tile<64, 256, 16>, Vec<4>, WorkPerThread<8, 8>, Prefetch<true>,
            RegisterPrefetch<true>, Padding<4>, vendor::Nvidia<>>,
      // A sliced tile between 64 x 32 and 64 x 64 for one wave (one_wave_entry): 64 x 48 in two slices,
      // 108 tiles at 576^3 where 64 x 64 makes 81 and 64 x 32 more than the units, so each unit has a
      // quarter less work in the same wave: faster than the 64 x 64 tile at 544^3-600^3 (H100;
      // bench/results/h100.md, "One packed operand; a 64 x 48 tile for one wave; ...", 2026-11-28).
      // Speeds: 1000 / (microseconds at 576^3).
      entry<speeds{47, 46, 45, 45}, 1, float, Tile<64, 48, 32>, Vec<4>, WorkPerThread<4, 12>, SliceK<2>,
            Prefetch<true>, Padding<4>, vendor::Nvidia<>>,
      // The largest sliced tile, for one wave where C has about as many 128 x 64 tiles as there are
      // units (1000^3, 1024^3): two slices of eight warps and K whole, where the 128 x 64 entry above
      // needed K in three parts and three groups a unit. Its 8 x 8 register tiles read registers one K
      // step ahead. Speeds: 1000 / (microseconds at 1000^3).
      entry<speeds{17, 17, 17, 17}, 1, float, Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>, SliceK<2>,
            Prefetch<true>, RegisterPrefetch<true>, Padding<4>, vendor::Nvidia<>>>;
};

template <>
struct nvidia_gpu<double> {
  static bool serves(const core::DeviceInfo& d) { return target::Target<vendor::Nvidia<>>::matches(d); }
  static constexpr bool last_wave = true;
  // cp.async pipelines: faster than register-staged double buffering at 4096^3 (H200; bench/results/h200-sgemm.md).
  using entries = std::tuple<
      entry<72, 2, double, Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Pipeline<3>, Padding<2>,
            vendor::Nvidia<>>,
      entry<67, 4, double, Tile<64, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Pipeline<4>, Padding<2>,
            RegisterPrefetch<true>, vendor::Nvidia<>>,
      entry<40, 2, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>>;
};

}  // namespace gemmcl::dispatch::tables
