#pragma once
// The vendor slot. A vendor path is one specialization of VendorPath<Tag>, in its own file, providing:
//
//   static constexpr std::string_view name;            // shown in the kernel's header comment
//   static constexpr std::string_view device_vendor;   // substring of CL_DEVICE_VENDOR it needs; "" = any
//   static constexpr std::string_view build_options;   // extra options for clBuildProgram
//   static constexpr bool device_fence;                 // optional: GLOBAL_FENCE below orders stores
//                                                       // for the whole device (lets SplitK's
//                                                       // automatic choice add the parts in the kernel)
//   template <class Sink>
//   static constexpr void helpers(util::text<Sink>&, const policy::Config&);
//       // defines the neutral helpers the kernel uses: LOAD_GLOBAL(p) and VLOAD_GLOBAL(p), reads of A
//       // and B, which are never written by the kernel; optionally GLOBAL_FENCE(), which makes this
//       // work-item's global stores visible to every compute unit before its later accesses (default:
//       // mem_fence(CLK_GLOBAL_MEM_FENCE))
//   template <class Sink>
//   static constexpr void copies(util::text<Sink>&, const policy::Config&);
//       // only with Pipeline<S>: global -> local copies that may complete later.
//       //   COPY_ONE(dst, src)               one element
//       //   COPY_ZFILL(dst, src, ok, safe)   one element, or zero when !ok (then src is not read;
//       //                                    safe is a readable address of the same matrix)
//       //   COPY_VEC(dst, src)               one realv; both addresses aligned to it
//       //   COPY_VEC_ZFILL(dst, src, n, safe)  one realv of which the first n elements (0 to VW)
//       //                                    are read and the rest are zeros; aligned as COPY_VEC
//       //   COPY_COMMIT()                    closes this work-item's group of copies of one K step
//       //   COPY_WAIT()                      waits until at most STAGES - 2 of its groups are pending
//       // The kernel puts a barrier after each COPY_WAIT, which makes the copies visible to the whole
//       // work-group. Optional: a path without it gets write_synchronous_copies below, which is
//       // correct on every device.
//
// The generic kernel in codegen/ only ever calls those helpers, so a vendor changes how memory is read
// without touching the kernel's structure.

#include "../util/meta.hpp"
#include "../util/text.hpp"

namespace gemmcl::vendor {

// Pipeline<S>'s copies as plain loads and stores: each is complete when issued, so there is nothing to
// commit or wait for, and the barrier after COPY_WAIT orders them like any other local store.
template <class Sink>
constexpr void write_synchronous_copies(util::text<Sink>& t) {
  t.line("// Global -> local copies (plain loads and stores, complete when issued).");
  t.line("#define COPY_ONE(dst, src) (*(dst) = *(src))");
  t.line("#define COPY_ZFILL(dst, src, ok, safe) (*(dst) = (ok) ? *(src) : (real)0)");
  t.line("#define COPY_VEC(dst, src) (*(__local realv*)(dst) = *(const __global realv*)(src))");
  t.line("// The first `n` (0 to VW) elements of a vector, zeros after them.");
  t.line("#define COPY_VEC_ZFILL(dst, src, n, safe) \\");
  t.line("  for (int e_ = 0; e_ < VW; ++e_) (dst)[e_] = e_ < (n) ? (src)[e_] : (real)0");
  t.line("#define COPY_COMMIT()");
  t.line("#define COPY_WAIT()");
}

template <class Tag>
struct VendorPath {
  static_assert(util::dependent_false<Tag>,
                "gemmcl: no vendor path for this tag; include the vendor's header "
                "(gemmcl/vendor/<name>.hpp) or use gemmcl::vendor::Generic");
};

}  // namespace gemmcl::vendor
