#pragma once
// gemmcl: GEMM kernels composed from compile-time policies.
//
//   gemmcl::Gemm<gemmcl::Tile<128, 128, 16>, gemmcl::Vec<4>> sgemm;
//   cl::Event e = sgemm(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No, gemmcl::Transpose::No,
//                       m, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
//
// Gemm<P...> resolves its policies into one configuration (policy/), whose OpenCL C text is generated
// at compile time (codegen/, vendor/) and built once per device by the runtime (runtime/).

#include <cstddef>
#include <string>
#include <string_view>

#include "codegen/source.hpp"
#include "policy/config.hpp"
#include "policy/resolve.hpp"
#include "policy/tags.hpp"
#include "runtime/arguments.hpp"
#include "runtime/device.hpp"
#include "runtime/error.hpp"
#include "runtime/launch.hpp"
#include "runtime/opencl.hpp"
#include "runtime/program_cache.hpp"
#include "vendor/generic.hpp"
#include "vendor/nvidia.hpp"

namespace gemmcl {

namespace detail {

// "float, Tile<64,64,16>, Vec<4>, WorkPerThread<4,4>, LocalMemory<Both>, Padding<0>, Prefetch<false>"
inline std::string describe(const policy::Config& c, std::string_view vendor) {
  auto s = std::string(c.element == policy::ElementType::Double ? "double" : "float");
  s += ", Tile<" + std::to_string(c.tile_m) + "," + std::to_string(c.tile_n) + "," +
       std::to_string(c.tile_k) + ">, Vec<" + std::to_string(c.vec) + ">, WorkPerThread<" +
       std::to_string(c.wpt_m) + "," + std::to_string(c.wpt_n) + ">, LocalMemory<";
  s += c.local_a && c.local_b ? "Both" : c.local_a ? "A" : c.local_b ? "B" : "None";
  s += ">, Padding<" + std::to_string(c.padding) + ">, Prefetch<" + (c.prefetch ? "true" : "false") +
       ">, Unroll<" + std::to_string(c.unroll_factor()) + ">, vendor " + std::string(vendor);
  return s;
}

// Runs one configuration's kernel on a validated, column-major problem.
template <class Vendor, policy::Config C, class T>
cl::Event run(cl::CommandQueue& queue, const runtime::QueueTarget& target,
              const runtime::Problem& p, T alpha, T beta, const Events& wait) {
  using path = vendor::VendorPath<Vendor>;
  static const std::string description = describe(C, path::name);

  runtime::Requirements req;
  req.local[0] = static_cast<std::size_t>(C.threads_m());
  req.local[1] = static_cast<std::size_t>(C.threads_n());
  req.local_bytes = C.local_bytes();
  req.fp64 = C.element == policy::ElementType::Double;
  req.device_vendor = path::device_vendor;
  req.describe = description;
  runtime::check_device(runtime::device_info(target.device), req);

  // k = 0 or alpha = 0: C := beta * C, and A and B are not read. With beta = 1 that is nothing.
  const bool no_product = p.k == 0 || alpha == T(0);
  if (no_product && beta == T(1)) return runtime::marker(queue, wait);

  // Whole-vector accesses need every matrix to start and stride on a multiple of the vector width.
  const auto multiple = [](const runtime::Matrix& x) {
    return x.offset % C.vec == 0 && x.ld % C.vec == 0;
  };
  const bool aligned = C.vec > 1 && multiple(p.a) && multiple(p.b) && multiple(p.c);
  std::string options = "-DGEMMCL_TRANS_A=" + std::to_string(int(p.trans_a)) +
                        " -DGEMMCL_TRANS_B=" + std::to_string(int(p.trans_b)) +
                        " -DGEMMCL_ALIGNED=" + std::to_string(int(aligned));
  if (!path::build_options.empty()) options += " " + std::string(path::build_options);

  const runtime::ProgramSource source{codegen::kernel_source<Vendor, C>.view(),
                                      codegen::kernel_source_hash<Vendor, C>, codegen::kernel_name,
                                      description};
  auto program =
      runtime::ProgramCache::instance().get_or_build(target.context, target.device, source, options);
  runtime::check_kernel(*program, req);

  const cl_int m = static_cast<cl_int>(p.m), n = static_cast<cl_int>(p.n);
  const cl_int k = no_product ? 0 : static_cast<cl_int>(p.k);
  const cl_int lda = static_cast<cl_int>(p.a.ld), ldb = static_cast<cl_int>(p.b.ld),
               ldc = static_cast<cl_int>(p.c.ld);
  const cl_ulong a_off = p.a.offset, b_off = p.b.offset, c_off = p.c.offset;
  // Unused operands (k = 0) may be null buffers; the kernel does not touch them then.
  const cl_mem none = nullptr;
  const cl_mem a = k == 0 ? none : (*p.a.buffer)();
  const cl_mem b = k == 0 ? none : (*p.b.buffer)();

  const std::size_t groups_m = (p.m + C.tile_m - 1) / C.tile_m;
  const std::size_t groups_n = (p.n + C.tile_n - 1) / C.tile_n;
  const std::size_t global[2] = {groups_m * req.local[0], groups_n * req.local[1]};

  auto lease = program->lease();
  return runtime::enqueue(queue, lease.get(), global, req.local,
                          {runtime::arg(m), runtime::arg(n), runtime::arg(k), runtime::arg(alpha),
                           runtime::arg(beta), runtime::arg(a), runtime::arg(a_off), runtime::arg(lda),
                           runtime::arg(b), runtime::arg(b_off), runtime::arg(ldb),
                           runtime::arg((*p.c.buffer)()), runtime::arg(c_off), runtime::arg(ldc)},
                          wait);
}

}  // namespace detail

template <class... Policies>
class Gemm {
  using resolved = policy::resolve<Policies...>;

 public:
  using value_type = typename resolved::element_type;
  using vendor_type = typename resolved::vendor;
  static constexpr policy::Config config = resolved::config;

  // The OpenCL C program of this configuration, fixed at compile time.
  static constexpr std::string_view source = codegen::kernel_source<vendor_type, config>.view();

  // C := alpha * op(A) * op(B) + beta * C, with CLBlast's argument order. Enqueues and returns the event
  // of the last command without waiting. Throws gemmcl::Error before enqueueing anything on bad input.
  cl::Event operator()(cl::CommandQueue& queue, Layout layout, Transpose a_transpose,
                       Transpose b_transpose, std::size_t m, std::size_t n, std::size_t k,
                       value_type alpha, const cl::Buffer& a, std::size_t a_offset, std::size_t a_ld,
                       const cl::Buffer& b, std::size_t b_offset, std::size_t b_ld, value_type beta,
                       cl::Buffer& c, std::size_t c_offset, std::size_t c_ld,
                       const Events& wait = {}) const {
    const runtime::QueueTarget target = runtime::queue_target(queue);
    const runtime::Problem p = runtime::make_problem(
        layout, a_transpose, b_transpose, m, n, k, {&a, a_offset, a_ld}, {&b, b_offset, b_ld},
        {&c, c_offset, c_ld}, sizeof(value_type));
    if (p.empty()) return runtime::marker(queue, wait);
    return detail::run<vendor_type, config>(queue, target, p, alpha, beta, wait);
  }
};

}  // namespace gemmcl
