#pragma once
// Whether to pack an operand: copy A or B into a scratch buffer whose offset is 0 and whose leading
// dimension is a multiple of 32 elements, so the product reads it as whole vectors (should_pack), or
// into its other storage order (should_transpose). The copy moves each element twice; the product
// uses each element of A n times and each of B m times.

#include <cstddef>

#include "../core/device.hpp"
#include "../policy/tags.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch {

using core::DeviceInfo;

// Thresholds of should_transpose, measured with PoCL on a 2-core AVX2 machine: the transposing copy sped
// up the transposed pairs at 1024^3, and was mixed at 512^3 (bench/results/cpu.md).
inline constexpr std::size_t kTransposeMinUses = 64;
inline constexpr double kTransposeMinFlops = 134217728.0;  // 2^27

// The packed copy's leading dimension: 128 bytes of floats, so its columns also start on cache lines.
inline std::size_t packed_ld(std::size_t rows) { return (rows + 31) / 32 * 32; }

// requested: Pack<P>'s P. rows x cols: the operand as stored;
// uses: how many products each of its elements enters (n for A, m for B).
inline bool should_pack(Packing requested, const DeviceInfo& d, std::size_t rows, std::size_t cols,
                        std::size_t uses, std::size_t k, std::size_t element_bytes) {
  if (requested == Packing::Never || packed_ld(rows) > 2147483647u) return false;
  if (packed_ld(rows) * cols * element_bytes > d.max_mem_alloc_size) return false;
  if (requested == Packing::Always) return true;
  // CPUs load misaligned vectors at nearly full speed.
  if (d.is_cpu()) return false;
  // On GPUs element-wise reads slow the product down; the copy (two launches and a pass over the
  // operand) repays that only for long products: on an H200 packing paid from about 4096^3 up and lost
  // at 2047^3 and below (bench/results/h200-sgemm.md).
  const double flops = 2.0 * double(rows) * double(cols) * double(uses);
  return uses >= 2048 && k >= 2048 && flops >= 68719476736.0;  // 2^36 flops: half of 4096^3's
}

// Whether to copy a transposed operand into its untransposed order first (the packing kernel's
// transposing copy), so that the product reads it as it reads an operand that was not transposed.
// Only with Packing::Auto on CPUs: gemmcl's CPU kernels stream A along its rows and B along K, which
// a transposed operand turns into strided reads (one cache line, often one page, per K step of B^T)
// or scalar stores into the A tile. rows x cols: the operand as stored; uses: as for should_pack.
inline bool should_transpose(Packing requested, const DeviceInfo& d, std::size_t rows, std::size_t cols,
                             std::size_t uses, std::size_t element_bytes) {
  if (requested != Packing::Auto || !d.is_cpu() || packed_ld(cols) > 2147483647u) return false;
  if (packed_ld(cols) * rows * element_bytes > d.max_mem_alloc_size) return false;
  const double flops = 2.0 * double(rows) * double(cols) * double(uses);
  return uses >= kTransposeMinUses && flops >= kTransposeMinFlops;
}

}  // namespace gemmcl::dispatch
GEMMCL_COLD_END
