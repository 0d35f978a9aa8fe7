#pragma once
// Rounding a float to TF32 (10 fraction bits) as cuBLAS's TF32 mode rounds its inputs: to nearest,
// ties to even (measured on an H200: 1 + 2^-11 becomes 1 and 1 + 3 * 2^-11 becomes 1 + 2^-9). The
// tensor cores drop a float's low 13 bits, so every TF32 path rounds its inputs first: the runtime's
// copies (the packing kernel) and the emulated kernels with this function, the kernels on compute
// capability 9.0 with cvt.rn, which rounds the same (on 8.x the kernels' cvt.rna rounds ties away
// from zero: ptx_sm80.hpp). Infinities stay; a NaN stays a NaN once the tensor cores drop its low
// bits (its quiet bit is set).

#include <string_view>

namespace gemmcl::codegen {

inline constexpr std::string_view tf32_round_function = R"CLC(
// A float's bits rounded to TF32: nearest, ties to even.
static inline uint tf32_round_nearest_even(const uint x) {
  if ((x & 0x7F800000u) == 0x7F800000u) return (x & 0x007FFFFFu) != 0u ? x | 0x00400000u : x;
  return (x + 0x0FFFu + ((x >> 13) & 1u)) & 0xFFFFE000u;
}
)CLC";

}  // namespace gemmcl::codegen
