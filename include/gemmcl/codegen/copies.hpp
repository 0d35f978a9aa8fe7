#pragma once
// Operand access through copies (Pipeline<S>): each work-item's share of an operand tile, global ->
// local memory with the target's COPY_* helpers.

#include <string_view>

#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

// Pipeline<S>: where this work-item's first copy unit of an operand tile lies, in local memory (o_first,
// the same in every buffer) and in global memory (o_next, advanced by one K step per issued tile).
template <class Sink>
constexpr void emit_copy_setup(util::text<Sink>& t, const operand& o) {
  const std::string_view p = o.ptr, x = o.label;
  t.line({"// ", x, " tile copies: ", x, "_UNITS units per work-item and K step."});
  t.line({"const int ", p, "_line0 = tid / ", x, "_Q, ", p, "_pos0 = tid % ", x, "_Q;"});
  if_x_contiguous(t, o);
  t.line({"const int ", p, "_first = ", p, "_line0 * ", o.stride, " + ", p, "_pos0 * VW;"});
  t.line({"const __global real* ", p, "_next = ", p, " + (long)", p, "_line0 * ", o.ld, " + (", o.x0,
         " + ", p, "_pos0 * VW);"});
  t.line({"const long ", p, "_step = (long)TILE_K * ", o.k_stride, ";"});
  if (!o.pipeline_redirect_if.empty()) {
    t.raw({"#if THREADS % ", x, "_Q == 0 && !", x, "_PACKED && ", o.pipeline_redirect_if, "\n"});
    t.line({"// On an edge of ", o.extent, ": a vector wholly past it reads its line's first vector instead (those"});
    t.line("// values reach only parts of C that are never stored), so this work-item keeps the unchecked");
    t.line("// copies; one that straddles the edge takes the checked ones.");
    t.line({"const bool ", p, "_past = ", o.x0, " + ", p, "_pos0 * VW >= ", o.extent, ";"});
    t.line({"const bool ", p, "_edge_ok = ", o.x0, " + (", p, "_pos0 + 1) * VW <= ", o.extent, " || (", p,
           "_past && ", o.x0, " + VW <= ", o.extent, ");"});
    t.line({"if (", p, "_past) ", p, "_next -= ", p, "_pos0 * VW;"});
    t.raw("#else\n");
    t.line({"const bool ", p, "_edge_ok = false;"});
    t.raw("#endif\n");
  } else {
    t.line({"const bool ", p, "_edge_ok = false;"});
  }
  t.raw("#else\n");
  t.line({"const int ", p, "_first = ", p, "_pos0 * ", o.stride, " + ", p, "_line0;"});
  t.line({"const __global real* ", p, "_next = ", p, " + (long)(", o.x0, " + ", p, "_line0) * ", o.ld,
         " + ", p, "_pos0;"});
  t.line({"const long ", p, "_step = TILE_K;"});
  t.line({"const bool ", p, "_edge_ok = false;"});
  t.raw("#endif\n");
}

