#pragma once
// The FP64 tensor-core kernel's variants (codegen/tensor/dmma.hpp): the tiles, work-groups and build
// options the runtime chooses from (runtime/tensor_cores.hpp), kept apart from the kernel's text.

#include <cstddef>
#include <string_view>

namespace gemmcl::codegen::tensor {

// A variant: its tile, work-group and build options, and whether two of its work-groups of 256 share a
// multiprocessor (then the PTX step caps it at 128 registers).
struct DmmaVariant {
  int tile_m, tile_n, threads;
  std::string_view options;
  bool two_per_unit;
};

// 0 is the default, the kernel built without options: 128 x 64 tiles of four 64 x 32 warps, K steps of
// 16 in three stages, m16n8k16 (about 250 registers; two work-groups share a multiprocessor), as cuBLAS
// tiles DGEMM on an H100. dmma_small (64 x 64 tiles of four 32 x 32 warps, m16n8k8) is taken where
// 128 x 64 tiles would leave multiprocessors idle (1000^3). The others, for tuning
// (GEMMCL_DMMA_VARIANT=i; each passed the GPU tests on an H200), ran slower there: m16n8k8; eight
// 32 x 32 warps, K steps of 8 in four stages or of 16 in three; 128 x 128 tiles; six stages.
inline constexpr DmmaVariant dmma_variants[] = {
    {128, 64, 128, "", false},
    {64, 64, 128, " -DGEMMCL_DMMA_BM=64 -DGEMMCL_DMMA_BK=8 -DGEMMCL_DMMA_STAGES=4 -DGEMMCL_DMMA_MMA_K=8", true},
    {128, 64, 128, " -DGEMMCL_DMMA_MMA_K=8", false},
    {128, 64, 256, " -DGEMMCL_DMMA_WARPS_M=4 -DGEMMCL_DMMA_BK=8 -DGEMMCL_DMMA_STAGES=4 -DGEMMCL_DMMA_MMA_K=8", true},
    {128, 64, 256, " -DGEMMCL_DMMA_WARPS_M=4 -DGEMMCL_DMMA_MMA_K=8", true},
    {128, 128, 256, " -DGEMMCL_DMMA_BN=128 -DGEMMCL_DMMA_WARPS_N=4 -DGEMMCL_DMMA_MMA_K=8", false},
    {64, 64, 128, " -DGEMMCL_DMMA_BM=64 -DGEMMCL_DMMA_BK=8 -DGEMMCL_DMMA_STAGES=6 -DGEMMCL_DMMA_MMA_K=8", true},
    {128, 64, 256, " -DGEMMCL_DMMA_WARPS_M=4 -DGEMMCL_DMMA_BK=32", false},
    {128, 64, 256, " -DGEMMCL_DMMA_WARPS_M=4", false},
};
inline constexpr std::size_t dmma_small = 1;

}  // namespace gemmcl::codegen::tensor
