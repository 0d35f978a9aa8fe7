#pragma once
// One validated kernel configuration: plain numbers, no types, so that code generators and tests can
// take it as a value. Built from policies by resolve.hpp.

#include <cstddef>

namespace gemmcl::policy {

enum class ElementType { Float, Double };

struct Config {
  ElementType element = ElementType::Float;
  int tile_m = 64, tile_n = 64, tile_k = 16;  // work-group tile of C, and the K step
  int vec = 4;                                // vector width
  int wpt_m = 4, wpt_n = 4;                   // register tile of one work-item
  bool local_a = true, local_b = true;        // operands staged in local memory
  int padding = 0;                            // extra elements per local-memory row
  bool prefetch = false;                      // double-buffered local tiles
  bool register_prefetch = false;             // registers read one K step ahead of the FMAs
  int stages = 0;                             // Pipeline<S>: local buffers filled by copies; 0: off
  int unroll = 0;                             // inner-loop unroll factor; 0: all of tile_k
  int split_k = 0;                            // K splits: 0 automatic, 1 never, S at most S
  int split_reduce = 0;                       // who adds the parts: 0 auto, 1 in kernel, 2 second pass
  int pack = 0;                               // copy misaligned A or B first: 0 auto, 1 always, 2 never
  int warp_lanes_m = 0;                       // work-items along M per group of 32; 0: row-major ids

  constexpr int threads_m() const noexcept { return tile_m / wpt_m; }
  constexpr int threads_n() const noexcept { return tile_n / wpt_n; }
  constexpr int threads() const noexcept { return threads_m() * threads_n(); }
  constexpr int unroll_factor() const noexcept { return unroll == 0 ? tile_k : unroll; }
  constexpr int element_bytes() const noexcept { return element == ElementType::Double ? 8 : 4; }

  // W-wide vectors each work-item moves from global to local memory per K step.
  constexpr int loads_a() const noexcept { return tile_m * tile_k / (vec * threads()); }
  constexpr int loads_b() const noexcept { return tile_n * tile_k / (vec * threads()); }

  // Row strides of the local tiles, which are stored K-major: row kk holds the tile's M (or N) extent.
  constexpr int stride_a() const noexcept { return tile_m + padding; }
  constexpr int stride_b() const noexcept { return tile_n + padding; }

  // Copies of each local tile: S with Pipeline<S>, two with Prefetch<true>, else one.
  constexpr int buffers() const noexcept { return stages > 0 ? stages : prefetch ? 2 : 1; }

  constexpr std::size_t local_bytes() const noexcept {
    const std::size_t per_step = (local_a ? std::size_t(tile_k) * stride_a() : 0) +
                                 (local_b ? std::size_t(tile_k) * stride_b() : 0);
    return per_step * std::size_t(buffers()) * std::size_t(element_bytes());
  }

  friend constexpr bool operator==(const Config&, const Config&) = default;
};

}  // namespace gemmcl::policy
