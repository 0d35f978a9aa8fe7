#pragma once
// Operand access through registers: each work-item's share of an operand tile, global -> registers
// (with edge checks) -> local memory. Used by the staged main loops.

#include <string_view>

#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

// Where this work-item's vectors of an operand tile lie. Their places in the tile are the same in every
// K step, so the global addresses are computed once and advance by one step's stride after each fetch.
// Vectors run along whichever extent is contiguous in memory, so reads coalesce.
// Vectors wholly past an edge of C are redirected inside (below) only in sliced work-groups (SliceK),
// which run in one wave, where the edge groups' checked loads set the end of the call. Elsewhere the
// extra code cost NVIDIA's schedule of the loop about as much as it saved.
constexpr bool redirects_past_edge(const Config& c) { return c.slices > 1; }

template <class Sink>
constexpr void emit_fetch_setup(util::text<Sink>& t, const operand& o, bool redirect) {
  const std::string_view p = o.ptr;
  t.line({"// ", o.label, " tile loads: ", o.loads, " vectors of VW per work-item and K step."});
  t.line({"const __global real* ", p, "_src[", o.loads, "];"});
  t.line({"int ", p, "_x[", o.loads, "], ", p, "_k[", o.loads, "];"});
  if_x_contiguous(t, o);
  t.line({"// ", o.label, " is stored with its ", o.extent, " extent contiguous: vectors run along it."});
  t.line({"const long ", p, "_step = (long)TILE_K * ", o.k_stride, ";"});
  if (redirect) {
    t.line({"// On an edge of ", o.extent, ": a vector wholly past it reads its line's first vector instead (those"});
    t.line("// values reach only parts of C that are never stored). Where no vector straddles the edge,");
    t.line({"// which holds for the whole work-group when VW divides ", o.extent, ", the unchecked loads then serve."});
    t.line({"const bool ", p, "_edge_ok = !", o.label, "_PACKED && ", o.extent, " % VW == 0;"});
  }
  t.line("#pragma unroll");
  t.open({"for (int l = 0; l < ", o.loads, "; ++l)"});
  t.line("const int v = tid + l * THREADS;");
  t.line({p, "_x[l] = (v % (", o.tile, " / VW)) * VW;"});
  t.line({p, "_k[l] = v / (", o.tile, " / VW);"});
  t.line({p, "_src[l] = ", p, " + (long)", p, "_k[l] * ", o.ld, " + (", o.x0, " + ", p, "_x[l]);"});
  if (redirect)
    t.line({"if (", p, "_edge_ok && ", o.x0, " + ", p, "_x[l] >= ", o.extent, ") ", p, "_src[l] -= ", p, "_x[l];"});
  t.close();
  t.raw("#else\n");
  t.line({"// ", o.label, " is stored with its K extent contiguous: vectors run along K."});
  t.line({"const long ", p, "_step = TILE_K;"});
  t.line("#pragma unroll");
  t.open({"for (int l = 0; l < ", o.loads, "; ++l)"});
  t.line("const int v = tid + l * THREADS;");
  t.line({p, "_k[l] = (v % (TILE_K / VW)) * VW;"});
  t.line({p, "_x[l] = v / (TILE_K / VW);"});
  t.line("// A line past the matrix reads its last line instead: only rows or columns of C that are never");
  t.line("// stored use it, and the loads stay whole vectors (see t_whole).");
  t.line({p, "_src[l] = ", p, " + (long)min(", o.x0, " + ", p, "_x[l], ", o.extent, " - 1) * ", o.ld, " + ", p,
         "_k[l];"});
  t.close();
  t.raw("#endif\n");
}

