#pragma once
// bfloat16: the upper 16 bits of an IEEE binary32 (1 sign, 8 exponent, 7 fraction bits): float's range
// at lower precision. Products accumulate in float; alpha and beta are float. The generic path widens A
// and B to float (exact: a shift) and rounds C back to nearest even, on every OpenCL device.

#include <bit>
#include <cstdint>

#include "element.hpp"
#include "float.hpp"

namespace gemmcl {

class bfloat16 {
 public:
  bfloat16() = default;
  // Rounds to nearest, ties to even; overflow gives infinity, NaN stays NaN (quiet).
  constexpr explicit bfloat16(float f) noexcept : bits_(round(f)) {}
  constexpr explicit operator float() const noexcept { return std::bit_cast<float>(std::uint32_t(bits_) << 16); }

  static constexpr bfloat16 from_bits(std::uint16_t bits) noexcept {
    bfloat16 b;
    b.bits_ = bits;
    return b;
  }
  constexpr std::uint16_t bits() const noexcept { return bits_; }

 private:
  static constexpr std::uint16_t round(float f) noexcept {
    const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) return std::uint16_t((x >> 16) | 0x40u);  // NaN, made quiet
    return std::uint16_t((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);
  }

  std::uint16_t bits_ = 0;
};

template <>
struct element_traits<bfloat16> {
  using scalar = float;
  using compute = float;
  // The same rounding as the host's, in OpenCL C on the element's bits.
  static constexpr element::Info info{
      "bfloat16", 2, "float", "", ErrorCode::ElementUnsupported, "Element<bfloat16>",
      &element_traits<float>::info, "ushort",
      "#define LOAD_NARROW(p) as_float((uint)*(p) << 16)\n"
      "inline ushort round_bfloat16(const float v) {\n"
      "  const uint x = as_uint(v);\n"
      "  if ((x & 0x7FFFFFFFu) > 0x7F800000u) return (ushort)((x >> 16) | 0x40u);  // NaN, made quiet\n"
      "  return (ushort)((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);  // to nearest, ties to even\n"
      "}\n"
      "#define STORE_NARROW(v, p) (*(p) = round_bfloat16(v))\n"};
};

}  // namespace gemmcl
