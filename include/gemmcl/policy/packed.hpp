#pragma once
// Packed operands: PackedA<L> and PackedB<L> give a Gemm the block layout L its packed A or B is
// stored in (codegen/packed.hpp draws them), the generator paper's two block-major layouts:
//   layout::CBL<X>     panels of X rows of op(A) (X columns of op(B)) over the whole of K, K-major
//                      within: a work-group's operand is one contiguous run;
//   layout::RBL<X, K>  blocks of K x X, those of one K step side by side: each K step of a work-group
//                      reads one contiguous block.
// X is the tile's M (for A) or N (for B), K the tile's K: a work-group reads whole blocks. A CBL B that
// the kernel reads straight from global memory (LocalMemory without B) may instead have panels of one
// work-item's WN columns: each work-item then reads one contiguous stream (CPUs). Such a Gemm
// packs with pack_a / pack_b and then takes the packed operand in place of A's or B's buffer; its
// other calls are unchanged.

#include "tags.hpp"

namespace gemmcl {

namespace kind {
struct packed_a {};
struct packed_b {};
}  // namespace kind

namespace layout {

template <int X>
struct CBL {
  static_assert(X > 0, "gemmcl::layout::CBL<X>: the panel extent X must be positive");
  static constexpr int kind = 1;  // GEMMCL_PACKED_A/B
  static constexpr int x = X;
  static constexpr int k = 0;     // all of K
};

template <int X, int K>
struct RBL {
  static_assert(X > 0 && K > 0, "gemmcl::layout::RBL<X, K>: both block extents must be positive");
  static constexpr int kind = 2;
  static constexpr int x = X;
  static constexpr int k = K;
};

}  // namespace layout

template <class L>
struct PackedA {
  using policy_kind = kind::packed_a;
  using block_layout = L;
};

template <class L>
struct PackedB {
  using policy_kind = kind::packed_b;
  using block_layout = L;
};

namespace policy {

// The block layouts' rules against the resolved configuration, instantiated by Gemm.
template <class Resolved, class L, bool IsA>
struct packed_rules {
  static constexpr Config c = Resolved::config;
  static constexpr int tile_x = IsA ? c.tile_m : c.tile_n;
  // CBL panels of one work-item's columns of a B read straight from global memory (kind 3).
  static constexpr bool per_work_item = !IsA && L::kind == 1 && !c.local_b && !c.sub_groups &&
                                        L::x == c.wpt_n && L::x != tile_x;
  static_assert(L::x == tile_x || per_work_item,
                "gemmcl::PackedA/PackedB: the block's X must be the tile's M (for A) or N (for B), so that a "
                "work-group reads whole blocks (or, for a CBL B read straight from global memory, the "
                "work-item's WN columns)");
  static_assert(L::kind != 2 || L::k == c.tile_k,
                "gemmcl::layout::RBL<X, K>: K must be the tile's K, so that each K step reads one block");
  static_assert(L::kind != 2 || (IsA ? c.local_a : c.local_b),
                "gemmcl::layout::RBL<X, K>: the operand must be staged in local memory (LocalMemory<>), whose "
                "loads walk K a tile at a time; CBL serves every main loop");
  static_assert(!c.sub_groups || L::kind == 1,
                "gemmcl::layout::RBL<X, K>: the sub-group main loops read K element by element; use CBL<X>");
  static_assert(!(IsA ? c.image_a : c.image_b),
                "gemmcl::PackedA/PackedB: an operand read from an image cannot also be packed; drop it from "
                "Images<> or from the packing");
  static_assert(!Resolved::widened,
                "gemmcl::PackedA/PackedB: packed operands of half and bfloat16 are not supported yet");
  static constexpr bool value = true;
};

// Instantiated by Gemm: the rules of each block layout given.
template <class Resolved>
constexpr bool packed_rules_hold() {
  if constexpr (Resolved::packs_a) static_assert(packed_rules<Resolved, typename Resolved::packed_a::block_layout, true>::value);
  if constexpr (Resolved::packs_b) static_assert(packed_rules<Resolved, typename Resolved::packed_b::block_layout, false>::value);
  return true;
}

}  // namespace policy
}  // namespace gemmcl
