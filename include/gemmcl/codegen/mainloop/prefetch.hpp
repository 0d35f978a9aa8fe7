#pragma once
// The double-buffered main loop (Prefetch<true>, tutorial kernel 9): step t multiplies buffer t & 1
// while step t + 1's tile travels from global memory into registers; it is stored into the other
// buffer afterwards, so one barrier per step suffices.

#include "mainloop.hpp"
#include "staged.hpp"
#include "../buffers.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::mainloop {

struct Prefetch {
  static constexpr std::string_view name = "prefetch";
  static constexpr bool selects(const policy::Config& c) {
    return (c.local_a || c.local_b) && c.prefetch && !c.register_prefetch && c.stages == 0;
  }

  template <class Sink>
  static constexpr void emit(util::text<Sink>& t, const policy::Config& c) {
    emit_staged_setup(t, c);
    detail::emit_first_tile(t, c);
    detail::emit_buffer_setup(t, c);
    t.open("for (int t = 0; t < tiles; ++t)");
    t.line("const int k0 = t * TILE_K;");
    t.line("const int kb = k0 + TILE_K;  // the step being prefetched");
    t.line("const bool more = t + 1 < tiles;");
    detail::emit_registers(t, c);
    detail::emit_prefetch(t, c);
    detail::emit_step(t, c, c.local_a ? "a_cur" : "", c.local_b ? "b_cur" : "");
    t.open("if (more)");
    detail::emit_stashes(t, c, "a_nxt", "b_nxt");
    t.close();
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    detail::emit_buffer_swap(t, c);
    t.close();
  }
};

}  // namespace gemmcl::codegen::mainloop

GEMMCL_COLD_END
