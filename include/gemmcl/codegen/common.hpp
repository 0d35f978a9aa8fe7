#pragma once
// Vocabulary shared by the kernel's stages: the configuration, and what differs between the A and B
// operands as far as loading is concerned.

#include <string_view>

#include "../policy/config.hpp"
#include "../util/text.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

using policy::Config;

// What differs between the A and B operands as far as loading is concerned. "x" is the operand's own
// extent (M for A, N for B); every operand tile is stored K-major in local memory.
struct operand {
  std::string_view label;      // "A"
  std::string_view ptr;        // "a"
  std::string_view ld;         // "lda"
  std::string_view trans;      // "GEMMCL_TRANS_A"
  std::string_view tile;       // "TILE_M"
  std::string_view x0;         // "m0"
  std::string_view extent;     // "m"
  std::string_view full_x;     // "full_m"
  std::string_view loads;      // "LOADS_A"
  std::string_view stride;     // "STRIDE_A"
  std::string_view regs;       // "ra"
  std::string_view local;      // "a_tile"
  bool x_contiguous_if_trans;  // B is stored n x k when transposed, so its N extent is contiguous
  std::string_view k_stride;   // "A_K_STRIDE": from one K step to the next, in elements per K
  // Pipeline<S>: the build condition under which vectors wholly past the x edge read their line's first
  // vector instead of a zero fill (copies.hpp), or "" for never. The staged loops decide the same for
  // every operand alike, by configuration (fetch.hpp, redirects_past_edge).
  std::string_view pipeline_redirect_if;
};

inline constexpr operand operand_a{"A",      "a",      "lda",     "GEMMCL_TRANS_A", "TILE_M", "m0",
                                   "m",      "full_m", "LOADS_A", "STRIDE_A",       "ra",     "a_tile",
                                   false,    "A_K_STRIDE",
                                   // Not for B, nor where B is read transposed: there NVIDIA's compiler
                                   // scheduled the K loop slower with it, even without edges
                                   // (bench/results/h200-sgemm.md, "A's edge copies", H200).
                                   "GEMMCL_TRANS_B == 0"};

inline constexpr operand operand_b{"B",      "b",      "ldb",     "GEMMCL_TRANS_B", "TILE_N", "n0",
                                   "n",      "full_n", "LOADS_B", "STRIDE_B",       "rb",     "b_tile",
                                   true,     "B_K_STRIDE",     ""};

// "#if GEMMCL_TRANS_A == 0" when the x-contiguous case is the untransposed one, "== 1" otherwise.
template <class Sink>
constexpr void if_x_contiguous(util::text<Sink>& t, const operand& o) {
  t.raw({"#if ", o.trans, o.x_contiguous_if_trans ? " == 1\n" : " == 0\n"});
}

// The K steps one work-item multiplies per local tile: all of them, or its slice's with SliceK.
constexpr std::string_view k_steps(const Config& c) { return c.slices > 1 ? "SLICE_K" : "TILE_K"; }

// Vector access to a local tile. When its rows start on multiples of VW the tile is declared as an
// array of vectors, so whole-vector accesses are aligned and compile to single wide loads and stores;
// vloadW/vstoreW would only assume element alignment.
constexpr bool local_aligned(const Config& c, int stride) { return c.vec > 1 && stride % c.vec == 0; }

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
