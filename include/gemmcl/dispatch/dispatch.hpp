#pragma once
// Dispatch: which kernel runs a call, and how. The one entry point, plan(), takes a resolved
// configuration (policy::resolve<P...>), the problem and the device:
//   - a configuration the user fixed runs as it is, with the user's rules;
//   - Gemm<> (resolve<...>::automatic) picks from the first built-in table of its element type that
//     serves the device (tables/all.hpp), by the cost model and rules of choose.hpp, remembering its
//     picks; an element type without a table runs the portable configuration.
// The runtime (runtime/launch.hpp) carries the plan out; nothing here touches OpenCL.

#include <array>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

#include "../codegen/source.hpp"
#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "choose.hpp"
#include "split.hpp"
#include "table.hpp"
#include "tables/all.hpp"
#include "memo.hpp"
#include "tuned.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch {

struct Plan {
  const codegen::Kernel* kernel = nullptr;
  policy::Rules rules;
  int resident = 1;   // work-groups of the kernel that share a compute unit (tables know it)
  int split_k = 0;    // the split rule for this call, as SplitK<S>'s S
  std::size_t main_cols = 0;  // last wave: C's first main_cols columns with K whole, the rest
  int last_parts = 1;         // in last_parts parts (1: no last-wave split)
  // The portable generic kernel of the same element type, which runs where the kernel fails its
  // first-use check (runtime/self_check.hpp).
  const codegen::Kernel* fallback = nullptr;
};

// A table's entries as candidates for a problem (their speeds depend on its transposes).
template <class... E>
std::array<Candidate, sizeof...(E)> candidates_of(std::tuple<E...>*, const core::Problem& p) {
  return {Candidate{&codegen::kernel_of<typename E::target, E>, E::speed.of(p.trans_a, p.trans_b), E::resident,
                    target::Target<typename E::target>::device_fence}...};
}
template <class Table>
auto candidates(const core::Problem& p) {
  return candidates_of(static_cast<typename Table::entries*>(nullptr), p);
}

namespace detail {

// The plan of a pick among candidates: its kernel and split, and where the entry keeps K whole and its
// last wave of work-groups would be partly empty, K split for the columns of C left over after the whole
// waves (split.hpp, plan_last_wave).
template <class Unused = void>
Plan plan_of(const Pick& pick, const Candidate* entries, bool last_wave, const core::Problem& p,
             const core::DeviceInfo& d, const policy::Rules& r, std::size_t element_bytes, bool alpha_nonzero) {
  const Candidate& e = entries[pick.entry];
  Plan plan{e.kernel, r, e.resident, pick.choice.split_k};
  if (last_wave && alpha_nonzero) {
    const LastWavePlan last =
        last_wave_plan(p, e.config(), r, e.resident, d, pick.choice.split_k, element_bytes);
    if (last.parts > 1) {
      plan.main_cols = last.main_cols * std::size_t(e.config().tile_n);
      plan.last_parts = last.parts;
    }
  }
  return plan;
}

template <class Unused = void>
Plan plan_from(PickMemo& memo, const Candidate* entries, std::size_t count, bool last_wave,
                      const core::Problem& p, const core::DeviceInfo& d, const policy::Rules& r,
                      std::size_t element_bytes, bool alpha_nonzero) {
  const Pick pick = remembered_pick(memo, entries, count, p, d, r, element_bytes);
  return plan_of(pick, entries, last_wave, p, d, r, element_bytes, alpha_nonzero);
}

// A plan from a tuning file's table: the shape rule near the problem where the caller leaves the split
// to Gemm<>, else the cost model over the file's entries with their measured speeds. Nothing where the
// rule, or the file for products near no rule, sends the problem to the built-in table.
template <class Unused = void>
std::optional<Plan> from_tuned(TunedTable& t, const core::Problem& p, const core::DeviceInfo& d, const policy::Rules& r,
                std::size_t element_bytes, bool alpha_nonzero) {
  t.plans.fetch_add(1, std::memory_order_relaxed);
  const std::vector<Candidate>& entries = t.candidates[(p.trans_a ? 2 : 0) + (p.trans_b ? 1 : 0)];
  Pick pick;
  bool ruled = false;
  if (const tuning::Shape* s = r.split_automatic() ? t.rule_for(p) : nullptr; s != nullptr) {
    if (s->entry == tuning::kBuiltin) return std::nullopt;
    pick = {s->entry, {0, s->split}};
    ruled = true;
  } else if (t.elsewhere_builtin) {
    return std::nullopt;
  } else {
    pick = remembered_pick(t.memo, entries.data(), entries.size(), p, d, r, element_bytes);
  }
  // A rule's split was measured: no last-wave split on top of it.
  return plan_of(pick, entries.data(), t.last_wave && !ruled, p, d, r, element_bytes, alpha_nonzero);
}

template <class Table>
Plan from_table(const core::Problem& p, const core::DeviceInfo& d, const policy::Rules& r,
                std::size_t element_bytes, bool alpha_nonzero) {
  static PickMemo memo;
  const auto entries = candidates<Table>(p);
  return plan_from(memo, entries.data(), entries.size(), Table::last_wave, p, d, r, element_bytes, alpha_nonzero);
}

}  // namespace detail

// The built-in table for an element type on a device: the index of the first registered table that has
// entries for it and serves the device, calling f(Table{}) for it; false if none.
template <class T, class F>
bool with_table(const core::DeviceInfo& d, F&& f) {
  return util::any_of(tables::registered<T>{}, [&](auto table) {
    using Table = decltype(table);
    if constexpr (requires { typename Table::entries; }) {
      if (!Table::serves(d)) return false;
      f(table);
      return true;
    } else {
      return false;
    }
  });
}

// The entry point. alpha_nonzero: whether the call multiplies at all (alpha != 0). tuned: the device's
// tuning file's table for the element type, if it has one (runtime/tuning.hpp); Gemm<> then chooses
// from it instead of the built-in table.
template <class Resolved>
Plan plan(const core::Problem& p, const core::DeviceInfo& d, bool alpha_nonzero, TunedTable* tuned = nullptr) {
  using T = typename Resolved::kernel_element_type;
  constexpr policy::Rules rules = Resolved::rules;
  using portable = policy::resolve<Element<T>>;
  const codegen::Kernel* fallback = &codegen::kernel_of<gemmcl::vendor::Generic, portable>;
  Plan chosen{&codegen::kernel_of<typename Resolved::vendor, Resolved>, rules, 1, rules.split_k};
  if constexpr (Resolved::automatic) {
    if (tuned != nullptr)
      if (const std::optional<Plan> from_file = detail::from_tuned(*tuned, p, d, rules, sizeof(T), alpha_nonzero)) {
        chosen = *from_file;
        chosen.fallback = fallback;
        return chosen;
      }
    with_table<T>(d, [&](auto table) {
      chosen = detail::from_table<decltype(table)>(p, d, rules, sizeof(T), alpha_nonzero);
    });
  }
  chosen.fallback = fallback;
  return chosen;
}

}  // namespace gemmcl::dispatch
GEMMCL_COLD_END
