#pragma once
// The tensor maps (TMA descriptors) through which the Hopper kernels load operands
// (codegen/tensor/wgmma_tma.hpp, dmma_tma.hpp): 128 bytes that the hardware reads. CUDA writes them with cuTensorMapEncodeTiled, which OpenCL does not
// offer; gemmcl writes the fields of the one form it uses itself: two dimensions, the inner one
// contiguous, no interleave, 128-byte swizzle, elements of one stride, zeros outside the tensor, no L2
// promotion. The layout was read from libcuda's maps for such parameters (driver 580, H200;
// bench/results/h200-tma-tf32.txt), and the GPU tests check it against libcuda's encoder. The address is
// left zero: the kernel writes the operand's own into its copy (tensormap.replace), so the runtime
// never needs a buffer's device address.

#include <array>
#include <cstdint>

#include "../core/error.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime::tma {

struct TensorMap {
  alignas(64) std::array<std::uint64_t, 16> words{};
};

// Element types, as the map's type field holds them (TFLOAT32: float rounded to TF32 as it is copied,
// nearest, ties to even). FLOAT64's code is libcuda's for its FLOAT64 (H200, driver 580), not CUDA's enum.
enum class MapType : std::uint64_t { Float16 = 6, Float32 = 7, Float64 = 9, BFloat16 = 10, TFloat32 = 7 | (1u << 9) };

// A map of an inner x outer tensor whose outer rows lie stride_bytes apart, loaded in boxes of
// box_inner x box_outer elements of `bytes` each, with the 128-byte swizzle (box rows of 16 to 128 bytes).
inline TensorMap tiled_2d(MapType type, unsigned bytes, std::uint64_t inner, std::uint64_t outer,
                          std::uint64_t stride_bytes, unsigned box_inner, unsigned box_outer) {
  const unsigned row = box_inner * bytes;
  if (inner == 0 || outer == 0 || inner > (1ull << 32) || outer > (1ull << 32) || stride_bytes % 16 != 0 ||
      stride_bytes >= (1ull << 40) || row % 16 != 0 || row == 0 || row > 128 || box_outer == 0 || box_outer > 256)
    throw Error(ErrorCode::InvalidSize, "a TMA tensor map cannot describe this operand (extents, stride or box)");
  const std::uint64_t code = static_cast<std::uint64_t>(type);
  TensorMap m;
  // Word 1: rank less one at bit 4, the element type from bit 7 (its TF32 flag is bit 16), the swizzle
  // (3: 128 bytes) at bit 13; the outer stride in 16-byte units from bit 32.
  m.words[1] = (1ull << 4) | ((code & 0xFu) << 7) | ((code >> 9) << 16) | (3ull << 13) | ((stride_bytes >> 4) << 32);
  m.words[4] = (inner - 1) | ((outer - 1) << 32);               // extents less one
  m.words[6] = static_cast<std::uint64_t>(box_inner - 1) << 56;  // the box, less one
  m.words[7] = box_outer - 1;
  m.words[8] = std::uint64_t(box_inner) * box_outer * bytes;     // the box's bytes
  m.words[9] = 1024;                                             // the 128-byte swizzle's span of 8 rows
  return m;
}

}  // namespace gemmcl::runtime::tma
GEMMCL_COLD_END
