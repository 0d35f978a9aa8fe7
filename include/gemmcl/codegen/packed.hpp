#pragma once
// Packed operands (PackedA<L>, PackedB<L>): A or B stored block-major by the packing program, as the
// generator paper's CBL and RBL layouts, so that a work-group reads each of its tiles as one contiguous
// run. In the kernels' terms, with X the operand's own extent (M for A, N for B) and TX its tile:
//   GEMMCL_PACKED_A/B 1 (CBL)  panels of TX rows of op(X) over all of K: element (x, kk) at
//                      (x / TX) * TX * KP + kk * TX + x % TX         (KP: K rounded up to TILE_K)
//                    2 (RBL)  blocks of TILE_K x TX, the blocks of one K step side by side:
//                      element (x, kk) at (kk / TILE_K) * TILE_K * XR + (x / TX) * TILE_K * TX
//                                        + kk % TILE_K * TX + x % TX  (XP: X rounded up to TX;
//                                        XR = rbl_row(XP), an odd multiple of 32 elements)
//                    3 (CBL, B read from global memory) panels of one work-item's WPT_N columns of op(B),
//                      each one contiguous stream (the padding still reaches a whole tile)
// The padding is zeros, so packed operands' loads need no checks (the kernels skip them only where
// both are packed: PACKED_WHOLE). A packed A is read as an untransposed column-major A with
// lda = TILE_M, a packed B as a transposed B with ldb = TILE_N; the prologue moves each to its
// work-group's panel or block, and a K step advances by A_K_STRIDE (B_...).

#include <array>
#include <cstddef>
#include <string_view>

#include "element_header.hpp"
#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

inline constexpr std::string_view pack_blocks_kernel_name = "gemmcl_pack_blocks";

// RBL: the elements per unit of K from one K step's blocks to the next: X rounded up to an odd
// multiple of rbl_row_unit. Steps a power of two apart (XP of 4096) slowed products on an H100; no
// other pitch measured did. The packing takes it as an argument, the kernels as RBL_ROW.
inline constexpr int rbl_row_unit = 32;
constexpr std::size_t rbl_row(std::size_t xp) {
  constexpr std::size_t u = rbl_row_unit;
  return ((xp + u - 1) / u | 1) * u;
}

namespace detail {

template <class Sink>
constexpr void emit_packed_defines(util::text<Sink>& t) {
  t.line("// Packed operands (GEMMCL_PACKED_A/B 0: none, 1: CBL panels, 2: RBL blocks; codegen/packed.hpp).");
  t.line("// RBL_ROW(xp): elements per K from one K step's blocks to the next, an odd multiple of 32.");
  t.line({"#define RBL_ROW(xp) ((long)((((xp) + ", rbl_row_unit - 1, ") / ", rbl_row_unit, ") | 1) * ", rbl_row_unit,
          ")"});
  for (const auto& [x, tile, extent, ld] : {std::array<std::string_view, 4>{"A", "TILE_M", "m", "lda"},
                                            std::array<std::string_view, 4>{"B", "TILE_N", "n", "ldb"}}) {
    t.line({"#ifndef GEMMCL_PACKED_", x});
    t.line({"#define GEMMCL_PACKED_", x, " 0"});
    t.line("#endif");
    t.line({"#define ", x, "_PACKED (GEMMCL_PACKED_", x, " != 0)"});
    t.raw({"#if GEMMCL_PACKED_", x, " == 2\n"});
    t.line({"#define ", x, "_K_STRIDE RBL_ROW((", extent, " + ", tile, " - 1) / ", tile, " * ", tile,
            ")  // a K step spans every block"});
    t.raw("#else\n");
    t.line({"#define ", x, "_K_STRIDE ", ld});
    t.raw("#endif\n");
  }
  t.line("// Both operands packed: every K step is whole, so the loads need no checks. With one packed,");
  t.line("// the other's checks stay and the packed one keeps them too: dropping one operand's alone let");
  t.line("// NVIDIA's compiler schedule the loop worse than the standard path's.");
  t.line("#define PACKED_WHOLE (A_PACKED && B_PACKED)");
}

// In the prologue: a packed operand's pointer moved to this work-group's panel or block.
template <class Sink>
constexpr void emit_packed_offsets(util::text<Sink>& t) {
  for (const auto& [p, x0, x] : {std::array<std::string_view, 3>{"a", "m0", "A"},
                                 std::array<std::string_view, 3>{"b", "n0", "B"}}) {
    t.raw({"#if GEMMCL_PACKED_", x, " == 1\n"});
    t.line({p, " += (long)", x0, " * ((k_total + TILE_K - 1) / TILE_K * TILE_K - 1);  // this group's panel"});
    t.raw({"#elif GEMMCL_PACKED_", x, " == 2\n"});
    t.line({p, " += (long)", x0, " * (TILE_K - 1);  // this group's block of the first K step"});
    t.raw("#endif\n");
  }
  t.raw("#if GEMMCL_PACKED_B == 3\n");
  t.line("b += (long)(n0 + ty * WPT_N) * ((k_total + TILE_K - 1) / TILE_K * TILE_K - 1);  // this work-item's panel");
  t.raw("#endif\n");
}

// The packing program: dst := op(X) (x_extent x k, element (x, kk) at src[src_offset + x * sx + kk * sk])
// in the block layout of blocks tx x tk (rbl_row 0: CBL; else RBL, K steps rbl_row elements per K
// apart), zeros past the matrix.
template <class Sink>
constexpr void emit_pack_blocks(util::text<Sink>& t) {
  t.line({"__kernel void ", pack_blocks_kernel_name, "(const int xs, const int ks, const __global real* restrict src,"});
  t.line("                                 const ulong src_offset, const long sx, const long sk,");
  t.line("                                 __global real* restrict dst, const int tx, const int tk,");
  t.line("                                 const int x_pad, const long rbl_row)");
  t.open();
  t.line("const int x = get_global_id(0), kk = get_global_id(1);");
  t.line("const int xp = (xs + x_pad - 1) / x_pad * x_pad, kp = (ks + tk - 1) / tk * tk;");
  t.line("if (x >= xp || kk >= kp) return;");
  t.line("const long to = rbl_row ? (long)(kk / tk) * tk * rbl_row + (long)(x / tx) * tk * tx");
  t.line("                            + (kk % tk) * tx + x % tx");
  t.line("                        : (long)(x / tx) * tx * kp + (long)kk * tx + x % tx;");
  t.line("dst[to] = x < xs && kk < ks ? src[src_offset + x * sx + kk * sk] : (real)0;");
  t.close();
}

}  // namespace detail

template <class Sink>
constexpr void write_pack_blocks(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  t.line({"// gemmcl: an operand packed into a block layout (CBL or RBL) for packed calls (", e.name, ")"});
  detail::emit_element(t, e);
  detail::emit_pack_blocks(t);
}

}  // namespace gemmcl::codegen

GEMMCL_COLD_END
