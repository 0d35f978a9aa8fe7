#pragma once
// gemmcl: GEMM kernels composed from compile-time policies.
//
//   gemmcl::Gemm<> sgemm;  // or Gemm<Tile<128, 128, 16>, Vec<4>>, Gemm<Element<double>>, ...
//   cl::Event e = sgemm(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No,
//                       m, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
//
// Gemm<P...> resolves its policies into one validated configuration (policy/); dispatch/ decides which
// kernel runs a call (the fixed one, or for Gemm<> the best of a built-in table for the device and
// shape); codegen/ writes that kernel's OpenCL C text for its target (target/); runtime/ checks the
// arguments, builds each program once per device and enqueues it. docs/architecture.md draws the flow.

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>
#include <string_view>
#include <type_traits>
#include <vector>

#include "codegen/source.hpp"
#include "core/device.hpp"
#include "core/error.hpp"
#include "core/opencl.hpp"
#include "core/types.hpp"
#include "dispatch/batched.hpp"
#include "dispatch/dispatch.hpp"
#include "element/all.hpp"
#include "policy/config.hpp"
#include "policy/resolve.hpp"
#include "policy/tags.hpp"
#include "runtime/arguments.hpp"
#include "runtime/batch.hpp"
#include "runtime/batched.hpp"
#include "runtime/batched_widen.hpp"
#include "runtime/epilogue.hpp"
#include "runtime/layout.hpp"
#include "runtime/packed.hpp"
#include "runtime/product.hpp"
#include "runtime/enqueue.hpp"
#include "runtime/launch.hpp"
#include "runtime/self_check.hpp"
#include "target/all.hpp"

namespace gemmcl {

template <class... Policies>
class Gemm {
  using resolved = policy::resolve<Policies...>;

 public:
  // The element type of A and B (Element<T>, float by default), of C (Element<T, C>: T unless given),
  // and the type of alpha and beta (float for half and bfloat16).
  using value_type = typename resolved::element_type;
  using c_type = typename resolved::c_element_type;
  using scalar_type = typename element_traits<value_type>::scalar;
  // The vendor tag (VendorPolicy): vendor::Generic unless one is given.
  using vendor_type = typename resolved::vendor;
  // A vendor tag must come with its target; instantiating it here reports a missing one at once, not
  // only when the call is first used.
  static_assert(sizeof(target::Target<vendor_type>) > 0);
  // A vendor tag's own validity rules (sub-group sizes, block reads), once the configuration is known.
  static_assert(policy::vendor_rules_hold<resolved>());
  // Packed operands' block layouts against the tile (policy/packed.hpp).
  static_assert(policy::packed_rules_hold<resolved>());

  // The resolved kernel configuration and the call rules (SplitK, Pack). For Gemm<> (no kernel policy
  // given) the configuration is the portable one; at run time Gemm<> picks from a built-in table per
  // device and shape (dispatch/).
  static constexpr policy::Config config = resolved::config;
  static constexpr policy::Rules rules = resolved::rules;
  static constexpr bool automatic = resolved::automatic;

  // The OpenCL C program of this configuration, a compile-time constant. Calls do not need it: they
  // write the same text at run time, on first use, so that it costs no compile time unless asked for.
  static constexpr std::string_view source = codegen::fixed_source<vendor_type, resolved>.view();

  // The fused epilogue (Epilogue<A, B>; the identity without one) and what a call passes for it.
  using epilogue_type = typename resolved::epilogue;
  using epilogue_args = EpilogueArgs<scalar_type>;

