#pragma once
// double: 64-bit IEEE, on devices with cl_khr_fp64.

#include "element.hpp"

namespace gemmcl {

template <>
struct element_traits<double> {
  using scalar = double;
  static constexpr element::Info info{"double", 8, "double", "cl_khr_fp64", ErrorCode::DoubleUnsupported,
                                      "Element<double>"};
};

}  // namespace gemmcl
