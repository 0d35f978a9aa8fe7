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

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <vector>

#include "codegen/source.hpp"
#include "core/device.hpp"
#include "core/error.hpp"
#include "core/opencl.hpp"
#include "core/types.hpp"
#include "dispatch/dispatch.hpp"
#include "element/all.hpp"
#include "policy/config.hpp"
#include "policy/resolve.hpp"
#include "policy/tags.hpp"
#include "runtime/arguments.hpp"
#include "runtime/enqueue.hpp"
#include "runtime/launch.hpp"
#include "runtime/self_check.hpp"
#include "runtime/tensor_cores.hpp"
#include "runtime/widen.hpp"
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

  // The resolved kernel configuration and the call rules (SplitK, Pack). For Gemm<> (no kernel policy
  // given) the configuration is the portable one; at run time Gemm<> picks from a built-in table per
  // device and shape (dispatch/).
  static constexpr policy::Config config = resolved::config;
  static constexpr policy::Rules rules = resolved::rules;
  static constexpr bool automatic = resolved::automatic;

  // The OpenCL C program of this configuration, a compile-time constant. Calls do not need it: they
  // write the same text at run time, on first use, so that it costs no compile time unless asked for.
  static constexpr std::string_view source = codegen::fixed_source<vendor_type, resolved>.view();

  // C := alpha * op(A) * op(B) + beta * C, with CLBlast's argument order. Enqueues and returns the event
  // of the last command without waiting. Throws gemmcl::Error before enqueueing anything on bad input.
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                       Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                       scalar_type alpha, const cl::Buffer& a, std::size_t a_offset, std::size_t a_ld,
                       const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, scalar_type beta,
                       cl::Buffer& c, std::size_t c_offset, std::size_t c_ld,
                       const Events& wait = {}) const {
    return enqueue_all(queue, layout, a_transpose, b_transpose, m, n, k, alpha, a, a_offset, a_ld, b,
                       b_offset, b_ld, beta, c, c_offset, c_ld, wait)
        .back();
  }

  // The same call, returning the events of every command it enqueued, in order: packing copies of A or
  // B if any, the product, and the second kernel when K is split and its parts are not added in the
  // kernel (first, on a call that creates a split-K ticket buffer, that buffer's zero fill). For
  // profiling: the call runs from the first event's start to the last event's end.
  std::vector<cl::Event> enqueue_all(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                                     Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                                     scalar_type alpha, const cl::Buffer& a, std::size_t a_offset,
                                     std::size_t a_ld, const cl::Buffer& b, std::size_t b_offset,
                                     std::size_t b_ld, scalar_type beta, cl::Buffer& c,
                                     std::size_t c_offset, std::size_t c_ld,
                                     const Events& wait = {}) const {
    const runtime::QueueTarget target = runtime::queue_target(queue);
    const core::Problem p = runtime::make_problem(layout, a_transpose, b_transpose, m, n, k,
                                                  {&a, a_offset, a_ld}, {&b, b_offset, b_ld},
                                                  {&c, c_offset, c_ld}, sizeof(value_type), sizeof(c_type));
    if (p.empty()) return {runtime::marker(queue, wait)};
    const core::DeviceInfo& device = core::device_info(target.device);
    if constexpr (resolved::widened) {
      // 16-bit elements: tensor cores where the device has them (Gemm<> only), else float kernels on
      // widened copies.
      constexpr bool c_narrow = std::is_same_v<c_type, value_type>;
      if constexpr (automatic)
        if (p.k > 0 && alpha != 0.0f && runtime::tensor::takes(device, element::info_of<value_type>))
          return runtime::tensor::run<float>(queue, target, p, element::info_of<value_type>, c_narrow, alpha, beta,
                                             wait);
      const dispatch::Plan plan = dispatch::plan<resolved>(p, device, alpha != scalar_type(0));
      return runtime::run_widened(queue, target, p, plan, element::info_of<value_type>, c_narrow, alpha, beta, wait);
    } else {
      // Gemm<> with Math<TF32> (float) or with doubles: tensor cores where the device has them.
      constexpr bool tensor = std::is_same_v<value_type, double> ||
                              (std::is_same_v<value_type, float> && resolved::math == MathMode::TF32);
      if constexpr (automatic && tensor)
        if (p.k > 0 && alpha != scalar_type(0) && runtime::tensor::takes(device, element::info_of<value_type>))
          return runtime::tensor::run<scalar_type>(queue, target, p, element::info_of<value_type>, false, alpha, beta,
                                                   wait);
      const dispatch::Plan plan = dispatch::plan<resolved>(p, device, alpha != scalar_type(0));
      return runtime::run_checked<scalar_type>(queue, target, p, plan, alpha, beta, wait);
    }
  }
};

}  // namespace gemmcl
