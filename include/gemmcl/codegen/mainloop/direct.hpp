#pragma once
// The direct main loop (LocalMemory<Operands::None>): every work-item reads its operands straight from
// global memory, with no local tiles and no barriers at all, which suits CPU devices.

#include "mainloop.hpp"
#include "../multiply.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::mainloop {

struct Direct {
  static constexpr std::string_view name = "direct";
  static constexpr bool selects(const policy::Config& c) { return !c.local_a && !c.local_b; }

  template <class Sink>
  static constexpr void emit(util::text<Sink>& t, const policy::Config& c) {
    t.line("const int tiles = (k + TILE_K - 1) / TILE_K;");
    t.open("for (int t = 0; t < tiles; ++t)");
    t.line("const int k0 = t * TILE_K;");
    detail::emit_step(t, c, "", "");
    t.close();
  }
};

}  // namespace gemmcl::codegen::mainloop

GEMMCL_COLD_END
