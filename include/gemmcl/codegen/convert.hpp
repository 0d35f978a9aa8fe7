#pragma once
// Conversions of storage types (half, bfloat16) for the generic path: widen copies a rows x cols
// column-major block of stored elements into a compact block of the type products are computed in,
// narrow rounds such a block back into the caller's matrix (nearest, ties to even). One element per
// work-item; built only for calls with a storage type.

#include <string_view>

#include "../element/element.hpp"
#include "../util/text.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

inline constexpr std::string_view widen_kernel_name = "gemmcl_widen";
inline constexpr std::string_view narrow_kernel_name = "gemmcl_narrow";

namespace detail {

// Batched conversions (GEMMCL_BATCHED, as in the product): work-items (., ., b) convert product b, whose
// caller-side matrix lies `stride` elements further per product (1) or at offsets[3b + which] (2), and
// whose compact copy lies `copy_stride` further.
template <class Sink>
constexpr void emit_convert_batch_arguments(util::text<Sink>& t, std::string_view caller) {
  t.raw("#if GEMMCL_BATCHED\n");
  t.line({"                           const ulong ", caller, "_stride, const __global ulong* restrict offsets,"});
  t.line("                           const int which, const ulong copy_stride,");
  t.raw("#endif\n");
}
template <class Sink>
constexpr void emit_convert_batch_offsets(util::text<Sink>& t, std::string_view caller, std::string_view copy) {
  t.raw("#if GEMMCL_BATCHED\n");
  t.line("const ulong batch = get_global_id(2);");
  t.raw("#if GEMMCL_BATCHED == 2\n");
  t.line({caller, " += offsets[3 * batch + which];"});
  t.raw("#else\n");
  t.line({caller, " += batch * ", caller, "_stride;"});
  t.raw("#endif\n");
  t.line({copy, " += batch * copy_stride;"});
  t.raw("#endif\n");
}

template <class Sink>
constexpr void emit_convert_header(util::text<Sink>& t, const element::Info& e, std::string_view what) {
  t.line({"// gemmcl: ", what, " (", e.name, " stored as ", e.storage, ", computed as ", e.compute->name, ")"});
  t.raw(e.convert);
  t.line({"typedef ", e.storage, " stored;"});
  t.line({"typedef ", e.compute->name, " real;"});
  t.line();
}

}  // namespace detail

// dst (rows x cols, leading dimension dst_ld) := src, widened.
template <class Sink>
constexpr void write_widen(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  detail::emit_convert_header(t, e, "widening copy");
  t.line({"__kernel void ", widen_kernel_name, "(const int rows, const int cols, const __global stored* restrict src,"});
  t.line("                           const ulong src_offset, const int src_ld, __global real* restrict dst,");
  detail::emit_convert_batch_arguments(t, "src");
  t.line("                           const int dst_ld)");
  t.open();
  t.line("const int i = get_global_id(0);");
  t.line("const int j = get_global_id(1);");
  t.line("if (i >= rows || j >= cols) return;");
  detail::emit_convert_batch_offsets(t, "src", "dst");
  t.line("dst[(ulong)j * dst_ld + i] = LOAD_NARROW(src + src_offset + (ulong)j * src_ld + i);");
  t.close();
}

// dst (rows x cols at dst_offset, leading dimension dst_ld) := src rounded to the storage type. Only
// the block's elements are written; the gaps between its columns keep theirs.
template <class Sink>
constexpr void write_narrow(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  detail::emit_convert_header(t, e, "narrowing copy");
  t.line({"__kernel void ", narrow_kernel_name, "(const int rows, const int cols, const __global real* restrict src,"});
  t.line("                            const int src_ld, __global stored* restrict dst, const ulong dst_offset,");
  detail::emit_convert_batch_arguments(t, "dst");
  t.line("                            const int dst_ld)");
  t.open();
  t.line("const int i = get_global_id(0);");
  t.line("const int j = get_global_id(1);");
  t.line("if (i >= rows || j >= cols) return;");
  detail::emit_convert_batch_offsets(t, "dst", "src");
  t.line("STORE_NARROW(src[(ulong)j * src_ld + i], dst + dst_offset + (ulong)j * dst_ld + i);");
  t.close();
}

}  // namespace gemmcl::codegen

GEMMCL_COLD_END
