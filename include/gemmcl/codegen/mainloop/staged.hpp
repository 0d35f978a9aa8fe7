#pragma once
// The staged main loop: the staged operands' tiles of each K step go global -> registers -> local
// memory, a barrier, the multiply, and a barrier before the next step overwrites them (tutorial kernel 2).

#include "mainloop.hpp"
#include "../fetch.hpp"
#include "../multiply.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::mainloop {

// The staged loops' common start: where each work-item's share of the staged tiles lies, and the
// number of K steps.
template <class Sink>
constexpr void emit_staged_setup(util::text<Sink>& t, const policy::Config& c) {
  if (c.local_a) detail::emit_fetch_setup(t, detail::operand_a, detail::redirects_past_edge(c));
  if (c.local_b) detail::emit_fetch_setup(t, detail::operand_b, detail::redirects_past_edge(c));
  t.line("const int tiles = (k + TILE_K - 1) / TILE_K;");
}

struct Staged {
  static constexpr std::string_view name = "staged";
  static constexpr bool selects(const policy::Config& c) {
    return (c.local_a || c.local_b) && !c.prefetch && c.stages == 0;
  }

  template <class Sink>
  static constexpr void emit(util::text<Sink>& t, const policy::Config& c) {
    emit_staged_setup(t, c);
    t.open("for (int t = 0; t < tiles; ++t)");
    t.line("const int k0 = t * TILE_K;");
    t.line("const int kb = k0;");
    detail::emit_registers(t, c);
    detail::emit_fetches(t, c);
    detail::emit_stashes(t, c, "a_tile", "b_tile");
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    detail::emit_step(t, c, "a_tile", "b_tile");
    t.line("barrier(CLK_LOCAL_MEM_FENCE);  // the tile is overwritten in the next step");
    t.close();
  }
};

}  // namespace gemmcl::codegen::mainloop

GEMMCL_COLD_END
