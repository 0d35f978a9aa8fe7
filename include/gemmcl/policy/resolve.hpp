#pragma once
// The one place where a pack of policies, in any order and each optional, becomes a single validated
// configuration. Policies not given take defaults derived from those that are; every rule that can fail
// is a static_assert that says why.

#include <type_traits>

#include "../util/meta.hpp"
#include "config.hpp"
#include "epilogue.hpp"
#include "layout.hpp"
#include "packed.hpp"
#include "rules.hpp"
#include "tags.hpp"

namespace gemmcl::policy {

template <class T>
struct is_policy : std::bool_constant<requires { typename T::policy_kind; }> {};

// Instantiated once per argument, so a compiler names the offending type next to the message.
template <class T>
struct known_policy {
  static_assert(is_policy<T>::value,
                "gemmcl::Gemm<...>: this template argument is not a gemmcl policy; expected Tile, Vec, "
                "WorkPerThread, Element, LocalMemory, Padding, Prefetch, RegisterPrefetch, Unroll, SplitK, "
                "Pipeline, WarpLayout, SliceK, InStep, Images, Math, Epilogue, PackedA, PackedB, a gemmcl::layout "
                "tag or a "
                "gemmcl::vendor tag");
  static constexpr bool value = is_policy<T>::value;
};

template <class Kind>
struct of_kind {
  template <class T>
  struct pred : std::false_type {};
  template <class T>
    requires is_policy<T>::value
  struct pred<T> : std::is_same<typename T::policy_kind, Kind> {};
};

template <class Kind, class... P>
inline constexpr std::size_t count_of = util::count_if<of_kind<Kind>::template pred, P...>;

struct absent {};  // stands for a policy that was not given

template <class Kind, class... P>
using find_t = util::find_if_t<of_kind<Kind>::template pred, absent, P...>;

template <class T>
inline constexpr bool given = !std::is_same_v<T, absent>;

// Defaults. Kept as plain functions so the rules are readable and testable on their own.

// The widest of 4, 2, 1 that divides every extent it will be applied to.
constexpr int default_vec(int tm, int tn, int tk, int wpt_m, int wpt_n) noexcept {
  for (int w : {4, 2}) {
    if (tm % w == 0 && tn % w == 0 && tk % w == 0 && wpt_m % w == 0 && wpt_n % w == 0) return w;
  }
  return 1;
}

struct split {
  int wpt_m, wpt_n;
};

// Chooses the register tile: as many work-items as possible up to 256, such that each work-item moves a
// whole number of vectors into every staged tile, breaking ties towards square register tiles.
constexpr split default_work_per_thread(int tm, int tn, int tk, int vec, bool local_a,
                                        bool local_b) noexcept {
  split best{tm, tn};
  int best_threads = 1;
  int best_skew = tm > tn ? tm - tn : tn - tm;
  for (int tx = 1; tx <= tm / vec; tx *= 2) {
    if ((tm / vec) % tx != 0) continue;
    for (int ty = 1; ty <= tn / vec; ty *= 2) {
      if ((tn / vec) % ty != 0) continue;
      const int t = tx * ty;
      if (t > 256) continue;
      if (local_a && (tm * tk / vec) % t != 0) continue;
      if (local_b && (tn * tk / vec) % t != 0) continue;
      const int wm = tm / tx, wn = tn / ty;
      const int skew = wm > wn ? wm - wn : wn - wm;
      if (t > best_threads || (t == best_threads && skew < best_skew)) {
        best = {wm, wn};
        best_threads = t;
        best_skew = skew;
      }
    }
  }
  return best;
}

template <class... P>
struct resolve {
  // Instantiates known_policy<P> for each argument: its message names the one that is not a policy.
  static_assert((known_policy<P>::value && ...));
  static_assert(count_of<kind::tile, P...> <= 1, "gemmcl::Gemm<...>: Tile<> is given more than once");
  static_assert(count_of<kind::vec, P...> <= 1, "gemmcl::Gemm<...>: Vec<> is given more than once");
  static_assert(count_of<kind::work_per_thread, P...> <= 1,
                "gemmcl::Gemm<...>: WorkPerThread<> is given more than once");
  static_assert(count_of<kind::element, P...> <= 1,
                "gemmcl::Gemm<...>: Element<> is given more than once");
  static_assert(count_of<kind::math, P...> <= 1, "gemmcl::Gemm<...>: Math<> is given more than once");
  static_assert(count_of<kind::local_memory, P...> <= 1,
                "gemmcl::Gemm<...>: LocalMemory<> is given more than once");
  static_assert(count_of<kind::padding, P...> <= 1,
                "gemmcl::Gemm<...>: Padding<> is given more than once");
  static_assert(count_of<kind::prefetch, P...> <= 1,
                "gemmcl::Gemm<...>: Prefetch<> is given more than once");
  static_assert(count_of<kind::register_prefetch, P...> <= 1,
                "gemmcl::Gemm<...>: RegisterPrefetch<> is given more than once");
  static_assert(count_of<kind::pipeline, P...> <= 1,
                "gemmcl::Gemm<...>: Pipeline<> is given more than once");
  static_assert(count_of<kind::unroll, P...> <= 1,
                "gemmcl::Gemm<...>: Unroll<> is given more than once");
  static_assert(count_of<kind::split_k, P...> <= 1,
                "gemmcl::Gemm<...>: SplitK<> is given more than once");
  static_assert(count_of<kind::pack, P...> <= 1,
                "gemmcl::Gemm<...>: Pack<> is given more than once");
  static_assert(count_of<kind::warp_layout, P...> <= 1,
                "gemmcl::Gemm<...>: WarpLayout<> is given more than once");
  static_assert(count_of<kind::slice_k, P...> <= 1,
                "gemmcl::Gemm<...>: SliceK<> is given more than once");
  static_assert(count_of<kind::in_step, P...> <= 1,
                "gemmcl::Gemm<...>: InStep<> is given more than once");
  static_assert(count_of<kind::images, P...> <= 1,
                "gemmcl::Gemm<...>: Images<> is given more than once");
  static_assert(count_of<kind::epilogue, P...> <= 1,
                "gemmcl::Gemm<...>: Epilogue<> is given more than once");
  static_assert(count_of<kind::layout, P...> <= 1,
                "gemmcl::Gemm<...>: more than one layout (gemmcl::layout::...) is given");
  static_assert(count_of<kind::packed_a, P...> <= 1, "gemmcl::Gemm<...>: PackedA<> is given more than once");
  static_assert(count_of<kind::packed_b, P...> <= 1, "gemmcl::Gemm<...>: PackedB<> is given more than once");
  static_assert(count_of<kind::vendor, P...> <= 1,
                "gemmcl::Gemm<...>: more than one vendor path is given");

