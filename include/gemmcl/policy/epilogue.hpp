#pragma once
// Fused epilogues (Epilogue<A, B>): C := act(alpha * op(A) * op(B) + beta * C + bias), applied to each
// element of C as it is stored, so the product is never written to global memory first. With split K
// it is applied once, after the parts are added.

#include <cstddef>

#include "../core/opencl.hpp"
#include "tags.hpp"

namespace gemmcl {

// act(): identity; ReLU, max(x, 0); GELU in its tanh form, 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715
// x^3))); Clamp, min(max(x, lo), hi) with lo and hi given per call. Each keeps NaN.
enum class Activation { Identity, ReLU, GELU, Clamp };

// The bias: none, one value per row of C (m values), or one per column (n values), in the caller's
// terms whatever the layout. Its elements have the type of alpha and beta (float for half and
// bfloat16), and it is added before the activation.
enum class Bias { None, PerRow, PerColumn };

template <Activation A, Bias B = Bias::None>
struct Epilogue {
  using policy_kind = kind::epilogue;
  static constexpr Activation activation = A;
  static constexpr Bias bias = B;
  // Whether a call must pass EpilogueArgs: a bias buffer, or Clamp's bounds.
  static constexpr bool needs_arguments = B != Bias::None || A == Activation::Clamp;
};

// What a call with an epilogue passes after c_ld: the bias (a buffer of S, the scalar type, with the
// first value at bias_offset elements) where the Epilogue has one, and Clamp's bounds (lo <= hi).
template <class S>
struct EpilogueArgs {
  const cl::Buffer* bias = nullptr;
  std::size_t bias_offset = 0;
  S lo = S(0), hi = S(0);
};

}  // namespace gemmcl
