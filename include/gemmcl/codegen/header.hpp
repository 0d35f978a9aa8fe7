#pragma once
// The kernel's header comment: what it computes and its whole configuration.

#include <string_view>

#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

template <class Sink>
constexpr void emit_header(util::text<Sink>& t, const Config& c, std::string_view vendor) {
  t.line("// gemmcl generated kernel");
  t.line("//   C := alpha * op(A) * op(B) + beta * C on column-major matrices; row-major calls are mapped");
  t.line("//   onto this by the host. op() is fixed when the program is built: GEMMCL_TRANS_A and");
  t.line("//   GEMMCL_TRANS_B are 0 (as stored) or 1 (transposed).");
  t.line("//");
  t.line("// configuration");
  t.line({"//   element          ", c.element.name});
  t.line({"//   tile M x N x K   ", c.tile_m, " x ", c.tile_n, " x ", c.tile_k});
  t.line({"//   vector width     ", c.vec});
  if (c.slices == 1)
    t.line({"//   work per thread  ", c.wpt_m, " x ", c.wpt_n, ", work-group ", c.threads_m(), " x ",
           c.threads_n(), " = ", c.threads(), " work-items"});
  else
    t.line({"//   work per thread  ", c.wpt_m, " x ", c.wpt_n, ", work-group ", c.slices, " slices of ",
           c.threads_m(), " x ", c.threads_n(), " = ", c.threads(), " work-items"});
  t.raw("//   local memory     ");
  if (!c.local_a && !c.local_b) {
    t.raw("none (no barriers)\n");
  } else {
    t.raw({c.local_a && c.local_b ? "A and B" : c.local_a ? "A" : "B", ", padding ", c.padding,
          ", ", static_cast<long long>(c.local_bytes()), " bytes\n"});
  }
  if (c.stages > 0)
    t.line({"//   prefetch         pipeline of ", c.stages, " local buffers filled by copies, ", c.stages - 1,
           " K steps in flight", c.register_prefetch ? "; registers read one K step ahead" : ""});
  else
    t.line({"//   prefetch         ", c.prefetch ? "double-buffered local tiles" : "off",
           c.register_prefetch ? "; registers read one K step ahead" : ""});
  t.line({"//   unroll           ", c.unroll_factor(), " of ", c.tile_k, " K steps"});
  if (c.slices > 1)
    t.line({"//   sliced K         ", c.slices, " slices of ", c.tile_k / c.slices,
           " K steps each, added through local memory in ", c.slice_rounds(), " round(s)"});
  if (c.warp_lanes_m != 0)
    t.line({"//   warp layout      ", c.warp_lanes_m, " x ", 32 / c.warp_lanes_m, " work-items per group of 32"});
  t.line({"//   vendor           ", vendor});
  t.line();
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
