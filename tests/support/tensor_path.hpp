#pragma once
// The tensor-core path alone (runtime/tensor_cores.hpp), with Gemm's call signature, for the tests:
// on a device that has the path its real kernels; elsewhere, or with Emulate, the kernels with their
// instructions emulated. Misaligned A or B are packed into aligned copies first, as Gemm<> does.

#include <gemmcl/gemm.hpp>

#include <cstddef>
#include <vector>

#include "common.hpp"

namespace gt {

// Epi: a fused epilogue (gemmcl::Epilogue<A, B>), whose arguments a second call form takes. Hopper: where
// the kernel is emulated, emulate the Hopper (wgmma) kernel rather than the mma.sync one. NoEvent: as
// Gemm's enqueue, the call asks for no event; a marker after it stands for its end (on an in-order queue
// it follows the call's commands), and `events` counts those the call made.
template <class T, class CT, bool Emulate = false, class Epi = gemmcl::Epilogue<gemmcl::Activation::Identity>,
          bool Hopper = false, bool NoEvent = false>
struct TensorPath {
  mutable std::size_t events = 0;
  using value_type = T;
  using c_type = CT;
  using S = scalar_of<T>;
  using scalar_type = S;
  using epilogue_type = Epi;
  using epilogue_args = gemmcl::EpilogueArgs<S>;
  cl::Event operator()(cl::CommandQueue& queue, gemmcl::Layout layout, gemmcl::Transpose ta, gemmcl::Transpose tb,
                       std::size_t m, std::size_t n, std::size_t k, S alpha, const cl::Buffer& a, std::size_t a_off,
                       std::size_t a_ld, const cl::Buffer& b, std::size_t b_off, std::size_t b_ld, S beta,
                       cl::Buffer& c, std::size_t c_off, std::size_t c_ld, const epilogue_args& epilogue = {}) const {
    namespace rt = gemmcl::runtime;
    // As Gemm's operator(): only the call's last command makes an event, on an in-order queue.
    const rt::QueueTarget target = rt::queue_target(queue, true, NoEvent);
    gemmcl::core::Problem p = rt::make_problem(layout, ta, tb, m, n, k, {&a, a_off, a_ld}, {&b, b_off, b_ld},
                                               {&c, c_off, c_ld}, sizeof(T), sizeof(CT));
    p.epilogue = rt::make_epilogue(Epi::activation, Epi::bias, epilogue, layout, m, n);
    const gemmcl::element::Info& e = gemmcl::element::info_of<T>;
    const bool emulate = Emulate || !rt::tensor::takes(gemmcl::core::device_info(target.device), e);
    std::vector<cl::Event> made = rt::tensor::run<S>(queue, target, p, e, sizeof(CT) == 2, alpha, beta, {}, emulate, Hopper);
    events = made.size();
    if (!NoEvent) return made.back();
    cl::Event end;
    queue.enqueueMarkerWithWaitList(nullptr, &end);
    return end;
  }
};

}  // namespace gt
