#pragma once
// The generic vendor path: plain OpenCL C loads, valid on every device.

#include <string_view>

#include "../policy/config.hpp"
#include "../policy/tags.hpp"
#include "../util/text.hpp"
#include "vendor.hpp"

namespace gemmcl::vendor {

// Pipeline<S>'s copies as plain loads and stores: each is complete when issued, so there is nothing to
// commit or wait for, and the barrier after COPY_WAIT orders them like any other local store.
template <class Sink>
constexpr void write_synchronous_copies(util::text<Sink>& t) {
  t.line("// Global -> local copies (plain loads and stores, complete when issued).");
  t.line("#define COPY_ONE(dst, src) (*(dst) = *(src))");
  t.line("#define COPY_ZFILL(dst, src, ok, safe) (*(dst) = (ok) ? *(src) : (real)0)");
  t.line("#define COPY_VEC(dst, src) (*(__local realv*)(dst) = *(const __global realv*)(src))");
  t.line("#define COPY_COMMIT()");
  t.line("#define COPY_WAIT()");
}

template <>
struct VendorPath<Generic> {
  static constexpr std::string_view name = "generic";
  static constexpr std::string_view device_vendor = "";
  static constexpr std::string_view build_options = "";

  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config&) {
    t.line("// Reads of A and B (generic: plain loads).");
    t.line("#define LOAD_GLOBAL(p) (*(p))");
    t.line("#if GEMMCL_ALIGNED");
    t.line("#define VLOAD_GLOBAL(p) (*(const __global realv*)(p))");
    t.line("#else");
    t.line("#define VLOAD_GLOBAL(p) VLOAD(p)");
    t.line("#endif");
  }

  template <class Sink>
  static constexpr void copies(util::text<Sink>& t, const policy::Config&) {
    write_synchronous_copies(t);
  }
};

}  // namespace gemmcl::vendor