  // C := alpha * op(A) * op(B) + beta * C, with CLBlast's argument order. Enqueues and returns the event
  // of the last command without waiting. Throws gemmcl::Error before enqueueing anything on bad input.
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                       Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                       scalar_type alpha, const cl::Buffer& a, std::size_t a_offset, std::size_t a_ld,
                       const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, scalar_type beta,
                       cl::Buffer& c, std::size_t c_offset, std::size_t c_ld,
                       const Events& wait = {}) const {
    static_assert(!epilogue_type::needs_arguments, "gemmcl::Gemm: this Gemm's Epilogue has a bias or Clamp's "
                                                   "bounds: pass a Gemm::epilogue_args after c_ld");
    // Only the last command makes an event (in-order queues); moved out: a copy costs a retain and release.
    return std::move(enqueue_call(queue, layout, a_transpose, b_transpose, m, n, k, alpha, {&a, a_offset, a_ld},
                                  {&b, b_offset, b_ld}, beta, {&c, c_offset, c_ld}, nullptr, wait, Returns::last_event).back());
  }
  // With an Epilogue that takes arguments (a bias, Clamp's bounds): C := act(alpha * op(A) * op(B) +
  // beta * C + bias).
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                       Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                       scalar_type alpha, const cl::Buffer& a, std::size_t a_offset, std::size_t a_ld,
                       const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, scalar_type beta,
                       cl::Buffer& c, std::size_t c_offset, std::size_t c_ld, const epilogue_args& epilogue,
                       const Events& wait = {}) const {
    return std::move(enqueue_call(queue, layout, a_transpose, b_transpose, m, n, k, alpha, {&a, a_offset, a_ld},
                                  {&b, b_offset, b_ld}, beta, {&c, c_offset, c_ld}, &epilogue, wait, Returns::last_event).back());
  }

  // The same calls without an event: nothing is returned, and on an in-order queue the product makes
  // none (back to back, NVIDIA's OpenCL spends GPU time on each event, which small products feel). For
  // callers who wait through the queue: a later command on an in-order queue, a marker, or finish().
  void enqueue(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose, std::size_t m,
               std::size_t n, std::size_t k, scalar_type alpha, const cl::Buffer& a, std::size_t a_offset,
               std::size_t a_ld, const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, scalar_type beta,
               cl::Buffer& c, std::size_t c_offset, std::size_t c_ld, const Events& wait = {}) const {
    static_assert(!epilogue_type::needs_arguments, "gemmcl::Gemm: this Gemm's Epilogue has a bias or Clamp's "
                                                   "bounds: pass a Gemm::epilogue_args after c_ld");
    enqueue_call(queue, layout, a_transpose, b_transpose, m, n, k, alpha, {&a, a_offset, a_ld}, {&b, b_offset, b_ld},
                 beta, {&c, c_offset, c_ld}, nullptr, wait, Returns::no_event);
  }
  void enqueue(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose, std::size_t m,
               std::size_t n, std::size_t k, scalar_type alpha, const cl::Buffer& a, std::size_t a_offset,
               std::size_t a_ld, const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, scalar_type beta,
               cl::Buffer& c, std::size_t c_offset, std::size_t c_ld, const epilogue_args& epilogue,
               const Events& wait = {}) const {
    enqueue_call(queue, layout, a_transpose, b_transpose, m, n, k, alpha, {&a, a_offset, a_ld}, {&b, b_offset, b_ld},
                 beta, {&c, c_offset, c_ld}, &epilogue, wait, Returns::no_event);
  }

  // The same calls, returning the events of every command they enqueued, in order: packing copies of A
  // or B if any, the product, and the second kernel when K is split and its parts are not added in the
  // kernel (first, on a call that creates a split-K ticket buffer, that buffer's zero fill). For
  // profiling: the call runs from the first event's start to the last event's end.
  std::vector<cl::Event> enqueue_all(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                                     Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                                     scalar_type alpha, const cl::Buffer& a, std::size_t a_offset,
                                     std::size_t a_ld, const cl::Buffer& b, std::size_t b_offset,
                                     std::size_t b_ld, scalar_type beta, cl::Buffer& c,
                                     std::size_t c_offset, std::size_t c_ld,
                                     const Events& wait = {}) const {
    static_assert(!epilogue_type::needs_arguments,
                  "gemmcl::Gemm: this Gemm's Epilogue has a bias or Clamp's bounds: pass a "
                  "Gemm::epilogue_args after c_ld");
    return enqueue_call(queue, layout, a_transpose, b_transpose, m, n, k, alpha, {&a, a_offset, a_ld},
                        {&b, b_offset, b_ld}, beta, {&c, c_offset, c_ld}, nullptr, wait);
  }
  std::vector<cl::Event> enqueue_all(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                                     Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                                     scalar_type alpha, const cl::Buffer& a, std::size_t a_offset,
                                     std::size_t a_ld, const cl::Buffer& b, std::size_t b_offset,
                                     std::size_t b_ld, scalar_type beta, cl::Buffer& c,
                                     std::size_t c_offset, std::size_t c_ld, const epilogue_args& epilogue,
                                     const Events& wait = {}) const {
    return enqueue_call(queue, layout, a_transpose, b_transpose, m, n, k, alpha, {&a, a_offset, a_ld},
                        {&b, b_offset, b_ld}, beta, {&c, c_offset, c_ld}, &epilogue, wait);
  }

  // Strided batched GEMM: batch_count products of one shape, product i reading A, B and C at a_offset +
  // i * a_stride, b_offset + i * b_stride and c_offset + i * c_stride (elements), with the same alpha
  // and beta, in one launch. A stride of 0 for A or B uses one matrix for every product; the products'
  // C may not share elements. Returns the event of the last command.
  cl::Event strided_batched(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                            std::size_t m, std::size_t n, std::size_t k, scalar_type alpha, const cl::Buffer& a,
                            std::size_t a_offset, std::size_t a_ld, std::size_t a_stride, const cl::Buffer& b,
                            std::size_t b_offset, std::size_t b_ld, std::size_t b_stride, scalar_type beta,
                            cl::Buffer& c, std::size_t c_offset, std::size_t c_ld, std::size_t c_stride,
                            std::size_t batch_count, const Events& wait = {}) const {
    static_assert(!epilogue_type::needs_arguments,
                  "gemmcl::Gemm: this Gemm's Epilogue has a bias or Clamp's bounds: pass a "
                  "Gemm::epilogue_args after batch_count");
    const runtime::batch::Offsets ao{a_offset, a_stride}, bo{b_offset, b_stride}, co{c_offset, c_stride};
    return run_batch(queue, layout, a_transpose, b_transpose, m, n, k, {&a, a_offset, a_ld}, ao,
                     {&b, b_offset, b_ld}, bo, {&c, c_offset, c_ld}, co, batch_count, &alpha, &beta, nullptr, wait);
  }
  // With the epilogue's arguments (the same bias and bounds for every product).
  cl::Event strided_batched(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                            std::size_t m, std::size_t n, std::size_t k, scalar_type alpha, const cl::Buffer& a,
                            std::size_t a_offset, std::size_t a_ld, std::size_t a_stride, const cl::Buffer& b,
                            std::size_t b_offset, std::size_t b_ld, std::size_t b_stride, scalar_type beta,
                            cl::Buffer& c, std::size_t c_offset, std::size_t c_ld, std::size_t c_stride,
                            std::size_t batch_count, const epilogue_args& epilogue, const Events& wait = {}) const {
    const runtime::batch::Offsets ao{a_offset, a_stride}, bo{b_offset, b_stride}, co{c_offset, c_stride};
    return run_batch(queue, layout, a_transpose, b_transpose, m, n, k, {&a, a_offset, a_ld}, ao,
                     {&b, b_offset, b_ld}, bo, {&c, c_offset, c_ld}, co, batch_count, &alpha, &beta, &epilogue, wait);
  }

  // Batched GEMM with offsets and scalars per product (CLBlast's GemmBatched): product i computes
  // C_i := alphas[i] * op(A_i) * op(B_i) + betas[i] * C_i with A_i at a_offsets[i] in a, and so on.
  // The batch count is the arrays' length, which must be the same for all five. One launch.
  cl::Event batched(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                    std::size_t m, std::size_t n, std::size_t k, std::span<const scalar_type> alphas,
                    const cl::Buffer& a, std::span<const std::size_t> a_offsets, std::size_t a_ld,
                    const cl::Buffer& b, std::span<const std::size_t> b_offsets, std::size_t b_ld,
                    std::span<const scalar_type> betas, cl::Buffer& c, std::span<const std::size_t> c_offsets,
                    std::size_t c_ld, const Events& wait = {}) const {
    static_assert(!epilogue_type::needs_arguments,
                  "gemmcl::Gemm: this Gemm's Epilogue has a bias or Clamp's bounds: pass a "
                  "Gemm::epilogue_args after c_ld");
    return batched(queue, layout, a_transpose, b_transpose, m, n, k, alphas, a, a_offsets, a_ld, b, b_offsets, b_ld,
                   betas, c, c_offsets, c_ld, nullptr, wait);
  }
  // With the epilogue's arguments (the same bias and bounds for every product).
  cl::Event batched(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                    std::size_t m, std::size_t n, std::size_t k, std::span<const scalar_type> alphas,
                    const cl::Buffer& a, std::span<const std::size_t> a_offsets, std::size_t a_ld,
                    const cl::Buffer& b, std::span<const std::size_t> b_offsets, std::size_t b_ld,
                    std::span<const scalar_type> betas, cl::Buffer& c, std::span<const std::size_t> c_offsets,
                    std::size_t c_ld, const epilogue_args& epilogue, const Events& wait = {}) const {
    return batched(queue, layout, a_transpose, b_transpose, m, n, k, alphas, a, a_offsets, a_ld, b, b_offsets, b_ld,
                   betas, c, c_offsets, c_ld, &epilogue, wait);
  }

 private:
  cl::Event batched(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                    std::size_t m, std::size_t n, std::size_t k, std::span<const scalar_type> alphas,
                    const cl::Buffer& a, std::span<const std::size_t> a_offsets, std::size_t a_ld,
                    const cl::Buffer& b, std::span<const std::size_t> b_offsets, std::size_t b_ld,
                    std::span<const scalar_type> betas, cl::Buffer& c, std::span<const std::size_t> c_offsets,
                    std::size_t c_ld, const epilogue_args* epilogue, const Events& wait) const {
    const std::size_t count = alphas.size();
    runtime::batch::check_lengths(count, betas.size(), a_offsets.size(), b_offsets.size(), c_offsets.size());
    // Offsets a stride apart with one alpha and beta are the strided form's batch: no arrays to copy.
    runtime::batch::Offsets sa, sb, sc;
    if (runtime::batch::strided_in_disguise(a_offsets.data(), b_offsets.data(), c_offsets.data(), alphas.data(),
                                            betas.data(), count, sa, sb, sc))
      return run_batch(queue, layout, a_transpose, b_transpose, m, n, k, {&a, sa.first, a_ld}, sa,
                       {&b, sb.first, b_ld}, sb, {&c, sc.first, c_ld}, sc, count, alphas.data(), betas.data(),
                       epilogue, wait);
    // The kernels add each product's offset to the smallest (so none is negative).
    const auto least = [](std::span<const std::size_t> o) { return o.empty() ? 0 : *std::ranges::min_element(o); };
    const std::size_t first[3] = {least(a_offsets), least(b_offsets), least(c_offsets)};
    return run_batch(queue, layout, a_transpose, b_transpose, m, n, k, {&a, first[0], a_ld},
                     {first[0], 0, a_offsets.data()}, {&b, first[1], b_ld}, {first[1], 0, b_offsets.data()},
                     {&c, first[2], c_ld}, {first[2], 0, c_offsets.data()}, count, alphas.data(), betas.data(),
                     epilogue, wait, true);
  }

 public:
  // Packed operands (PackedA<L>, PackedB<L>): pack_a copies op(A) (m x k, stored as a call would take
  // it) into this Gemm's block layout once; calls then take the packed A in place of (a, a_offset, a_ld),
  // as often as wanted, with the transpose it was packed with. pack_b likewise for op(B) (k x n).
  // Calls with packed operands are column-major and run this Gemm's own configuration.
  using packed_type = Packed<value_type>;
  packed_type pack_a(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, std::size_t m, std::size_t k,
                     const cl::Buffer& a, std::size_t a_offset, std::size_t a_ld, const Events& wait = {}) const {
    static_assert(resolved::packs_a, "gemmcl::Gemm::pack_a: this Gemm has no PackedA<layout::CBL<M>> or "
                                     "PackedA<layout::RBL<M, K>> policy");
    return runtime::packing::Maker::pack<value_type>(queue, 'A', layout, a_transpose, m, k, {&a, a_offset, a_ld},
                                                     element::info_of<value_type>, runtime::packing::blocks_of<resolved, true>(), wait);
  }
  packed_type pack_b(cl::CommandQueue& queue, Layout layout, Transpose b_transpose, std::size_t k, std::size_t n,
                     const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, const Events& wait = {}) const {
    static_assert(resolved::packs_b, "gemmcl::Gemm::pack_b: this Gemm has no PackedB<layout::CBL<N>> or "
                                     "PackedB<layout::RBL<N, K>> policy");
    return runtime::packing::Maker::pack<value_type>(queue, 'B', layout, b_transpose, k, n, {&b, b_offset, b_ld},
                                                     element::info_of<value_type>, runtime::packing::blocks_of<resolved, false>(), wait);
  }
  // Each with the epilogue's arguments after c_ld, where this Gemm's Epilogue takes some.
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                       std::size_t m, std::size_t n, std::size_t k, scalar_type alpha, const packed_type& a,
                       const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, scalar_type beta, cl::Buffer& c,
                       std::size_t c_offset, std::size_t c_ld, const Events& wait = {}) const {
    return run_packed(queue, layout, a_transpose, b_transpose, m, n, k, alpha, &a, {}, nullptr, {&b, b_offset, b_ld},
                      beta, {&c, c_offset, c_ld}, nullptr, wait);
  }
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                       std::size_t m, std::size_t n, std::size_t k, scalar_type alpha, const packed_type& a,
                       const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, scalar_type beta, cl::Buffer& c,
                       std::size_t c_offset, std::size_t c_ld, const epilogue_args& epilogue,
                       const Events& wait = {}) const {
    return run_packed(queue, layout, a_transpose, b_transpose, m, n, k, alpha, &a, {}, nullptr, {&b, b_offset, b_ld},
                      beta, {&c, c_offset, c_ld}, &epilogue, wait);
  }
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                       std::size_t m, std::size_t n, std::size_t k, scalar_type alpha, const cl::Buffer& a,
                       std::size_t a_offset, std::size_t a_ld, const packed_type& b, scalar_type beta, cl::Buffer& c,
                       std::size_t c_offset, std::size_t c_ld, const Events& wait = {}) const {
    return run_packed(queue, layout, a_transpose, b_transpose, m, n, k, alpha, nullptr, {&a, a_offset, a_ld}, &b, {},
                      beta, {&c, c_offset, c_ld}, nullptr, wait);
  }
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                       std::size_t m, std::size_t n, std::size_t k, scalar_type alpha, const cl::Buffer& a,
                       std::size_t a_offset, std::size_t a_ld, const packed_type& b, scalar_type beta, cl::Buffer& c,
                       std::size_t c_offset, std::size_t c_ld, const epilogue_args& epilogue,
                       const Events& wait = {}) const {
    return run_packed(queue, layout, a_transpose, b_transpose, m, n, k, alpha, nullptr, {&a, a_offset, a_ld}, &b, {},
                      beta, {&c, c_offset, c_ld}, &epilogue, wait);
  }
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                       std::size_t m, std::size_t n, std::size_t k, scalar_type alpha, const packed_type& a,
                       const packed_type& b, scalar_type beta, cl::Buffer& c, std::size_t c_offset, std::size_t c_ld,
                       const Events& wait = {}) const {
    return run_packed(queue, layout, a_transpose, b_transpose, m, n, k, alpha, &a, {}, &b, {}, beta,
                      {&c, c_offset, c_ld}, nullptr, wait);
  }
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose, Transpose b_transpose,
                       std::size_t m, std::size_t n, std::size_t k, scalar_type alpha, const packed_type& a,
                       const packed_type& b, scalar_type beta, cl::Buffer& c, std::size_t c_offset, std::size_t c_ld,
                       const epilogue_args& epilogue, const Events& wait = {}) const {
    return run_packed(queue, layout, a_transpose, b_transpose, m, n, k, alpha, &a, {}, &b, {}, beta,
                      {&c, c_offset, c_ld}, &epilogue, wait);
  }

 private:
  static constexpr bool has_epilogue =
      epilogue_type::activation != Activation::Identity || epilogue_type::bias != Bias::None;

  // The call's epilogue (e: its arguments, if the call passed any). A Gemm without one compiles no
  // epilogue checks into its calls.
  static core::Epilogue epilogue_of(const epilogue_args* e, Layout layout, std::size_t m, std::size_t n) {
    if constexpr (has_epilogue) {
      return runtime::make_epilogue(epilogue_type::activation, epilogue_type::bias, e != nullptr ? *e : epilogue_args{},
                                    layout, m, n);
    } else {
      if (e != nullptr && e->bias != nullptr) runtime::reject_bias_without_epilogue();
      return {};
    }
  }

  // What a call returns: every command's event (enqueue_all), the last one's (operator()), none (enqueue).
  enum class Returns { every_event, last_event, no_event };

  // One product: checks, then tensor cores, widened copies or the plan's kernel. Without an event, the
  // vector returned may be empty.
  std::vector<cl::Event> enqueue_call(cl::CommandQueue& queue, Layout layout, Transpose ta, Transpose tb,
                                      std::size_t m, std::size_t n, std::size_t k, scalar_type alpha,
                                      const core::Matrix& a, const core::Matrix& b, scalar_type beta,
                                      const core::Matrix& c, const epilogue_args* epilogue, const Events& wait,
                                      Returns returns = Returns::every_event) const {
    const runtime::QueueTarget target =
        runtime::queue_target(queue, returns == Returns::last_event, returns == Returns::no_event);
    runtime::check_layout<resolved>(layout, ta, tb);
    core::Problem p = runtime::make_problem(layout, ta, tb, m, n, k, a, b, c, sizeof(value_type), sizeof(c_type));
    p.epilogue = epilogue_of(epilogue, layout, m, n);
    if (p.empty()) return {runtime::marker(queue, wait)};
    return runtime::run_product<resolved>(queue, target, p, alpha, beta, wait);
  }

  // A call with packed operands: checked as any call, then this Gemm's configuration on the blocks.
  // epilogue: nullptr where the call passed no epilogue arguments.
  template <class E>
  cl::Event run_packed(cl::CommandQueue& queue, Layout layout, Transpose ta, Transpose tb, std::size_t m,
                       std::size_t n, std::size_t k, scalar_type alpha, const packed_type* pa, core::Matrix a,
                       const packed_type* pb, core::Matrix b, scalar_type beta, const core::Matrix& c, E epilogue,
                       const Events& wait) const {
    static_assert(!std::is_null_pointer_v<E> || !epilogue_type::needs_arguments,
                  "gemmcl::Gemm: this Gemm's Epilogue has a bias or Clamp's bounds: pass a "
                  "Gemm::epilogue_args after c_ld");
    const runtime::QueueTarget target = runtime::queue_target(queue);
    runtime::check_layout<resolved>(layout, ta, tb);
    if (pa != nullptr) a = runtime::packing::check(*pa, 'A', runtime::packing::blocks_of<resolved, true>(), m, k, layout, ta, target.context);
    if (pb != nullptr) b = runtime::packing::check(*pb, 'B', runtime::packing::blocks_of<resolved, false>(), k, n, layout, tb, target.context);
    core::Problem p = runtime::make_problem(layout, ta, tb, m, n, k, a, b, c, sizeof(value_type), sizeof(c_type));
    p.epilogue = epilogue_of(epilogue, layout, m, n);
    return runtime::packing::run<resolved>(queue, target, p, pa, pb, alpha, beta, wait);
  }

  // Both batched forms: checks, then one launch (or, with nothing to multiply, C := beta * C per product).
  cl::Event run_batch(cl::CommandQueue& queue, Layout layout, Transpose ta, Transpose tb, std::size_t m,
                      std::size_t n, std::size_t k, const core::Matrix& a, runtime::batch::Offsets ao,
                      const core::Matrix& b, runtime::batch::Offsets bo, const core::Matrix& c,
                      const runtime::batch::Offsets& co, std::size_t count, const scalar_type* alphas,
                      const scalar_type* betas, const epilogue_args* epilogue, const Events& wait,
                      bool arrays = false) const {
    const runtime::QueueTarget target = runtime::queue_target(queue);
    runtime::check_layout<resolved>(layout, ta, tb);
    runtime::batch::check_count(count);
    core::Problem p = runtime::make_problem(layout, ta, tb, m, n, k, a, b, c, sizeof(value_type), sizeof(c_type));
    runtime::batch::check(layout, ta, tb, m, n, k, a, ao, b, bo, c, co, count, sizeof(value_type), sizeof(c_type));
    p.epilogue = epilogue_of(epilogue, layout, m, n);
    if (p.empty() || count == 0) return runtime::marker(queue, wait);
    if (layout == Layout::RowMajor) std::swap(ao, bo);  // as make_problem swaps A and B
    p.batch.count = count;  // the plan scores the batch as a whole
    const dispatch::Plan plan = dispatch::plan_batched<resolved>(p, core::device_info(target.device));
    constexpr bool c_narrow = std::is_same_v<c_type, value_type>;
    if (k == 0 || (!arrays && alphas[0] == scalar_type(0))) {
      if constexpr (resolved::widened)
        return runtime::batch::scale_each_widened(queue, target, p, plan, element::info_of<value_type>, c_narrow, co,
                                                  count, betas, arrays, wait);
      else
        return runtime::batch::scale_each<scalar_type>(queue, target, p, plan, ao, bo, co, count, alphas, betas,
                                                       arrays, wait);
    }
    runtime::batch::Arrays keep;
    p.batch = runtime::batch::describe(target.context, ao, bo, co, count, alphas, betas, arrays, keep);
    if constexpr (resolved::widened)
      return runtime::batch::run_widened(queue, target, p, plan, element::info_of<value_type>, c_narrow, alphas,
                                         betas, arrays, co, wait);
    // With arrays the kernel reads each product's alpha and beta; these stand for "a product".
    const scalar_type alpha = arrays ? scalar_type(1) : alphas[0], beta = arrays ? scalar_type(0) : betas[0];
    return std::move(runtime::run_checked<scalar_type>(queue, target, p, plan, alpha, beta, wait).back());
  }
};
}  // namespace gemmcl