  using tile_p = find_t<kind::tile, P...>;
  using vec_p = find_t<kind::vec, P...>;
  using wpt_p = find_t<kind::work_per_thread, P...>;
  using element_p = find_t<kind::element, P...>;
  using math_p = find_t<kind::math, P...>;
  using local_p = find_t<kind::local_memory, P...>;
  using padding_p = find_t<kind::padding, P...>;
  using prefetch_p = find_t<kind::prefetch, P...>;
  using register_prefetch_p = find_t<kind::register_prefetch, P...>;
  using pipeline_p = find_t<kind::pipeline, P...>;
  using unroll_p = find_t<kind::unroll, P...>;
  using split_p = find_t<kind::split_k, P...>;
  using pack_p = find_t<kind::pack, P...>;
  using warp_p = find_t<kind::warp_layout, P...>;
  using slice_p = find_t<kind::slice_k, P...>;
  using in_step_p = find_t<kind::in_step, P...>;
  using images_p = find_t<kind::images, P...>;
  using vendor_p = find_t<kind::vendor, P...>;
  using epilogue_p = find_t<kind::epilogue, P...>;
  using layout_p = find_t<kind::layout, P...>;
  using packed_a_p = find_t<kind::packed_a, P...>;
  using packed_b_p = find_t<kind::packed_b, P...>;

