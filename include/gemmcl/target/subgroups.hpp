#pragma once
// What the sub-group vendor paths (intel.hpp, khronos.hpp) share: their defaults and validity rules.
// Their kernels run the sub-group main loop (codegen/mainloop/subgroup.hpp): the lanes of a sub-group
// own different rows of C and the same columns, so each element of B is read once per sub-group and
// passed round by shuffles.

#include "../policy/config.hpp"
#include "../policy/tags.hpp"
#include "../util/text.hpp"

namespace gemmcl::target::subgroups {

// Defaults for the policies a user did not give: one lane per row of a block of `lanes` rows, A and B
// read from global memory (the article's fastest families), 4 x 4 rows and columns per work-item.
constexpr void configure(policy::Config& c, const policy::Given& g, int size, bool block_reads) {
  const int lanes = size > 0 ? size : 16;
  c.sub_groups = true;
  c.sub_group_size = size;
  c.block_reads = block_reads;
  if (!g.vec) c.vec = 1;
  if (!g.local_memory) c.local_a = c.local_b = false;
  if (!g.tile) {
    c.tile_m = lanes * 4 * c.vec;
    c.tile_n = 16;
    c.tile_k = lanes > 16 ? lanes : 16;
  }
  if (!g.work_per_thread) {
    c.wpt_m = c.tile_m % lanes == 0 ? c.tile_m / lanes : c.tile_m;  // else a rule below reports it
    c.wpt_n = c.tile_n % 4 == 0 ? 4 : c.tile_n;
  }
}

// IMAGE_READ(img, x, y): element (x, y) of a stored matrix read from its image (float: one CL_FLOAT
// texel; double: two CL_UNSIGNED_INT32 channels).
template <class Sink>
constexpr void write_image_reads(util::text<Sink>& t, const policy::Config& c) {
  t.line("// Image reads: element (x, y) of the stored matrix is texel (x, y).");
  t.line("__constant sampler_t image_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;");
  if (c.element.bytes == 8)
    t.line("#define IMAGE_READ(img, px, py) as_double(read_imageui((img), image_sampler, (int2)((px), (py))).xy)");
  else
    t.line("#define IMAGE_READ(img, px, py) read_imagef((img), image_sampler, (int2)((px), (py))).x");
}

// The rules every sub-group configuration obeys; Resolved is policy::resolve<...>.
template <class Resolved, int Size>
struct rules {
  static constexpr policy::Config c = Resolved::config;
  static_assert(Size == 0 || c.threads_m() % Size == 0,
                "gemmcl: sub-groups: the lanes of a sub-group share their columns of C, so the work-items "
                "along M (Tile's M / WorkPerThread's M) must be a multiple of the sub-group size");
  static_assert(Size == 0 || c.tile_k % Size == 0,
                "gemmcl: sub-groups: B is passed round in blocks of one value per lane, so the tile's K "
                "must be a multiple of the sub-group size");
  static_assert(!c.local_b,
                "gemmcl: sub-groups share B through shuffles, not local memory: use LocalMemory<Operands::A> "
                "(A staged, the Intel article's L3_SLM family) or LocalMemory<Operands::None>");
  static_assert(!c.block_reads || c.vec == 1,
                "gemmcl: sub-group block reads give lane l the l-th element of each block, so every lane "
                "owns single rows: block reads need Vec<1> (vendor::IntelLoads::Plain takes wider vectors)");
  static_assert(!c.block_reads || !c.local_a || c.padding == 0,
                "gemmcl: block reads of the local A tile need its rows unpadded: drop Padding<P>");
  static_assert(c.slices == 1 && c.warp_lanes_m == 0,
                "gemmcl: sub-groups number work-items row by row; SliceK<S> and WarpLayout<L> do not apply");
  static_assert(!c.prefetch,
                "gemmcl: sub-groups: Prefetch<true> double-buffers tiles of both operands in local memory, "
                "which the sub-group loop does not use");
};

}  // namespace gemmcl::target::subgroups
