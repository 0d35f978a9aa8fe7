#pragma once
// A configuration in the words a user writes it, for error messages:
// "float, Tile<64,64,16>, Vec<4>, WorkPerThread<4,4>, LocalMemory<Both>, ..., vendor generic".

#include <string>
#include <string_view>

#include "../policy/config.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

inline std::string describe(const policy::Config& c, std::string_view target) {
  const auto n = [](int v) { return std::to_string(v); };
  std::string s(c.element.name);
  s += ", Tile<" + n(c.tile_m) + "," + n(c.tile_n) + "," + n(c.tile_k) + ">, Vec<" + n(c.vec) +
       ">, WorkPerThread<" + n(c.wpt_m) + "," + n(c.wpt_n) + ">, LocalMemory<";
  s += c.local_a && c.local_b ? "Both" : c.local_a ? "A" : c.local_b ? "B" : "None";
  s += ">, Padding<" + n(c.padding) + ">, Prefetch<" + (c.prefetch ? "true" : "false") +
       ">, RegisterPrefetch<" + (c.register_prefetch ? "true" : "false") + ">, Pipeline<" + n(c.stages) +
       ">, Unroll<" + n(c.unroll_factor()) + ">, WarpLayout<" + n(c.warp_lanes_m) + ">, SliceK<" +
       n(c.slices) + ">";
  if (c.in_step) s += ", InStep<true>";
  if (c.image_a || c.image_b) s += std::string(", Images<") + (c.image_a && c.image_b ? "Both" : c.image_a ? "A" : "B") + ">";
  s += ", vendor " + std::string(target);
  if (c.sub_group_size > 0) s += " (SIMD " + n(c.sub_group_size) + ")";
  return s;
}

}  // namespace gemmcl::codegen

GEMMCL_COLD_END
