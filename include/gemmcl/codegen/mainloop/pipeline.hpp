#pragma once
// Pipeline<S> (validated: both operands staged). Before the loop the first S - 1 K steps are issued.
// Step t waits for its own copies (COPY_WAIT leaves the newest S - 2 groups in flight) and for every
// work-item's (the barrier), which also means every work-item is done with step t - 1; its buffer
// then takes step t + S - 1. One barrier per K step. With RegisterPrefetch the wait and barrier for
// step t + 1 come before step t's last FMAs, so that step t + 1's first operands are read early.

#include "mainloop.hpp"
#include "../copies.hpp"
#include "../multiply.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::mainloop {

struct Pipeline {
  static constexpr std::string_view name = "pipeline";
  static constexpr bool selects(const policy::Config& c) { return c.stages > 0; }

  template <class Sink>
  static constexpr void emit(util::text<Sink>& t, const policy::Config& c) {
    t.line("const int tiles = (k + TILE_K - 1) / TILE_K;");
    detail::emit_copy_setup(t, detail::operand_a);
    detail::emit_copy_setup(t, detail::operand_b);
    t.line("const int k_whole = (full_m || a_edge_ok) && (full_n || b_edge_ok) ? k : 0;");
    t.line("int wbuf = 0;  // the buffer the next copies go to");
    t.line("int rbuf = 0;  // the buffer multiplied next");
    t.line("#pragma unroll");
    t.open("for (int st = 0; st < STAGES - 1; ++st)");
    detail::emit_copy_step(t, "st * TILE_K");
    t.close();
    if (!c.register_prefetch) {
      t.open("for (int t = 0; t < tiles; ++t)");
      t.line("COPY_WAIT();");
      t.line("barrier(CLK_LOCAL_MEM_FENCE);");
      detail::emit_copy_step(t, "(t + STAGES - 1) * TILE_K");
      t.line("const __local real* a_cur = a_tile + rbuf * (TILE_K * STRIDE_A);");
      t.line("const __local real* b_cur = b_tile + rbuf * (TILE_K * STRIDE_B);");
      t.line("rbuf = rbuf + 1 == STAGES ? 0 : rbuf + 1;");
      detail::emit_multiply(t, c, "a_cur", "b_cur", false);
      t.close();
      return;
    }
    t.line("realv av[2][VECS_M];");
    t.line("real bv[2][WPT_N];");
    t.line("COPY_WAIT();");
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    t.open("if (tiles > 0)");
    detail::emit_fragment(t, c, "a_tile", "b_tile", "0", "0");
    t.close();
    t.open("for (int t = 0; t < tiles; ++t)");
    detail::emit_copy_step(t, "(t + STAGES - 1) * TILE_K");
    t.line("const __local real* a_cur = a_tile + rbuf * (TILE_K * STRIDE_A);");
    t.line("const __local real* b_cur = b_tile + rbuf * (TILE_K * STRIDE_B);");
    t.line("rbuf = rbuf + 1 == STAGES ? 0 : rbuf + 1;");
    t.line("#pragma unroll");
    t.open({"for (int kk = 0; kk < ", detail::k_steps(c), " - 1; ++kk)"});
    detail::emit_fragment(t, c, "a_cur", "b_cur", "kk + 1", "(kk + 1) & 1");
    detail::emit_fma_loops(t, "kk & 1");
    t.close();
    t.line("// The last K step: wait for step t + 1, read its first operands into set 0, multiply set 1.");
    t.line("COPY_WAIT();");
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    t.open("if (t + 1 < tiles)");
    t.line("const __local real* a_next = a_tile + rbuf * (TILE_K * STRIDE_A);");
    t.line("const __local real* b_next = b_tile + rbuf * (TILE_K * STRIDE_B);");
    detail::emit_fragment(t, c, "a_next", "b_next", "0", "0");
    t.close();
    detail::emit_fma_loops(t, "1");
    t.close();
  }
};

}  // namespace gemmcl::codegen::mainloop

GEMMCL_COLD_END
