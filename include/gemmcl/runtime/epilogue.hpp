#pragma once
// The fused epilogue of a call: its arguments checked against the Gemm's Epilogue policy, and mapped
// onto the kernels' column-major C (a row-major C is its transpose there, so a bias per row of the
// caller's C is one per column of the kernels'); then the build options and kernel arguments that
// carry it (codegen/activation.hpp).

#include <cmath>
#include <cstddef>
#include <string>

#include "../core/error.hpp"
#include "../core/opencl.hpp"
#include "../core/problem.hpp"
#include "../core/types.hpp"
#include "../policy/epilogue.hpp"
#include "enqueue.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

// A bias passed to a Gemm without an Epilogue.
[[noreturn]] inline void reject_bias_without_epilogue() {
  throw Error(ErrorCode::InvalidEpilogue,
              "a bias buffer was passed, but the Gemm has no Epilogue with a bias: give it "
              "Epilogue<A, Bias::PerRow> or Epilogue<A, Bias::PerColumn>",
              Argument::epilogue);
}

// Checks the arguments of an Epilogue<A, B> call on an m x n C (the caller's terms); scalar_bytes is
// the size of the bias's elements.
template <class S>
core::Epilogue make_epilogue(Activation activation, Bias bias, const EpilogueArgs<S>& args, Layout layout,
                             std::size_t m, std::size_t n) {
  core::Epilogue e;
  e.activation = static_cast<int>(activation);
  if (activation == Activation::Clamp) {
    if (!(args.lo <= args.hi))  // NaN bounds fail too
      throw Error(ErrorCode::InvalidEpilogue,
                  "Clamp's bounds lo = " + std::to_string(double(args.lo)) + " and hi = " +
                      std::to_string(double(args.hi)) + " are not ordered (lo <= hi)",
                  Argument::epilogue);
    e.lo = double(args.lo);
    e.hi = double(args.hi);
  }
  if (bias == Bias::None) {
    if (args.bias != nullptr)
      throw Error(ErrorCode::InvalidEpilogue,
                  "a bias buffer was passed, but the Gemm's Epilogue has none (Bias::None): give it "
                  "Bias::PerRow or Bias::PerColumn",
                  Argument::epilogue);
    return e;
  }
  const bool per_row = bias == Bias::PerRow;
  const std::size_t count = per_row ? m : n;
  e.bias = (per_row == (layout == Layout::ColMajor)) ? 1 : 2;
  e.bias_offset = args.bias_offset;
  e.bias_buffer = args.bias;
  if (m == 0 || n == 0) return e;  // nothing is stored, so the bias is not read
  const std::string what = per_row ? "one per row of C: m = " : "one per column of C: n = ";
  if (args.bias == nullptr || (*args.bias)() == nullptr)
    throw Error(ErrorCode::NullBuffer, "the bias buffer is null, but the Epilogue adds a bias (" + what +
                                           std::to_string(count) + " values)",
                Argument::epilogue);
  std::size_t bytes = 0;
  core::check(clGetMemObjectInfo((*args.bias)(), CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr),
              "clGetMemObjectInfo(CL_MEM_SIZE) of the bias");
  const std::size_t limit = bytes / sizeof(S);
  if (args.bias_offset > limit || count > limit - args.bias_offset)
    throw Error(ErrorCode::BufferTooSmall,
                "the bias needs bias_offset + " + std::to_string(count) + " = " +
                    (args.bias_offset > SIZE_MAX - count ? std::string("(overflow)")
                                                         : std::to_string(args.bias_offset + count)) +
                    " values (" + what + std::to_string(count) + "), but its buffer holds " +
                    std::to_string(bytes) + " bytes (" + std::to_string(limit) + " values)",
                Argument::epilogue);
  return e;
}

// The build options of an epilogue ("" for none).
inline std::string epilogue_options(const core::Epilogue& e) {
  if (!e.active()) return {};
  return " -DGEMMCL_ACTIVATION=" + std::to_string(e.activation) + " -DGEMMCL_BIAS=" + std::to_string(e.bias);
}

// The epilogue's kernel arguments (bias, bias_offset, act_lo, act_hi), kept alive for enqueue().
template <class T>
struct EpilogueValues {
  cl_mem bias = nullptr;
  cl_ulong offset = 0;
  T lo = T(0), hi = T(0);

  explicit EpilogueValues(const core::Epilogue& e)
      : bias(e.bias_buffer != nullptr ? (*e.bias_buffer)() : nullptr), offset(e.bias_offset), lo(T(e.lo)),
        hi(T(e.hi)) {}
  template <std::size_t N>
  void append(KernelArg (&args)[N], std::size_t& count) const {
    for (const KernelArg x : {arg(bias), arg(offset), arg(lo), arg(hi)}) args[count++] = x;
  }
};

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
