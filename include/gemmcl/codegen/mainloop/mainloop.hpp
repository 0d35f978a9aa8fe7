#pragma once
// Main loops. A main loop is the kernel's walk over K: how operand tiles reach the work-items and how
// each K step is multiplied into the register tile acc. Each is a struct in its own file here:
//
//   static constexpr std::string_view name;
//   static constexpr bool selects(const policy::Config&);   // whether it runs this configuration
//   template <class Sink>
//   static constexpr void emit(util::text<Sink>&, const policy::Config&);
//       // writes the loop. It may use everything the prologue declared (m, n, k, tx, ty, tid, m0, n0,
//       // full_m, full_n, a, b with their offsets applied, the local tiles a_tile and b_tile, acc) and
//       // the target's helpers (LOAD_GLOBAL, VLOAD_GLOBAL, COPY_*); it leaves the product in acc.
//
// all.hpp registers them: a configuration runs the first main loop whose selects() holds, trying the
// target's own (Target<Tag>::main_loops) before the generic ones.

#include <string_view>

#include "../common.hpp"
