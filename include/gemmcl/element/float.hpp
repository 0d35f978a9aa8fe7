#pragma once
// float: 32-bit IEEE, every OpenCL device.

#include "element.hpp"

namespace gemmcl {

template <>
struct element_traits<float> {
  using scalar = float;
  static constexpr element::Info info{"float", 4, "float", "", ErrorCode::ElementUnsupported,
                                      "Element<float>"};
};

}  // namespace gemmcl
