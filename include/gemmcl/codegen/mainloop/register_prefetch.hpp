#pragma once
// The double-buffered main loop with RegisterPrefetch<true> (validated: both operands staged, whole K step
// unrolled, K even). Two register sets: K step kk multiplies set kk & 1
// while the next step's operands are read into the other; TILE_K is even, so the last step's set is 1
// and the next tile's first step can be read into set 0 before the last FMAs.

#include "mainloop.hpp"
#include "staged.hpp"
#include "../buffers.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::mainloop {

struct RegisterPrefetch {
  static constexpr std::string_view name = "prefetch, registers one K step ahead";
  static constexpr bool selects(const policy::Config& c) {
    return c.local_a && c.local_b && c.prefetch && c.register_prefetch && c.stages == 0;
  }

  template <class Sink>
  static constexpr void emit(util::text<Sink>& t, const policy::Config& c) {
    emit_staged_setup(t, c);
    t.line("realv av[2][VECS_M];");
    t.line("real bv[2][WPT_N];");
    detail::emit_first_tile(t, c);
    t.open("if (tiles > 0)");
    detail::emit_fragment(t, c, "a_tile", "b_tile", "0", "0");
    t.close();
    detail::emit_buffer_setup(t, c);
    t.open("for (int t = 0; t < tiles; ++t)");
    t.line("const int kb = (t + 1) * TILE_K;  // the step being prefetched");
    t.line("const bool more = t + 1 < tiles;");
    detail::emit_registers(t, c);
    detail::emit_prefetch(t, c);
    t.line("#pragma unroll");
    t.open({"for (int kk = 0; kk < ", detail::k_steps(c), " - 1; ++kk)"});
    detail::emit_fragment(t, c, "a_cur", "b_cur", "kk + 1", "(kk + 1) & 1");
    detail::emit_fma_loops(t, "kk & 1");
    t.close();
    t.line("// The last K step: store the prefetched tile, wait for every work-item's, read its first");
    t.line("// step into set 0, then multiply set 1.");
    t.open("if (more)");
    detail::emit_stashes(t, c, "a_nxt", "b_nxt");
    t.close();
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    t.open("if (more)");
    detail::emit_fragment(t, c, "a_nxt", "b_nxt", "0", "0");
    t.close();
    detail::emit_fma_loops(t, "1");
    detail::emit_buffer_swap(t, c);
    t.close();
  }
};

}  // namespace gemmcl::codegen::mainloop

GEMMCL_COLD_END
