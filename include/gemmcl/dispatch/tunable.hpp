#pragma once
// The targets a tuning file may name, by a short key, and how a configuration read from a file becomes
// a kernel: its text is written at run time by the same builders as any other (codegen/source.hpp).
// The sub-group targets are not tunable yet: their configurations carry settings (sub-group size,
// block reads) that the tuner does not search.

#include <string_view>

#include "../codegen/source.hpp"
#include "../target/generic.hpp"
#include "../target/nvidia.hpp"
#include "../util/meta.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch {

template <class Tag>
struct tunable_key;
template <>
struct tunable_key<vendor::Generic> {
  static constexpr std::string_view value = "generic";
};
template <>
struct tunable_key<vendor::Nvidia<>> {
  static constexpr std::string_view value = "nvidia";
};

// One line registers a target: its tag here and its key above.
using tunable_targets = util::type_list<vendor::Nvidia<>, vendor::Generic>;

// Whether `key` names a tunable target; if so sets `info` to it.
template <class Unused = void>
bool tunable_target(std::string_view key, const target::Info*& info) {
  return util::any_of(tunable_targets{}, [&](auto tag) {
    using Tag = decltype(tag);
    if (tunable_key<Tag>::value != key) return false;
    info = &target::info_of<Tag>;
    return true;
  });
}

// The key of a target's Info, or "" where it is not tunable.
template <class Unused = void>
std::string_view tunable_key_of(const target::Info* info) {
  std::string_view key;
  util::any_of(tunable_targets{}, [&](auto tag) {
    using Tag = decltype(tag);
    if (&target::info_of<Tag> != info) return false;
    key = tunable_key<Tag>::value;
    return true;
  });
  return key;
}

// The kernel text of a configuration on a tunable target (the key must be one, see tunable_target).
template <class Unused = void>
codegen::Source tunable_source(std::string_view key, const policy::Config& c) {
  codegen::Source s;
  util::any_of(tunable_targets{}, [&](auto tag) {
    using Tag = decltype(tag);
    if (tunable_key<Tag>::value != key) return false;
    s = codegen::make_source<Tag>(c);
    return true;
  });
  return s;
}

// A kernel of a tunable target for a configuration (complete, element included), its text written into
// `sources` (whose elements must not move while the kernel lives: a reserved vector or a deque). Marked
// as tuned, for the first-use check. False where the key names no tunable target.
template <class Sources>
bool tunable_kernel(std::string_view key, const policy::Config& c, Sources& sources, codegen::Kernel& out) {
  const target::Info* info = nullptr;
  if (!tunable_target(key, info)) return false;
  sources.push_back(tunable_source(key, c));
  out = codegen::Kernel{c, info, nullptr, &sources.back(), true};
  return true;
}

}  // namespace gemmcl::dispatch
GEMMCL_COLD_END
