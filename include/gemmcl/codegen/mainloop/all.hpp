#pragma once
// The generic main loops, in the one list that registers them: a configuration runs the first whose
// selects() holds, after the target's own (Target<Tag>::main_loops, if it has any).

#include "direct.hpp"
#include "pipeline.hpp"
#include "prefetch.hpp"
#include "register_prefetch.hpp"
#include "staged.hpp"
#include "subgroup.hpp"
#include "../../target/target.hpp"
#include "../../util/meta.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::mainloop {

using generic = util::type_list<Subgroup, Pipeline, Direct, Staged, RegisterPrefetch, Prefetch>;

// A target's own main loops, if it has any.
template <class Tag>
struct own {
  using type = util::type_list<>;
};
template <class Tag>
  requires requires { typename target::Target<Tag>::main_loops; }
struct own<Tag> {
  using type = typename target::Target<Tag>::main_loops;
};

template <class Tag>
using for_target = util::concat_t<typename own<Tag>::type, generic>;

namespace detail {
template <class Sink, class... L>
constexpr std::string_view emit_first(util::type_list<L...>, util::text<Sink>& t, const policy::Config& c) {
  std::string_view chosen;
  // The first loop whose selects() holds writes itself; the fold stops there.
  (void)((L::selects(c) ? (L::emit(t, c), chosen = L::name, true) : false) || ...);
  return chosen;
}
}  // namespace detail

// Writes the main loop a configuration selects; returns its name ("" if none selects it, which the
// policy rules make impossible for the generic loops).
template <class Tag, class Sink>
constexpr std::string_view emit(util::text<Sink>& t, const policy::Config& c) {
  return detail::emit_first(for_target<Tag>{}, t, c);
}

}  // namespace gemmcl::codegen::mainloop

GEMMCL_COLD_END
