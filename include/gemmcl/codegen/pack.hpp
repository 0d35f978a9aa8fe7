#pragma once
// Packing: copies a rows x cols column-major block into dst, whose leading dimension dst_ld is a
// multiple of the vector width, so the product can read the copy as whole vectors; with `transpose`,
// dst gets the block's transpose (cols x rows), so the product reads the operand in its other storage
// order. Each work-item copies one row of PACK_COLS columns (a PACK_COLS-square block when
// transposing): its loads are all in flight before the first store. Built with GEMMCL_PACK_TF32, the
// copy of a float operand holds each element rounded to TF32 (tf32.hpp), so that the tensor cores,
// which drop the low 13 bits, compute with rounded inputs. Built only for calls that pack.

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
  t.line("const int j0 = get_global_id(1) * PACK_COLS;");
  t.open("if (transpose)");
  t.line("// A block of PACK_COLS x PACK_COLS per work-item: whole runs are read down the source's columns");
  t.line("// and written along the copy's, so neither side is read or written one element per line.");
  t.line("const int i0 = get_global_id(0) * PACK_COLS;");
  t.line("if (i0 >= rows) return;");
  t.line("real v[PACK_COLS][PACK_COLS];");
  t.open("if (i0 + PACK_COLS <= rows && j0 + PACK_COLS <= cols)");
  t.line("// Whole vectors where the runs are aligned: each store is one line segment of the copy (dst_ld and");
  t.line("// j0 are multiples of PACK_COLS), each load one of the source where it starts on a multiple.");
  t.line("const ulong first = src_offset + (ulong)j0 * src_ld + i0;");
  t.open("if ((first % PACK_COLS) == 0 && (src_ld % PACK_COLS) == 0)");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  vstore8(*(const __global real8*)(src + first + (ulong)c * src_ld), 0, &v[c][0]);");
  t.reopen("else");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  for (int r = 0; r < PACK_COLS; ++r) v[c][r] = src[first + (ulong)c * src_ld + r];");
  t.close();
  t.line("#pragma unroll");
  t.line("for (int r = 0; r < PACK_COLS; ++r)");
  t.line("  *(__global real8*)(dst + (ulong)(i0 + r) * dst_ld + j0) =");
  t.line("      (real8)(pack_out(v[0][r]), pack_out(v[1][r]), pack_out(v[2][r]), pack_out(v[3][r]), pack_out(v[4][r]),");
  t.line("              pack_out(v[5][r]), pack_out(v[6][r]), pack_out(v[7][r]));");
  t.reopen("else");
  t.line("for (int c = 0; c < PACK_COLS && j0 + c < cols; ++c)");
  t.line("  for (int r = 0; r < PACK_COLS && i0 + r < rows; ++r)");
  t.line("    dst[(ulong)(i0 + r) * dst_ld + j0 + c] = pack_out(src[src_offset + (ulong)(j0 + c) * src_ld + i0 + r]);");
  t.close();
  t.line("return;");
  t.close();
  t.line("const int i = get_global_id(0);");
  t.line("if (i >= rows) return;");
  t.line("real v[PACK_COLS];");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  if (j0 + c < cols) v[c] = src[src_offset + (ulong)(j0 + c) * src_ld + i];");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  if (j0 + c < cols) dst[(ulong)(j0 + c) * dst_ld + i] = pack_out(v[c]);");
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
