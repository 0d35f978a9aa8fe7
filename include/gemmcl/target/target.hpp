#pragma once
// Targets: the vendor paths. A target is one specialization Target<Tag> in its own file, for the tag a
// user names in Gemm<...> (vendor::Generic, vendor::Nvidia<>), providing:
//
//   static constexpr std::string_view name;          // shown in the kernel's header comment
//   static bool matches(const core::DeviceInfo&);    // whether it runs on this device
//   static std::string missing(const core::DeviceInfo&);
//                                                    // optional: what the device lacks for it, in
//                                                    // words ("the extension cl_intel_subgroups")
//   static void build_options(std::string&, const core::DeviceInfo&);
//                                                    // appends its clBuildProgram options (may be none)
//   static constexpr bool device_fence;              // GLOBAL_FENCE (below) orders stores for the
//                                                    // whole device, so split K may add its parts in
//                                                    // the kernel without being asked to
//   static constexpr bool kernel_limit_binds;        // on the devices it matches, the compiled kernel's
//                                                    // CL_KERNEL_WORK_GROUP_SIZE bounds the launch
//   template <class Sink>
//   static constexpr void helpers(util::text<Sink>&, const policy::Config&);
//       // defines the neutral helpers every main loop uses: LOAD_GLOBAL(p) and VLOAD_GLOBAL(p), reads
//       // of A and B, which the kernel never writes; optionally GLOBAL_FENCE(), which makes this
//       // work-item's global stores visible to every compute unit before its later accesses (default:
//       // mem_fence(CLK_GLOBAL_MEM_FENCE)); optionally GROUP_M() and GROUP_N(), the tile of C a
//       // work-group computes (default: get_group_id(0) and (1); a target may reorder the tiles, as
//       // long as the mapping is a bijection of the launch's first two group ids)
//   template <class Sink>
//   static constexpr void copies(util::text<Sink>&, const policy::Config&);
//       // optional, used with Pipeline<S>: global -> local copies that may complete later
//       //   COPY_ONE(dst, src)                 one element
//       //   COPY_ZFILL(dst, src, ok, safe)     one element, or zero when !ok (then src is not read;
//       //                                      safe is a readable address of the same matrix)
//       //   COPY_VEC(dst, src)                 one realv; both addresses aligned to it
//       //   COPY_VEC_ZFILL(dst, src, n, safe)  one realv of which the first n elements (0 to VW)
//       //                                      are read and the rest are zeros; aligned as COPY_VEC
//       //   COPY_COMMIT()                      closes this work-item's group of copies of one K step
//       //   COPY_WAIT()                        waits until at most STAGES - 2 of its groups are pending
//       // The kernel puts a barrier after each COPY_WAIT, which makes the copies visible to the whole
//       // work-group. A target without it gets write_synchronous_copies below, correct everywhere.
//   template <class Sink>
//   static constexpr void attributes(util::text<Sink>&, const policy::Config&);
//       // optional: a line of kernel attributes of its own, written after the work-group shape's
//       // (e.g. __attribute__((intel_reqd_sub_group_size(16))))
//   using main_loops = util::type_list<...>;
//       // optional: main loops of its own (codegen/mainloop/), tried before the generic ones
//
// A new target is a new file here plus one line in all.hpp's list (which only decides the device's
// native target, see there); a user may also specialize Target<Tag> for a tag of their own.

#include <string>
#include <string_view>

#include "../core/device.hpp"
#include "../policy/config.hpp"
#include "../util/meta.hpp"
#include "../util/text.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::target {

template <class Tag>
struct Target {
  static_assert(util::dependent_false<Tag>,
                "gemmcl: no target for this vendor tag; include its header (gemmcl/target/<name>.hpp) "
                "or specialize gemmcl::target::Target<Tag>");
};

// What the runtime needs of a target, as values, so that launching is not a template per target.
struct Info {
  std::string_view name;
  bool (*matches)(const core::DeviceInfo&);
  std::string (*missing)(const core::DeviceInfo&);  // null: the target names no reason
  void (*build_options)(std::string&, const core::DeviceInfo&);
  bool device_fence;
};

template <class Tag>
constexpr auto missing_of() -> std::string (*)(const core::DeviceInfo&) {
  if constexpr (requires(const core::DeviceInfo& d) { Target<Tag>::missing(d); })
    return &Target<Tag>::missing;
  else
    return nullptr;
}

template <class Tag>
inline constexpr Info info_of{Target<Tag>::name, &Target<Tag>::matches, missing_of<Tag>(),
                              &Target<Tag>::build_options, Target<Tag>::device_fence};

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

}  // namespace gemmcl::target

GEMMCL_COLD_END
