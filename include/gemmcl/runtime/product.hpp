#pragma once
// Which path runs a checked, non-empty product of a Gemm's resolved configuration: the tensor cores
// where Gemm<> finds them on the device (16-bit elements, doubles, float with Math<TF32>), float kernels
// on widened copies for other 16-bit products, or the kernel that dispatch/ plans.

#include <type_traits>
#include <vector>

#include "../core/device.hpp"
#include "../core/opencl.hpp"
#include "../core/problem.hpp"
#include "../core/types.hpp"
#include "../dispatch/dispatch.hpp"
#include "../element/all.hpp"
#include "enqueue.hpp"
#include "self_check.hpp"
#include "tensor_cores.hpp"
#include "tuning.hpp"
#include "widen.hpp"

namespace gemmcl::runtime {

template <class Resolved, class S>
std::vector<cl::Event> run_product(cl::CommandQueue& queue, const QueueTarget& target, const core::Problem& p,
                                   S alpha, S beta, const Events& wait) {
  using value_type = typename Resolved::element_type;
  using c_type = typename Resolved::c_element_type;
  const core::DeviceInfo& device = core::device_info(target.device);
  const bool tensor_ok = p.k > 0 && alpha != S(0);
  if constexpr (Resolved::widened) {
    // 16-bit elements: tensor cores where the device has them (Gemm<> only), else float kernels on
    // widened copies (which need their events: with_events).
    constexpr bool c_narrow = std::is_same_v<c_type, value_type>;
    if constexpr (Resolved::automatic)
      if (tensor_ok && tensor::takes(device, element::info_of<value_type>))
        return tensor::run<float>(queue, target, p, element::info_of<value_type>, c_narrow, alpha, beta, wait);
    const dispatch::Plan plan = dispatch::plan<Resolved>(p, device, alpha != S(0), tuning::table_for<Resolved>(device));
    return run_widened(queue, with_events(target), p, plan, element::info_of<value_type>, c_narrow, alpha, beta, wait);
  } else {
    // Gemm<> with Math<TF32> (float) or with doubles: tensor cores where the device has them.
    constexpr bool tensor_type = std::is_same_v<value_type, double> ||
                                 (std::is_same_v<value_type, float> && Resolved::math == MathMode::TF32);
    if constexpr (Resolved::automatic && tensor_type)
      if (tensor_ok && tensor::takes(device, element::info_of<value_type>))
        return tensor::run<S>(queue, target, p, element::info_of<value_type>, false, alpha, beta, wait);
    const dispatch::Plan plan = dispatch::plan<Resolved>(p, device, alpha != S(0), tuning::table_for<Resolved>(device));
    return run_checked<S>(queue, target, p, plan, alpha, beta, wait);
  }
}

}  // namespace gemmcl::runtime
