#pragma once
// Gemm<>'s remembered picks, per table (built-in or from a tuning file).

#include <cstddef>
#include <map>
#include <mutex>

#include "../core/device.hpp"
#include "../core/problem.hpp"
#include "../policy/config.hpp"
#include "choose.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch::detail {

// Gemm<>'s choice depends only on the shape, the transposes, the device and the caller's rules, and
// scoring every entry costs about a microsecond of host time per call for the NVIDIA float table. So
// each table keeps the choices it made: a program repeating a shape scores it once. Bounded: past
// kRememberedPicks shapes it starts again.
inline constexpr std::size_t kRememberedPicks = 1024;

// One table's remembered picks. The memo and the choice are one template for all tables (Unused is
// never given: it keeps them out of compiles that use no table): a table adds only its candidates.
struct PickMemo {
  struct Key {
    cl_device_id device;
    std::size_t m, n, k;
    bool trans_a, trans_b;
    int split_k;
    Reduction reduction;
    Packing pack;
    auto operator<=>(const Key&) const = default;
  };
  std::mutex mutex;
  std::map<Key, Pick> picks;  // declared here, instantiated only where a table is used
};

template <class Unused = void>
Pick remembered_pick(PickMemo& memo, const Candidate* entries, std::size_t count, const core::Problem& p,
                            const core::DeviceInfo& d, const policy::Rules& r, std::size_t element_bytes) {
  const PickMemo::Key key{d.id, p.m, p.n, p.k, p.trans_a, p.trans_b, r.split_k, r.reduction, r.pack};
  std::lock_guard<std::mutex> lock(memo.mutex);
  if (const auto it = memo.picks.find(key); it != memo.picks.end()) return it->second;
  if (memo.picks.size() >= kRememberedPicks) memo.picks.clear();
  return memo.picks.emplace(key, pick_entry(p, entries, count, d, r, element_bytes)).first->second;
}

}  // namespace gemmcl::dispatch::detail
GEMMCL_COLD_END
