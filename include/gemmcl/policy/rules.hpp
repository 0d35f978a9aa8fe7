#pragma once
// The rules a configuration obeys, as plain functions of its values, so that a tuner can test candidate
// configurations at run time with the same rules that resolve.hpp checks at compile time (where each is a
// static_assert that says what to change). In resolve.hpp's order; valid() is all of them.
// They divide by the extents (Vec, WorkPerThread, Unroll, SliceK), which the policies keep positive.
// Vendor paths add rules of their own (target/subgroups.hpp); those are not here.

#include "config.hpp"
#include "tags.hpp"

namespace gemmcl::policy::rule {

// Tiles are loaded as W-wide vectors along M, N or K, depending on the transpose.
constexpr bool vec_divides_tile(const Config& c) noexcept {
  return c.tile_m % c.vec == 0 && c.tile_n % c.vec == 0 && c.tile_k % c.vec == 0;
}
// The tile splits into whole register tiles along M.
constexpr bool wm_divides_tile(const Config& c) noexcept { return c.tile_m % c.wpt_m == 0; }
// The tile splits into whole register tiles along N.
constexpr bool wn_divides_tile(const Config& c) noexcept { return c.tile_n % c.wpt_n == 0; }
// Each work-item holds its rows as W-wide vectors.
constexpr bool wm_multiple_of_vec(const Config& c) noexcept { return c.wpt_m % c.vec == 0; }
// With B in local memory, each work-item reads its columns from it as W-wide vectors.
constexpr bool wn_multiple_of_vec(const Config& c) noexcept { return !c.local_b || c.wpt_n % c.vec == 0; }

// Whether the tile splits into register tiles and vectors, so that the rules below that count
// work-items mean something (when it does not, the rules above report it).
constexpr bool whole(const Config& c) noexcept {
  return c.tile_m % c.wpt_m == 0 && c.tile_n % c.wpt_n == 0 && c.tile_m % c.vec == 0 &&
         c.tile_n % c.vec == 0;
}

// The staged A tile splits into a whole number of W-wide vectors per work-item.
constexpr bool a_loads_whole(const Config& c) noexcept {
  return !whole(c) || !c.local_a || (c.tile_m * c.tile_k) % (c.vec * c.threads()) == 0;
}
// The staged B tile splits into a whole number of W-wide vectors per work-item.
constexpr bool b_loads_whole(const Config& c) noexcept {
  return !whole(c) || !c.local_b || (c.tile_n * c.tile_k) % (c.vec * c.threads()) == 0;
}
// Padding pads local-memory tiles: something must be staged.
constexpr bool padding_needs_local(const Config& c) noexcept {
  return c.padding == 0 || c.local_a || c.local_b;
}
// Prefetch double-buffers local-memory tiles: something must be staged.
constexpr bool prefetch_needs_local(const Config& c) noexcept {
  return !c.prefetch || c.local_a || c.local_b;
}
// Every unrolled pass over the tile's K is whole.
constexpr bool unroll_divides_k(const Config& c) noexcept { return c.tile_k % c.unroll_factor() == 0; }
// Register prefetch reads ahead from double-buffered local tiles of both operands.
constexpr bool register_prefetch_needs_buffers(const Config& c) noexcept {
  return !c.register_prefetch || (c.local_a && c.local_b && (c.prefetch || c.stages > 0));
}
// Pipeline copies both operand tiles straight into local memory.
constexpr bool pipeline_needs_local(const Config& c) noexcept {
  return c.stages == 0 || (c.local_a && c.local_b);
}
// Pipeline and Prefetch both keep the next K steps in flight; one of them at most.
constexpr bool pipeline_excludes_prefetch(const Config& c) noexcept { return c.stages == 0 || !c.prefetch; }
// Pipeline copies whole vectors into local rows, which padding must keep aligned.
constexpr bool pipeline_padding_aligned(const Config& c) noexcept {
  return c.stages == 0 || c.padding % c.vec == 0;
}
// Register prefetch's two register sets alternate at fixed places: the whole tile K unrolled.
constexpr bool register_prefetch_full_unroll(const Config& c) noexcept {
  return !c.register_prefetch || c.unroll_factor() == c.tile_k;
}
// Register prefetch's two register sets alternate: the next tile's first K step needs an even tile K.
constexpr bool register_prefetch_even_k(const Config& c) noexcept {
  return !c.register_prefetch || c.tile_k % 2 == 0;
}
// WarpLayout maps whole groups of 32 work-items onto L rows by 32/L columns of the thread grid.
constexpr bool warp_layout_fits(const Config& c) noexcept {
  return c.warp_lanes_m == 0 ||
         (!whole(c) || (c.threads() % 32 == 0 && c.threads_m() % c.warp_lanes_m == 0 &&
                        c.threads_n() % (32 / c.warp_lanes_m) == 0));
}
// SliceK divides the K steps staged in local memory: both operands must be staged.
constexpr bool slice_needs_local(const Config& c) noexcept {
  return c.slices == 1 || (c.local_a && c.local_b);
}
// Every slice multiplies the same number of K steps.
constexpr bool slice_divides_k(const Config& c) noexcept { return c.tile_k % c.slices == 0; }
// SliceK numbers work-items slice by slice, which WarpLayout would reorder.
constexpr bool slice_excludes_warp_layout(const Config& c) noexcept {
  return c.slices == 1 || c.warp_lanes_m == 0;
}
// With SliceK, register prefetch's two sets alternate within each slice: an even number of K steps.
constexpr bool slice_register_prefetch_even(const Config& c) noexcept {
  return c.slices == 1 || !c.register_prefetch || (c.tile_k / c.slices) % 2 == 0;
}
// With SliceK, every unrolled pass over one slice's K steps is whole.
constexpr bool slice_unroll_divides(const Config& c) noexcept {
  return c.slices == 1 || c.unroll == 0 || (c.tile_k / c.slices) % c.unroll == 0;
}
// Packing always copies operands to read them as whole vectors, which Vec<1> never does.
constexpr bool pack_needs_vec(const Config& c, const Rules& r) noexcept {
  return r.pack != Packing::Always || c.vec > 1;
}
// InStep adds barriers to kernels without any; staged operands already bring two per K step.
constexpr bool in_step_without_local(const Config& c) noexcept {
  return !c.in_step || (!c.local_a && !c.local_b);
}
// Images are read by the sub-group main loop only.
constexpr bool images_need_sub_groups(const Config& c) noexcept {
  return !(c.image_a || c.image_b) || c.sub_groups;
}
// A read from an image by every work-item is not also staged in local memory.
constexpr bool image_a_not_local(const Config& c) noexcept { return !c.image_a || !c.local_a; }
// B read from an image by every work-item is not also staged in local memory.
constexpr bool image_b_not_local(const Config& c) noexcept { return !c.image_b || !c.local_b; }
// No OpenCL device accepts more than 4096 work-items per work-group.
constexpr bool work_items_fit(const Config& c) noexcept { return !whole(c) || c.threads() <= 4096; }

// Every rule above.
constexpr bool valid(const Config& c, const Rules& r = {}) noexcept {
  return vec_divides_tile(c) && wm_divides_tile(c) && wn_divides_tile(c) && wm_multiple_of_vec(c) &&
         wn_multiple_of_vec(c) && a_loads_whole(c) && b_loads_whole(c) && padding_needs_local(c) &&
         prefetch_needs_local(c) && unroll_divides_k(c) && register_prefetch_needs_buffers(c) &&
         pipeline_needs_local(c) && pipeline_excludes_prefetch(c) && pipeline_padding_aligned(c) &&
         register_prefetch_full_unroll(c) && register_prefetch_even_k(c) && warp_layout_fits(c) &&
         slice_needs_local(c) && slice_divides_k(c) && slice_excludes_warp_layout(c) &&
         slice_register_prefetch_even(c) && slice_unroll_divides(c) && pack_needs_vec(c, r) &&
         in_step_without_local(c) && images_need_sub_groups(c) && image_a_not_local(c) &&
         image_b_not_local(c) && work_items_fit(c);
}

}  // namespace gemmcl::policy::rule