  using element_type = typename std::conditional_t<given<element_p>, element_p, Element<float>>::type;
  using c_element_type = typename std::conditional_t<given<element_p>, element_p, Element<float>>::c_type;
  // The type the kernels compute in: float for the 16-bit storage types, whose calls widen A and B
  // (and a 16-bit C) to float around the product (runtime/widen.hpp); else the element type itself.
  using kernel_element_type = element::compute_t<element_type>;
  static constexpr bool widened = !std::is_same_v<kernel_element_type, element_type>;
  static constexpr MathMode math = std::conditional_t<given<math_p>, math_p, Math<MathMode::Default>>::mode;
  static_assert(math != MathMode::TF32 || std::is_same_v<element_type, float>,
                "gemmcl::Math<MathMode::TF32>: TF32 rounds float inputs; it applies to Element<float> only");
  using vendor = std::conditional_t<given<vendor_p>, vendor_p, gemmcl::vendor::Generic>;
  // The fused epilogue (none: the identity without bias) and the fixed layout, if any.
  using epilogue = std::conditional_t<given<epilogue_p>, epilogue_p, Epilogue<Activation::Identity>>;
  static constexpr bool layout_fixed = given<layout_p>;
  using layout = std::conditional_t<given<layout_p>, layout_p, gemmcl::layout::ColMajor>;
  // The block layouts of packed operands, if any (policy/packed.hpp).
  static constexpr bool packs_a = given<packed_a_p>, packs_b = given<packed_b_p>;
  using packed_a = packed_a_p;
  using packed_b = packed_b_p;

  // Nothing about the kernel was asked for (Element, SplitK and Pack aside): the library picks per device and
  // problem from its built-in table.
  static constexpr bool automatic = !given<tile_p> && !given<vec_p> && !given<wpt_p> &&
                                    !given<local_p> && !given<padding_p> && !given<prefetch_p> &&
                                    !given<register_prefetch_p> && !given<pipeline_p> && !given<unroll_p> && !given<vendor_p> && !given<warp_p> &&
                                    !given<slice_p> && !given<in_step_p> && !given<images_p>;

 private:
  static constexpr Config derive() {
    Config c;
    c.element = element::info_of<kernel_element_type>;
    if constexpr (given<local_p>) {
      c.local_a = local_p::a;
      c.local_b = local_p::b;
    }
    if constexpr (given<padding_p>) c.padding = padding_p::elements;
    if constexpr (given<prefetch_p>) c.prefetch = prefetch_p::enabled;
    if constexpr (given<register_prefetch_p>) c.register_prefetch = register_prefetch_p::enabled;
    if constexpr (given<pipeline_p>) c.stages = pipeline_p::stages;
    if constexpr (given<unroll_p>) c.unroll = unroll_p::factor;
    if constexpr (given<warp_p>) c.warp_lanes_m = warp_p::lanes_m;
    if constexpr (given<slice_p>) c.slices = slice_p::slices;
    if constexpr (given<in_step_p>) c.in_step = in_step_p::enabled;
    if constexpr (given<images_p>) {
      c.image_a = images_p::a;
      c.image_b = images_p::b;
    }

    const int vec_hint = given<vec_p> ? find_vec_width() : 1;
    if constexpr (given<tile_p>) {
      c.tile_m = tile_p::m;
      c.tile_n = tile_p::n;
      c.tile_k = tile_p::k;
    } else if constexpr (given<wpt_p>) {
      c.tile_m = wpt_p::m * 16;
      c.tile_n = wpt_p::n * 16;
      c.tile_k = vec_hint > 16 ? vec_hint : 16;
    } else {
      c.tile_m = 64;
      c.tile_n = 64;
      c.tile_k = 16;
    }

    if constexpr (given<vec_p>) {
      c.vec = vec_p::width;
    } else {
      c.vec = default_vec(c.tile_m, c.tile_n, c.tile_k, given<wpt_p> ? find_wpt_m() : 4,
                          given<wpt_p> ? find_wpt_n() : 4);
    }

    if constexpr (given<wpt_p>) {
      c.wpt_m = wpt_p::m;
      c.wpt_n = wpt_p::n;
    } else if (c.tile_m % c.vec == 0 && c.tile_n % c.vec == 0) {  // else a static_assert reports it
      const split s =
          default_work_per_thread(c.tile_m, c.tile_n, c.tile_k, c.vec, c.local_a, c.local_b);
      c.wpt_m = s.wpt_m;
      c.wpt_n = s.wpt_n;
    }
    // A vendor path with defaults and settings of its own (sub-groups) adjusts the result.
    if constexpr (requires { vendor::configure(c, Given{}); })
      vendor::configure(c, Given{given<tile_p>, given<vec_p>, given<wpt_p>, given<local_p>});
    return c;
  }
  static constexpr Rules derive_rules() {
    Rules r;
    if constexpr (given<split_p>) {
      r.split_k = split_p::splits;
      r.reduction = split_p::reduction;
    }
    if constexpr (given<pack_p>) r.pack = pack_p::when;
    return r;
  }
  static constexpr int find_vec_width() {
    if constexpr (given<vec_p>) return vec_p::width;
    else return 1;
  }
  static constexpr int find_wpt_m() {
    if constexpr (given<wpt_p>) return wpt_p::m;
    else return 1;
  }
  static constexpr int find_wpt_n() {
    if constexpr (given<wpt_p>) return wpt_p::n;
    else return 1;
  }

