#pragma once
// One validated configuration as two values, built from policies by resolve.hpp:
//   Config  the kernel: everything its text depends on (so one kernel text is one Config);
//   Rules   how a call uses it: split K, who adds the parts, packing. Never part of the text.
// Plain values, no types, so that code generators, dispatch and tests take them as arguments.

#include <cstddef>

#include "../element/element.hpp"
#include "../element/float.hpp"
#include "tags.hpp"

namespace gemmcl::policy {

struct Config {
  element::Info element = element_traits<float>::info;
  int tile_m = 64, tile_n = 64, tile_k = 16;  // work-group tile of C, and the K step
  int vec = 4;                                // vector width
  int wpt_m = 4, wpt_n = 4;                   // register tile of one work-item
  bool local_a = true, local_b = true;        // operands staged in local memory
  int padding = 0;                            // extra elements per local-memory row
  bool prefetch = false;                      // double-buffered local tiles
  bool register_prefetch = false;             // registers read one K step ahead of the FMAs
  int stages = 0;                             // Pipeline<S>: local buffers filled by copies; 0: off
  int unroll = 0;                             // inner-loop unroll factor; 0: all of tile_k
  int warp_lanes_m = 0;                       // work-items along M per group of 32; 0: row-major ids
  int slices = 1;                             // SliceK<S>: copies of the register tile grid, one per K slice
  // Sub-groups (vendor::IntelSubgroups, vendor::KhronosSubgroups): the lanes of a sub-group own
  // different rows of C and the same columns, so each element of B is read once per sub-group and
  // passed round by shuffles.
  bool sub_groups = false;
  int sub_group_size = 0;                     // the size the kernel requires; 0: the compiler's choice
  bool block_reads = false;                   // sub-group block reads of A and B (Intel)
  bool image_a = false, image_b = false;      // Images<O>: operands read from 2D images
  bool in_step = false;                       // InStep<true>: a barrier per K step keeps the group in step

  constexpr int threads_m() const noexcept { return tile_m / wpt_m; }
  constexpr int threads_n() const noexcept { return tile_n / wpt_n; }
  // Work-items of one slice (one grid of register tiles), and of the whole work-group.
  constexpr int slice_threads() const noexcept { return threads_m() * threads_n(); }
  constexpr int threads() const noexcept { return slice_threads() * slices; }
  constexpr int unroll_factor() const noexcept { return unroll == 0 ? tile_k : unroll; }
  constexpr int element_bytes() const noexcept { return element.bytes; }

  // W-wide vectors each work-item moves from global to local memory per K step.
  constexpr int loads_a() const noexcept { return tile_m * tile_k / (vec * threads()); }
  constexpr int loads_b() const noexcept { return tile_n * tile_k / (vec * threads()); }

  // Row strides of the local tiles, which are stored K-major: row kk holds the tile's M (or N) extent.
  constexpr int stride_a() const noexcept { return tile_m + padding; }
  constexpr int stride_b() const noexcept { return tile_n + padding; }

  // Copies of each local tile: S with Pipeline<S>, two with Prefetch<true>, else one.
  constexpr int buffers() const noexcept { return stages > 0 ? stages : prefetch ? 2 : 1; }

  // SliceK<S>: the slices' tiles are added in rounds through a local buffer of at most 8 KiB (or one
  // round's minimum). Vector v of a work-item's register tile (v = j * WM/W + i) is added by slice
  // v % S; a round covers slice_round_vecs() consecutive vectors, a multiple of S.
  constexpr int tile_vecs() const noexcept { return wpt_m / vec * wpt_n; }
  constexpr int slice_round_vecs() const noexcept {
    if (slices == 1) return 0;
    const int group_bytes = slices * (slices - 1) * slice_threads() * vec * element_bytes();
    const int groups_max = (tile_vecs() + slices - 1) / slices;
    const int groups = 8192 / group_bytes;
    return slices * (groups < 1 ? 1 : groups > groups_max ? groups_max : groups);
  }
  constexpr int slice_rounds() const noexcept {
    return slices == 1 ? 0 : (tile_vecs() + slice_round_vecs() - 1) / slice_round_vecs();
  }
  constexpr std::size_t slice_bytes() const noexcept {
    return std::size_t(slice_round_vecs()) * std::size_t(slices - 1) * std::size_t(slice_threads()) *
           std::size_t(vec) * std::size_t(element_bytes());
  }

  constexpr std::size_t local_bytes() const noexcept {
    const std::size_t per_step = (local_a ? std::size_t(tile_k) * stride_a() : 0) +
                                 (local_b ? std::size_t(tile_k) * stride_b() : 0);
    return per_step * std::size_t(buffers()) * std::size_t(element_bytes()) + slice_bytes();
  }

  friend constexpr bool operator==(const Config&, const Config&) = default;
};

// Which policies a user gave, for vendor tags whose defaults differ from the generic ones (a tag's
// `static constexpr void configure(Config&, const Given&)`, called by resolve after the defaults).
struct Given {
  bool tile = false, vec = false, work_per_thread = false, local_memory = false;
};

// The call rules (SplitK<S, R>, Pack<P>). split_k: 0 automatic, 1 never, S > 1 at most S parts.
struct Rules {
  int split_k = 0;
  Reduction reduction = Reduction::Auto;
  Packing pack = Packing::Auto;

  // Whether both the split count and who adds the parts are left to the library's rules.
  constexpr bool split_automatic() const noexcept {
    return split_k == 0 && reduction != Reduction::SecondPass;
  }
  friend constexpr bool operator==(const Rules&, const Rules&) = default;
};

}  // namespace gemmcl::policy
