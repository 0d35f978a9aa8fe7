#pragma once
// Template helpers used by the policy resolver and the vendor dispatch.

#include <cstddef>
#include <type_traits>

namespace gemmcl::util {

// For static_assert in a primary template that must never be instantiated.
template <class...>
inline constexpr bool dependent_false = false;

// Number of Ts for which Pred<T>::value holds.
template <template <class> class Pred, class... Ts>
inline constexpr std::size_t count_if = (std::size_t{0} + ... + (Pred<Ts>::value ? 1u : 0u));

// The first T for which Pred<T>::value holds, or Default.
template <template <class> class Pred, class Default, class... Ts>
struct find_if {
  using type = Default;
};
template <template <class> class Pred, class Default, class T, class... Ts>
struct find_if<Pred, Default, T, Ts...> {
  using type =
      std::conditional_t<Pred<T>::value, T, typename find_if<Pred, Default, Ts...>::type>;
};
template <template <class> class Pred, class Default, class... Ts>
using find_if_t = typename find_if<Pred, Default, Ts...>::type;

// A list of types, for registration lists (targets, main loops, tables).
template <class... Ts>
struct type_list {};

// Calls f(T{}) for each T of a type_list until one returns true; returns whether one did.
template <class... Ts, class F>
constexpr bool any_of(type_list<Ts...>, F&& f) {
  return (f(Ts{}) || ...);
}

// The concatenation of two type_lists.
template <class A, class B>
struct concat;
template <class... A, class... B>
struct concat<type_list<A...>, type_list<B...>> {
  using type = type_list<A..., B...>;
};
template <class A, class B>
using concat_t = typename concat<A, B>::type;

constexpr bool is_power_of_two(long long v) noexcept { return v > 0 && (v & (v - 1)) == 0; }

}  // namespace gemmcl::util
