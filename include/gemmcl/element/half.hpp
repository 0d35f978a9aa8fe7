#pragma once
// half: IEEE 754 binary16 storage (1 sign, 5 exponent, 10 fraction bits). Products accumulate in float;
// alpha and beta are float. The generic path widens A and B to float and rounds C back (round to
// nearest even), so every OpenCL device runs it, with or without cl_khr_fp16.

#include <bit>
#include <cstdint>

#include "element.hpp"
#include "float.hpp"

namespace gemmcl {

class half {
 public:
  half() = default;
  // Rounds to nearest, ties to even; overflow gives infinity, NaN stays NaN (quiet).
  constexpr explicit half(float f) noexcept : bits_(round(f)) {}
  constexpr explicit operator float() const noexcept { return widen(bits_); }

  static constexpr half from_bits(std::uint16_t bits) noexcept {
    half h;
    h.bits_ = bits;
    return h;
  }
  constexpr std::uint16_t bits() const noexcept { return bits_; }

 private:
  static constexpr std::uint16_t round(float f) noexcept {
    const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    const std::uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7FFFFFFFu;
    if (ax > 0x7F800000u) return std::uint16_t(sign | 0x7E00u | ((ax >> 13) & 0x3FFu));  // NaN
    if (ax >= 0x477FF000u) return std::uint16_t(sign | 0x7C00u);  // 65520 and up round to infinity
    std::uint32_t r, rest, tie;
    if (ax >= 0x38800000u) {  // normal: rebias the exponent (127 -> 15), keep 10 fraction bits
      r = (ax - 0x38000000u) >> 13;
      rest = ax & 0x1FFFu;
      tie = 0x1000u;
    } else {  // subnormal or zero: units of 2^-24
      const int shift = 126 - int(ax >> 23);
      if (shift > 24) return std::uint16_t(sign);
      const std::uint32_t mant = (ax & 0x7FFFFFu) | 0x800000u;
      r = mant >> shift;
      rest = mant & ((1u << shift) - 1);
      tie = 1u << (shift - 1);
    }
    if (rest > tie || (rest == tie && (r & 1u))) ++r;  // a carry moves into the exponent, as it should
    return std::uint16_t(sign | r);
  }
  static constexpr float widen(std::uint16_t h) noexcept {
    const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16, exp = (h >> 10) & 0x1Fu;
    std::uint32_t mant = h & 0x3FFu;
    if (exp == 31) return std::bit_cast<float>(sign | 0x7F800000u | (mant << 13));
    if (exp != 0) return std::bit_cast<float>(sign | ((exp + 112) << 23) | (mant << 13));
    if (mant == 0) return std::bit_cast<float>(sign);
    std::uint32_t e = 113;  // subnormal: normalise
    while ((mant & 0x400u) == 0) {
      mant <<= 1;
      --e;
    }
    return std::bit_cast<float>(sign | (e << 23) | ((mant & 0x3FFu) << 13));
  }

  std::uint16_t bits_ = 0;
};

template <>
struct element_traits<half> {
  using scalar = float;
  using compute = float;
  // OpenCL C reads and writes binary16 with vload_half / vstore_half_rte, core since OpenCL 1.0.
  static constexpr element::Info info{
      "half", 2, "float", "", ErrorCode::ElementUnsupported, "Element<half>", &element_traits<float>::info,
      "ushort",
      "#define LOAD_NARROW(p) vload_half(0, (const __global half*)(p))\n"
      "#define STORE_NARROW(v, p) vstore_half_rte((v), 0, (__global half*)(p))\n"};
};

}  // namespace gemmcl