 public:
  static constexpr Config config = derive();
  static constexpr Rules rules = derive_rules();

  // Rules between policies. Each message says what to change.
  static_assert(rule::vec_divides_tile(config),
                "gemmcl: Tile<M,N,K> extents must all be multiples of Vec<W>, since tiles are loaded "
                "as W-wide vectors along M, N or K depending on the transpose");
  static_assert(rule::wm_divides_tile(config),
                "gemmcl: WorkPerThread<WM,WN>: WM must divide the tile's M, so the tile splits into "
                "whole register tiles");
  static_assert(rule::wn_divides_tile(config),
                "gemmcl: WorkPerThread<WM,WN>: WN must divide the tile's N, so the tile splits into "
                "whole register tiles");
  static_assert(rule::wm_multiple_of_vec(config),
                "gemmcl: WorkPerThread<WM,WN>: WM must be a multiple of Vec<W>, since each work-item "
                "holds its rows as W-wide vectors");
  static_assert(rule::wn_multiple_of_vec(config),
                "gemmcl: WorkPerThread<WM,WN>: with B in local memory, WN must be a multiple of Vec<W>, "
                "since each work-item reads its columns from local memory as W-wide vectors");
  // Only meaningful once the tile splits into register tiles; that is reported above.
  static constexpr bool whole = rule::whole(config);
  static_assert(rule::a_loads_whole(config),
                "gemmcl: the A tile (M x K elements) must split into a whole number of W-wide "
                "vectors per work-item; the work-group has (M/WM)*(N/WN) work-items, times S with "
                "SliceK<S>");
  static_assert(rule::b_loads_whole(config),
                "gemmcl: the B tile (K x N elements) must split into a whole number of W-wide "
                "vectors per work-item; the work-group has (M/WM)*(N/WN) work-items, times S with "
                "SliceK<S>");
  static_assert(rule::padding_needs_local(config),
                "gemmcl: Padding<P> pads local-memory tiles, but LocalMemory<Operands::None> "
                "stages nothing");
  static_assert(rule::prefetch_needs_local(config),
                "gemmcl: Prefetch<true> double-buffers local-memory tiles, but "
                "LocalMemory<Operands::None> stages nothing");
  static_assert(rule::unroll_divides_k(config),
                "gemmcl: Unroll<U>: U must divide the tile's K, so every unrolled pass is whole");
  static_assert(rule::register_prefetch_needs_buffers(config),
                "gemmcl: RegisterPrefetch<true> reads ahead from double-buffered local tiles: it needs "
                "LocalMemory<Operands::Both> (the default) and Prefetch<true> or Pipeline<S>");
  static_assert(rule::pipeline_needs_local(config),
                "gemmcl: Pipeline<S> copies both operand tiles straight into local memory: it needs "
                "LocalMemory<Operands::Both> (the default)");
  static_assert(rule::pipeline_excludes_prefetch(config),
                "gemmcl: Pipeline<S> and Prefetch<true> both keep the next K steps in flight; give one: "
                "Pipeline<2> is Prefetch<true> without the staging registers");
  static_assert(rule::pipeline_padding_aligned(config),
                "gemmcl: Pipeline<S> copies whole W-wide vectors into local rows, which must stay aligned "
                "to the vector: Padding<P> must be a multiple of Vec<W>");
  static_assert(rule::register_prefetch_full_unroll(config),
                "gemmcl: RegisterPrefetch<true> needs the whole tile K unrolled, so its two register "
                "sets alternate at fixed places: leave Unroll<U> out or make U the tile's K");
  static_assert(rule::register_prefetch_even_k(config),
                "gemmcl: RegisterPrefetch<true> needs an even tile K: its two register sets alternate "
                "and the next tile's first K step must land in the set the last step does not use");
  static_assert(rule::warp_layout_fits(config),
                "gemmcl: WarpLayout<L>: the work-group must be a whole number of groups of 32, with M/WM "
                "work-items along M divisible by L and N/WN along N divisible by 32/L");
  static_assert(rule::slice_needs_local(config),
                "gemmcl: SliceK<S> divides the K steps staged in local memory among S copies of the "
                "register tiles: it needs LocalMemory<Operands::Both> (the default)");
  static_assert(rule::slice_divides_k(config),
                "gemmcl: SliceK<S>: S must divide the tile's K, so every slice multiplies the same "
                "number of K steps");
  static_assert(rule::slice_excludes_warp_layout(config),
                "gemmcl: SliceK<S> numbers work-items slice by slice (each slice a whole number of "
                "consecutive work-items); it cannot be combined with WarpLayout<L>");
  static_assert(rule::slice_register_prefetch_even(config),
                "gemmcl: RegisterPrefetch<true> with SliceK<S> needs an even number of K steps per slice "
                "(the tile's K / S): the two register sets alternate within each slice");
  static_assert(rule::slice_unroll_divides(config),
                "gemmcl: Unroll<U> with SliceK<S>: U must divide the K steps of one slice (the tile's "
                "K / S)");
  static_assert(rule::pack_needs_vec(config, rules),
                "gemmcl: Pack<Packing::Always> copies misaligned operands so that they can be read as "
                "whole vectors, but Vec<1> reads single elements: drop Pack or widen Vec");
  static_assert(rule::in_step_without_local(config),
                "gemmcl: InStep<true> adds a barrier per K step to kernels that have none; with operands in "
                "local memory the kernel already has two");
  static_assert(rule::images_need_sub_groups(config),
                "gemmcl: Images<O> is read by the sub-group main loop: give vendor::IntelSubgroups<S> or "
                "vendor::KhronosSubgroups");
  static_assert(rule::image_a_not_local(config),
                "gemmcl: Images<O>: A is read from an image by every work-item, so it cannot also be "
                "staged in local memory; drop A from LocalMemory<> or from Images<>");
  static_assert(rule::image_b_not_local(config),
                "gemmcl: Images<O>: B is read from an image by every work-item, so it cannot also be "
                "staged in local memory; drop B from LocalMemory<> or from Images<>");
  static_assert(rule::work_items_fit(config),
                "gemmcl: more than 4096 work-items per work-group; no OpenCL device accepts that. "
                "Increase WorkPerThread or shrink the Tile");
};

// A vendor tag's own rules (`template <class Resolved> struct rules` of static_asserts), instantiated
// by Gemm once the configuration is complete.
template <class Resolved>
constexpr bool vendor_rules_hold() {
  using V = typename Resolved::vendor;
  if constexpr (requires { typename V::template rules<Resolved>; })
    return sizeof(typename V::template rules<Resolved>) > 0;
  else
    return true;
}

}  // namespace gemmcl::policy