// Pipeline<S>: this work-item's copies of the operand tile at K step kb into local buffer `wbuf`.
// Inside the matrices whole vectors (where aligned) or elements. At an edge, aligned vectors are copied
// as far as they lie inside the matrix and zero-filled after (one copy each), other copies are checked
// and zero-filled element by element, so the multiply needs no checks.
// `whole` = the caller knows the step lies inside the matrices (or that vectors wholly past an edge were
// redirected inside: emit_copy_setup), so only the unchecked copies are written.
template <class Sink>
constexpr void emit_copy_issue(util::text<Sink>& t, const operand& o, bool whole) {
  const std::string_view p = o.ptr, x = o.label;
  t.line({"// ", x, " tile, global -> local buffer wbuf."});
  t.open();
  t.line({"__local real* d = ", o.local, " + wbuf * (TILE_K * ", o.stride, ") + ", p, "_first;"});
  t.line({"const __global real* s = ", p, "_next;"});
  t.line({p, "_next += ", p, "_step;"});
  if (!whole) t.open({"if (PACKED_WHOLE || (", o.full_x, " && kb + TILE_K <= k))"});
  if_x_contiguous(t, o);
  t.line("#pragma unroll");
  t.open({"for (int l = 0; l < ", x, "_UNITS; ++l)"});
  t.line({"const int dl = ", x, "_DLINE(l) * ", o.stride, " + ", x, "_DPOS(l) * VW;"});
  t.line({"const long sl = (long)", x, "_DLINE(l) * ", o.ld, " + ", x, "_DPOS(l) * VW;"});
  t.raw("#if GEMMCL_ALIGNED\n");
  t.line("COPY_VEC(d + dl, s + sl);");
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.line("for (int e = 0; e < VW; ++e) COPY_ONE(d + dl + e, s + sl + e);");
  t.raw("#endif\n");
  t.close();
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.line({"for (int l = 0; l < ", x, "_UNITS; ++l) COPY_ONE(d + ", x, "_DPOS(l) * ", o.stride, " + ", x,
         "_DLINE(l), s + (long)", x, "_DLINE(l) * ", o.ld, " + ", x, "_DPOS(l));"});
  t.raw("#endif\n");
  if (whole) {
    t.close();
    return;
  }
  t.reopen("else");
  if_x_contiguous(t, o);
  t.line("#pragma unroll");
  t.open({"for (int l = 0; l < ", x, "_UNITS; ++l)"});
  t.line({"const int pos = (", p, "_pos0 + ", x, "_DPOS(l)) * VW;"});
  t.line({"const int dl = ", x, "_DLINE(l) * ", o.stride, " + ", x, "_DPOS(l) * VW;"});
  t.line({"const long sl = (long)", x, "_DLINE(l) * ", o.ld, " + ", x, "_DPOS(l) * VW;"});
  t.line({"const bool line_in = kb + ", p, "_line0 + ", x, "_DLINE(l) < k;"});
  t.raw("#if GEMMCL_ALIGNED\n");
  t.line("// One copy per vector, of the elements inside the matrix (none past a line beyond K).");
  t.line({"const int inside = line_in ? clamp(", o.extent, " - (", o.x0, " + pos), 0, VW) : 0;"});
  t.line({"COPY_VEC_ZFILL(d + dl, s + sl, inside, ", p, ");"});
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.line({"for (int e = 0; e < VW; ++e) COPY_ZFILL(d + dl + e, s + sl + e, line_in && ", o.x0,
         " + pos + e < ", o.extent, ", ", p, ");"});
  t.raw("#endif\n");
  t.close();
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.open({"for (int l = 0; l < ", x, "_UNITS; ++l)"});
  t.line({"const bool in = ", o.x0, " + ", p, "_line0 + ", x, "_DLINE(l) < ", o.extent, " && kb + ", p,
         "_pos0 + ", x, "_DPOS(l) < k;"});
  t.line({"COPY_ZFILL(d + ", x, "_DPOS(l) * ", o.stride, " + ", x, "_DLINE(l), s + (long)", x,
         "_DLINE(l) * ", o.ld, " + ", x, "_DPOS(l), in, ", p, ");"});
  t.close();
  t.raw("#endif\n");
  t.close();
  t.close();
}

// Issues the copies of the K step at kb (none past the end, but the group is committed all the same,
// so that every work-item counts the same groups) and moves wbuf on. Steps inside the matrices for
// both operands (kb + TILE_K <= k_whole, every step but the last of an interior work-group) take the
// unchecked copies after one comparison, as in emit_prefetch.
template <class Sink>
constexpr void emit_copy_step(util::text<Sink>& t, std::string_view kb) {
  t.open();
  t.line({"const int kb = ", kb, ";"});
  t.open("if (kb + TILE_K <= k_whole)");
  emit_copy_issue(t, operand_a, true);
  emit_copy_issue(t, operand_b, true);
  t.reopen("else if (kb < k)");
  emit_copy_issue(t, operand_a, false);
  emit_copy_issue(t, operand_b, false);
  t.close();
  t.line("COPY_COMMIT();");
  t.line("wbuf = wbuf + 1 == STAGES ? 0 : wbuf + 1;");
  t.close();
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
