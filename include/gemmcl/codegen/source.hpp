#pragma once
// Binds a configuration and a vendor path to their program text, as a compile-time constant.

#include <cstdint>
#include <string_view>

#include "../policy/config.hpp"
#include "../util/fixed_string.hpp"
#include "kernel.hpp"

namespace gemmcl::codegen {

template <class Vendor, policy::Config C>
struct kernel_text {
  template <class Sink>
  static constexpr void write(Sink& sink) {
    write_kernel<Vendor>(sink, C);
  }
};

template <class Vendor, policy::Config C>
inline constexpr auto kernel_source = util::build_fixed_string<kernel_text<Vendor, C>>();

template <class Vendor, policy::Config C>
inline constexpr std::uint64_t kernel_source_hash = util::fnv1a(kernel_source<Vendor, C>.view());

}  // namespace gemmcl::codegen
