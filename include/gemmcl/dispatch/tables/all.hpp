#pragma once
// The built-in tables, in the one list that registers them: for a device, Gemm<> uses the first
// table of its element type that serves it. An element type without a table runs Gemm<>'s portable
// configuration.

#include "../../util/meta.hpp"
#include "amd.hpp"
#include "cpu.hpp"
#include "gpu.hpp"
#include "intel.hpp"
#include "nvidia.hpp"

namespace gemmcl::dispatch::tables {

template <class T>
using registered =
    util::type_list<intel_cpu<T>, cpu<T>, nvidia_gpu<T>, intel_gpu<T>, amd_gpu<T>, other_gpu<T>>;

}  // namespace gemmcl::dispatch::tables