// Global -> registers: this work-item's share of the K step starting at column kb of op(). Inside the
// matrices the loads are whole vectors; at an edge every element is checked and padded with zeros.
// `whole` = the caller knows the step lies inside the matrices, so only the vector loads are written.
template <class Sink>
constexpr void emit_fetch(util::text<Sink>& t, const operand& o, bool whole = false) {
  const std::string_view p = o.ptr;
  t.line({"// ", o.label, " tile, global -> registers."});
  if (whole) {
    t.line("#pragma unroll");
    t.open({"for (int l = 0; l < ", o.loads, "; ++l)"});
    t.line({"VSTORE(VLOAD_GLOBAL(", p, "_src[l]), &", o.regs, "[l * VW]);"});
    t.line({p, "_src[l] += ", p, "_step;"});
    t.close();
    return;
  }
  t.open();
  t.line({"const bool full = PACKED_WHOLE || (", o.full_x, " && kb + TILE_K <= k);"});
  t.line("#pragma unroll");
  t.open({"for (int l = 0; l < ", o.loads, "; ++l)"});
  t.line({"const __global real* p = ", p, "_src[l];"});
  t.line({p, "_src[l] += ", p, "_step;"});
  t.open("if (full)");
  t.line({"VSTORE(VLOAD_GLOBAL(p), &", o.regs, "[l * VW]);"});
  t.reopen("else");
  if_x_contiguous(t, o);
  t.line({"const bool k_in = kb + ", p, "_k[l] < k;"});
  t.line("#pragma unroll");
  t.line({"for (int e = 0; e < VW; ++e) ", o.regs, "[l * VW + e] = (k_in && ", o.x0, " + ", p,
         "_x[l] + e < ", o.extent, ") ? LOAD_GLOBAL(p + e) : (real)0;"});
  t.raw("#else\n");
  t.line({"const bool x_in = ", o.x0, " + ", p, "_x[l] < ", o.extent, ";"});
  t.line("#pragma unroll");
  t.line({"for (int e = 0; e < VW; ++e) ", o.regs, "[l * VW + e] = (x_in && kb + ", p,
         "_k[l] + e < k) ? LOAD_GLOBAL(p + e) : (real)0;"});
  t.raw("#endif\n");
  t.close();
  t.close();
  t.close();
}

// Registers -> local memory, into the K-major tile `dst`.
template <class Sink>
constexpr void emit_stash(util::text<Sink>& t, const operand& o, std::string_view dst) {
  const std::string_view p = o.ptr;
  t.line({"// ", o.label, " tile, registers -> local memory."});
  if_x_contiguous(t, o);
  t.line("#pragma unroll");
  t.line({"for (int l = 0; l < ", o.loads, "; ++l) VSTORE_LOCAL_", o.label, "(VLOAD(&", o.regs,
         "[l * VW]), &", dst, "[", p, "_k[l] * ", o.stride, " + ", p, "_x[l]]);"});
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.open({"for (int l = 0; l < ", o.loads, "; ++l)"});
  t.line("#pragma unroll");
  t.line({"for (int e = 0; e < VW; ++e) ", dst, "[(", p, "_k[l] + e) * ", o.stride, " + ", p,
         "_x[l]] = ", o.regs, "[l * VW + e];"});
  t.close();
  t.raw("#endif\n");
}

template <class Sink>
constexpr void emit_fetches(util::text<Sink>& t, const Config& c, bool whole = false) {
  if (c.local_a) emit_fetch(t, operand_a, whole);
  if (c.local_b) emit_fetch(t, operand_b, whole);
}

// Registers -> local memory for every staged operand, into the tiles a_dst and b_dst.
template <class Sink>
constexpr void emit_stashes(util::text<Sink>& t, const Config& c, std::string_view a_dst,
                            std::string_view b_dst) {
  if (c.local_a) emit_stash(t, operand_a, a_dst);
  if (c.local_b) emit_stash(t, operand_b, b_dst);
}

template <class Sink>
constexpr void emit_registers(util::text<Sink>& t, const Config& c) {
  if (c.local_a) t.line("real ra[LOADS_A * VW];");
  if (c.local_b) t.line("real rb[LOADS_B * VW];");
}

// The prefetch of the next K step in the double-buffered loops. Steps t < t_whole (set up by
// emit_buffer_setup) need no checks, which is every step but the last one or two of a work-group
// whose tile lies inside C or whose edge operands are stored with K contiguous: one comparison with
// the loop counter selects their unchecked loads, where testing each operand's extent and K range
// per step cost a chain of dependent comparisons and branches at the top of every step, on which the
// 128x256 kernel's warps stalled.
template <class Sink>
constexpr void emit_prefetch(util::text<Sink>& t, const Config& c) {
  t.open("if (t < t_whole)");
  emit_fetches(t, c, true);
  t.reopen("else if (more)");
  emit_fetches(t, c);
  t.close();
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
