#pragma once
// Packing: copies a rows x cols column-major block into dst, whose leading dimension dst_ld is a
// multiple of the vector width, so the product can read the copy as whole vectors; with `transpose`,
// dst gets the block's transpose (cols x rows), so the product reads the operand in its other storage
// order. Each work-item copies a PACK_COLS-square block, as whole vectors where it can: its loads are
// all in flight before the first store. Built with GEMMCL_PACK_TF32, the copy of a float operand holds
// each element rounded to TF32 (tf32.hpp), so that the tensor cores, which drop the low 13 bits,
// compute with rounded inputs. Built only for calls that pack.

#include <string_view>

#include "element_header.hpp"
#include "tf32.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

inline constexpr std::string_view pack_kernel_name = "gemmcl_pack";
inline constexpr int pack_columns = 8;  // columns each work-item of the packing kernel copies
static_assert(pack_columns == 8, "the transposing copy moves its blocks as 8-vectors (real8)");

namespace detail {

template <class Sink>
constexpr void emit_pack(util::text<Sink>& t) {
  t.line({"#define PACK_COLS ", pack_columns});
  t.line("#ifdef GEMMCL_PACK_TF32");
  t.raw(tf32_round_function);
  t.line("#define pack_out(x) as_float(tf32_round_nearest_even(as_uint(x)))");
  t.line("#else");
  t.line("#define pack_out(x) (x)");
  t.line("#endif");
  t.line({"__kernel void ", pack_kernel_name, "(const int rows, const int cols, const __global real* restrict src,"});
  t.line("                          const ulong src_offset, const int src_ld, __global real* restrict dst,");
  t.line("                          const int dst_ld, const int transpose)");
  t.open();
  t.line("// A block of PACK_COLS x PACK_COLS per work-item, its loads all in flight before the first store.");
  t.line("const int i0 = get_global_id(0) * PACK_COLS, j0 = get_global_id(1) * PACK_COLS;");
  t.line("if (i0 >= rows) return;");
  t.line("real v[PACK_COLS][PACK_COLS];");
  t.line("const ulong first = src_offset + (ulong)j0 * src_ld + i0;");
  t.line("// Whole vectors where the block is whole and the source's runs are aligned: each load is one segment");
  t.line("// of a source column, each store one of the copy's (dst_ld and i0, j0 are multiples of PACK_COLS).");
  t.line("const bool whole = i0 + PACK_COLS <= rows && j0 + PACK_COLS <= cols;");
  t.line("const bool vectors = whole && (first % PACK_COLS) == 0 && (src_ld % PACK_COLS) == 0;");
  t.open("if (vectors)");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  vstore8(*(const __global real8*)(src + first + (ulong)c * src_ld), 0, &v[c][0]);");
  t.reopen("else if (whole)");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  for (int r = 0; r < PACK_COLS; ++r) v[c][r] = src[first + (ulong)c * src_ld + r];");
  t.reopen("else");
  t.line("// A block cut by an edge: element by element, within the block.");
  t.line("for (int c = 0; c < PACK_COLS && j0 + c < cols; ++c)");
  t.line("  for (int r = 0; r < PACK_COLS && i0 + r < rows; ++r)");
  t.line("    if (transpose)");
  t.line("      dst[(ulong)(i0 + r) * dst_ld + j0 + c] = pack_out(src[first + (ulong)c * src_ld + r]);");
  t.line("    else");
  t.line("      dst[(ulong)(j0 + c) * dst_ld + i0 + r] = pack_out(src[first + (ulong)c * src_ld + r]);");
  t.line("return;");
  t.close();
  t.open("if (transpose)");
  t.line("// Row r of the block is a segment of the copy's row i0 + r.");
  t.line("#pragma unroll");
  t.line("for (int r = 0; r < PACK_COLS; ++r)");
  t.line("  *(__global real8*)(dst + (ulong)(i0 + r) * dst_ld + j0) =");
  t.line("      (real8)(pack_out(v[0][r]), pack_out(v[1][r]), pack_out(v[2][r]), pack_out(v[3][r]), pack_out(v[4][r]),");
  t.line("              pack_out(v[5][r]), pack_out(v[6][r]), pack_out(v[7][r]));");
  t.reopen("else");
  t.line("// Column c of the block is a segment of the copy's column j0 + c.");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  *(__global real8*)(dst + (ulong)(j0 + c) * dst_ld + i0) =");
  t.line("      (real8)(pack_out(v[c][0]), pack_out(v[c][1]), pack_out(v[c][2]), pack_out(v[c][3]), pack_out(v[c][4]),");
  t.line("              pack_out(v[c][5]), pack_out(v[c][6]), pack_out(v[c][7]));");
  t.close();
  t.close();
}

}  // namespace detail

// The whole packing program for an element type.
template <class Sink>
constexpr void write_pack(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  t.line({"// gemmcl: packing copies of A or B (", e.name, ")"});
  detail::emit_element(t, e);
  t.line({"typedef ", e.name, "8 real8;"});
  detail::emit_pack(t);
}

}  // namespace gemmcl::codegen

GEMMCL_COLD_END
