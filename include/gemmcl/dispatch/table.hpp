#pragma once
// Gemm<>'s built-in tables. A table is a struct for one element type and one kind of device:
//
//   static bool serves(const core::DeviceInfo&);   // the devices it is for
//   using entries = std::tuple<entry<...>...>;     // the configurations Gemm<> chooses from
//   static constexpr bool last_wave;               // whether the last-wave split applies there
//
// Each entry is a policy combination, so it passes the same static_asserts as a user's, plus two
// measured numbers:
//   speed     throughput on a large square problem, in percent of the table's reference (cuBLAS
//             SGEMM for the NVIDIA float table); one number, or one per pair of transposes (`speeds`);
//   resident  work-groups that fit on one compute unit at once (registers, local memory).
// For a problem, dispatch scores each entry by speed, the real fraction of the tile area covering C,
// how well its work-groups (after any split of K) occupy the device, and how long each work-group's K
// loop is, and runs the best (cost.hpp, choose.hpp). tables/all.hpp registers the tables.
//
// Entries are data: their kernel texts are written at run time, on first use, never by the user's
// compiler (codegen/source.hpp).

#include <tuple>

#include "../codegen/source.hpp"
#include "../policy/resolve.hpp"
#include "../policy/tags.hpp"

namespace gemmcl::dispatch {

// An entry's speed, per pair of transposes as the kernel sees them (after a row-major call is mapped
// onto column-major: row-major TN runs the kernel's NT). One number means the same for all four.
struct speeds {
  int nn, nt, tn, tt;
  constexpr speeds(int all) noexcept : nn(all), nt(all), tn(all), tt(all) {}
  constexpr speeds(int nn_, int nt_, int tn_, int tt_) noexcept : nn(nn_), nt(nt_), tn(tn_), tt(tt_) {}
  constexpr int of(bool trans_a, bool trans_b) const noexcept {
    return trans_a ? (trans_b ? tt : tn) : (trans_b ? nt : nn);
  }
};

template <speeds Speed, int Resident, class T, class... P>
struct entry : policy::resolve<Element<T>, P...> {
  static constexpr speeds speed = Speed;
  static constexpr int resident = Resident;
  using target = typename policy::resolve<Element<T>, P...>::vendor;
  // The same policies given to another template, e.g. apply<gemmcl::Gemm> for the explicit type (tests
  // check every entry on whatever device they run on, not only the one that table serves).
  template <template <class...> class G>
  using apply = G<Element<T>, P...>;
};

// The entries of several tables as one std::tuple, by pattern matching alone: nothing is
// instantiated, so a table built from another costs the user's compiler no more than one written out.
template <class... Tuples>
struct joined;
template <class... A>
struct joined<std::tuple<A...>> {
  using type = std::tuple<A...>;
};
template <class... A, class... B, class... Rest>
struct joined<std::tuple<A...>, std::tuple<B...>, Rest...> : joined<std::tuple<A..., B...>, Rest...> {};
template <class... Tuples>
using joined_t = typename joined<Tuples...>::type;

}  // namespace gemmcl::dispatch
