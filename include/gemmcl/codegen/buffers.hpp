#pragma once
// Double-buffered local tiles (Prefetch<true>): the first tile before the loop, two buffers as
// pointers swapped after each step.

#include "common.hpp"
#include "fetch.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

// Double buffers as two pointers swapped after each step, so a step's local addresses are its
// buffer's base plus constants (indexing by t & 1 re-derived the base every step).
template <class Sink>
constexpr void emit_buffer_setup(util::text<Sink>& t, const Config& c) {
  if (c.local_a) {
    t.line("const __local real* a_cur = a_tile;");
    t.line("__local real* a_nxt = a_tile + TILE_K * STRIDE_A;");
  }
  if (c.local_b) {
    t.line("const __local real* b_cur = b_tile;");
    t.line("__local real* b_nxt = b_tile + TILE_K * STRIDE_B;");
  }
  const bool redirect = redirects_past_edge(c);
  t.line("// Steps before t_whole need no checks. An operand stored with K contiguous reads its last line");
  if (redirect) {
    t.line("// for lines past its extent (see its loads), so only the other kind needs a full tile of C,");
    t.line("// or no vector that straddles its edge (vectors wholly past it are redirected).");
  } else {
    t.line("// for lines past its extent (see its loads), so only the other kind needs a full tile of C.");
  }
  if_x_contiguous(t, operand_a);
  t.line(redirect && c.local_a ? "const bool whole_a = full_m || a_edge_ok;" : "const bool whole_a = full_m;");
  t.raw("#else\n");
  t.line("const bool whole_a = true;");
  t.raw("#endif\n");
  if_x_contiguous(t, operand_b);
  t.line(redirect && c.local_b ? "const bool whole_b = full_n || b_edge_ok;" : "const bool whole_b = full_n;");
  t.raw("#else\n");
  t.line("const bool whole_b = true;");
  t.raw("#endif\n");
  t.line("const int t_whole = whole_a && whole_b ? k / TILE_K - 1 : 0;");
}

template <class Sink>
constexpr void emit_buffer_swap(util::text<Sink>& t, const Config& c) {
  if (c.local_a) t.line("{ __local real* s = (__local real*)a_cur; a_cur = a_nxt; a_nxt = s; }");
  if (c.local_b) t.line("{ __local real* s = (__local real*)b_cur; b_cur = b_nxt; b_nxt = s; }");
}

// With prefetch: the first K tile goes into buffer 0 before the loop, which then fetches one ahead.
template <class Sink>
constexpr void emit_first_tile(util::text<Sink>& t, const Config& c) {
  t.open("if (tiles > 0)");
  t.line("const int kb = 0;");
  emit_registers(t, c);
  emit_fetches(t, c);
  emit_stashes(t, c, "a_tile", "b_tile");  // buffer 0
  t.close();
  t.line("barrier(CLK_LOCAL_MEM_FENCE);");
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
