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
//   template <class Sink>
//   static constexpr void copies(util::text<Sink>&, const policy::Config&);
//       // only with Pipeline<S>: global -> local copies that may complete later.
//       //   COPY_ONE(dst, src)               one element
//       //   COPY_ZFILL(dst, src, ok, safe)   one element, or zero when !ok (then src is not read;
//       //                                    safe is a readable address of the same matrix)
//       //   COPY_VEC(dst, src)               one realv; both addresses aligned to it
//       //   COPY_COMMIT()                    closes this work-item's group of copies of one K step
//       //   COPY_WAIT()                      waits until at most STAGES - 2 of its groups are pending
//       // The kernel puts a barrier after each COPY_WAIT, which makes the copies visible to the whole
//       // work-group. generic.hpp's synchronous versions are correct on every device.
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
