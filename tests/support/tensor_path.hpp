#pragma once
// The tensor-core path alone (runtime/tensor_cores.hpp), with Gemm's call signature, for the tests:
// on a device that has the path its real kernels; elsewhere, or with Emulate, the kernels with their
// instructions emulated. Misaligned A or B are packed into aligned copies first, as Gemm<> does.

#include <gemmcl/gemm.hpp>

#include <cstddef>

#include "common.hpp"

namespace gt {

template <class T, class CT, bool Emulate = false>
struct TensorPath {
  using value_type = T;
  using c_type = CT;
  using S = scalar_of<T>;
  cl::Event operator()(cl::CommandQueue& queue, gemmcl::Layout layout, gemmcl::Transpose ta, gemmcl::Transpose tb,
                       std::size_t m, std::size_t n, std::size_t k, S alpha, const cl::Buffer& a, std::size_t a_off,
                       std::size_t a_ld, const cl::Buffer& b, std::size_t b_off, std::size_t b_ld, S beta,
                       cl::Buffer& c, std::size_t c_off, std::size_t c_ld) const {
    namespace rt = gemmcl::runtime;
    const rt::QueueTarget target = rt::queue_target(queue);
    const gemmcl::core::Problem p = rt::make_problem(layout, ta, tb, m, n, k, {&a, a_off, a_ld}, {&b, b_off, b_ld},
                                                     {&c, c_off, c_ld}, sizeof(T), sizeof(CT));
    const gemmcl::element::Info& e = gemmcl::element::info_of<T>;
    const bool emulate = Emulate || !rt::tensor::takes(gemmcl::core::device_info(target.device), e);
    return rt::tensor::run<S>(queue, target, p, e, sizeof(CT) == 2, alpha, beta, {}, emulate).back();
  }
};

}  // namespace gt
