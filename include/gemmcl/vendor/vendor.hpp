#pragma once
// The vendor slot. A vendor path is one specialization of VendorPath<Tag>, in its own file, providing:
//
//   static constexpr std::string_view name;            // shown in the kernel's header comment
//   static constexpr std::string_view device_vendor;   // substring of CL_DEVICE_VENDOR it needs; "" = any
//   static constexpr std::string_view build_options;   // extra options for clBuildProgram
//   template <class Sink>
//   static constexpr void helpers(util::text<Sink>&, const policy::Config&);
//       // defines the neutral helpers the kernel uses: LOAD_GLOBAL(p) and VLOAD_GLOBAL(p), reads of A
//       // and B, which are never written by the kernel
//
// The generic kernel in codegen/ only ever calls those helpers, so a vendor changes how memory is read
// without touching the kernel's structure.

#include "../util/meta.hpp"

namespace gemmcl::vendor {

template <class Tag>
struct VendorPath {
  static_assert(util::dependent_false<Tag>,
                "gemmcl: no vendor path for this tag; include the vendor's header "
                "(gemmcl/vendor/<name>.hpp) or use gemmcl::vendor::Generic");
};

}  // namespace gemmcl::vendor
