#pragma once
// The FP64 tensor-core kernel's variants (codegen/tensor/dmma.hpp): the tiles, work-groups and build
// options the runtime chooses from (runtime/tensor_cores.hpp), kept apart from the kernel's text.

#include <cstddef>
#include <string_view>

namespace gemmcl::codegen::tensor {

// A variant: its tile, work-group and build options, whether the PTX step caps it at 128 registers
// so that more of its work-groups share a multiprocessor (two of 256 work-items, four of 128), whether
// it loads A and B by TMA (dmma_tma.hpp; then built for sm_90a through the PTX step), and whether one
// of its work-groups takes a whole multiprocessor (eight warps over 128 registers each, or seven
// stages of local memory), which is how many parts of a split K the runtime aims at.
struct DmmaVariant {
  int tile_m, tile_n, threads;
  std::string_view options;
  bool capped;
  bool tma = false;
  bool fills_unit = false;
};

// 0 is the default, the kernel built without options: 128 x 64 tiles of four 64 x 32 warps, K steps of
// 16 in three stages, m16n8k16 (two work-groups share a multiprocessor), as cuBLAS tiles DGEMM on an
// H100. dmma_small (64 x 64 tiles of four 32 x 32 warps, m16n8k8) is taken where 128 rows would pad m
// (m of 64) or where even 64 x 64 tiles are fewer than the multiprocessors. dmma_one_wave (the same
// 128 x 64 tiles in eight 32 x 32 warps, m16n8k8, each K step's fragments read while the previous
// step's MMAs run) is taken where 128 x 64 tiles are fewer than the multiprocessors (1000^3): one
// work-group a multiprocessor then, and eight warps hide more than four (with the copies' lean
// addressing, GEMMCL_DMMA_LEAN in dmma.hpp, they ran slower, so it is off); by TMA, with A M-contiguous
// and B K-major, its tiles turned around (64 x 128, dmma_one_wave_turned) instead. The others are for tuning
// (GEMMCL_DMMA_VARIANT=i): the default on m16n8k8 (3) and with its fragments read ahead (4), both
// slower at 4096^3; eight warps in four stages (5), as fast as dmma_one_wave at 1000^3, and on m16n8k16
// without reading ahead (6), slower there. bench/results/h200-fp64.md lists what else was tried.
inline constexpr DmmaVariant dmma_variants[] = {
    {128, 64, 128, "", false},
    {64, 64, 128, " -DGEMMCL_DMMA_BM=64 -DGEMMCL_DMMA_BK=8 -DGEMMCL_DMMA_STAGES=4 -DGEMMCL_DMMA_MMA_K=8", true},
    {128, 64, 256, " -DGEMMCL_DMMA_WARPS_M=4 -DGEMMCL_DMMA_MMA_K=8 -DGEMMCL_DMMA_PREFETCH=1 -DGEMMCL_DMMA_LEAN=0",
     false, false, true},
    {128, 64, 128, " -DGEMMCL_DMMA_MMA_K=8", false},
    {128, 64, 128, " -DGEMMCL_DMMA_MMA_K=8 -DGEMMCL_DMMA_PREFETCH=1", false},
    {128, 64, 256,
     " -DGEMMCL_DMMA_WARPS_M=4 -DGEMMCL_DMMA_STAGES=4 -DGEMMCL_DMMA_MMA_K=8 -DGEMMCL_DMMA_PREFETCH=1 -DGEMMCL_DMMA_LEAN=0",
     false, false, true},
    {128, 64, 256, " -DGEMMCL_DMMA_WARPS_M=4", false, false, true},
    // By TMA: the twins of 0, 1 and 2 (K steps of 16 throughout), then for tuning 0's on m16n8k8 (10)
    // and in four stages (11). The tiles of one work-group a multiprocessor (9, 12) fill seven stages,
    // not three: that work-group alone keeps the multiprocessor's loads in flight, and with more of them
    // the split skinny and deep products, which stream their large operand from memory, ran faster, and
    // 1000^3 too (H200; bench/results/h200-sgemm.md, "FP64: seven stages for one work-group a multiprocessor").
    {128, 64, 128, " -DGEMMCL_DMMA_TMA=1", false, true},
    {64, 64, 128, " -DGEMMCL_DMMA_BM=64 -DGEMMCL_DMMA_STAGES=3 -DGEMMCL_DMMA_MMA_K=8 -DGEMMCL_DMMA_TMA=1", true, true},
    {128, 64, 256,
     " -DGEMMCL_DMMA_WARPS_M=4 -DGEMMCL_DMMA_MMA_K=8 -DGEMMCL_DMMA_PREFETCH=1 -DGEMMCL_DMMA_LEAN=0 -DGEMMCL_DMMA_TMA=1"
     " -DGEMMCL_DMMA_STAGES=7",
     false, true, true},
    {128, 64, 128, " -DGEMMCL_DMMA_MMA_K=8 -DGEMMCL_DMMA_TMA=1", false, true},
    {128, 64, 128, " -DGEMMCL_DMMA_STAGES=4 -DGEMMCL_DMMA_TMA=1", false, true},
    // 9 turned around: 64 x 128 tiles of eight 32 x 32 warps (12, dmma_one_wave_turned).
    {64, 128, 256,
     " -DGEMMCL_DMMA_BM=64 -DGEMMCL_DMMA_BN=128 -DGEMMCL_DMMA_WARPS_M=2 -DGEMMCL_DMMA_WARPS_N=4 -DGEMMCL_DMMA_MMA_K=8"
     " -DGEMMCL_DMMA_PREFETCH=1 -DGEMMCL_DMMA_LEAN=0 -DGEMMCL_DMMA_TMA=1 -DGEMMCL_DMMA_STAGES=7",
     false, true, true},
    // Products of too few 128 x 64 tiles for the units and too shallow to split (512^3 to 768^3), by TMA in
    // seven stages: 64 x 32 tiles of four warps, two work-groups a unit (13), or 96 x 64 tiles of eight
    // warps, one a unit (14). A multiprocessor's four schedulers each run its MMAs for their own warps,
    // so a work-group's warps come in fours with equal shares: six warps of a 96 x 64 tile ran no faster
    // than eight of a 128 x 64 one.
    {64, 32, 128,
     " -DGEMMCL_DMMA_BM=64 -DGEMMCL_DMMA_BN=32 -DGEMMCL_DMMA_WARPS_M=2 -DGEMMCL_DMMA_WARPS_N=2 -DGEMMCL_DMMA_MMA_K=8"
     " -DGEMMCL_DMMA_PREFETCH=1 -DGEMMCL_DMMA_LEAN=0 -DGEMMCL_DMMA_TMA=1 -DGEMMCL_DMMA_STAGES=7",
     false, true},
    {96, 64, 256,
     " -DGEMMCL_DMMA_BM=96 -DGEMMCL_DMMA_BN=64 -DGEMMCL_DMMA_WARPS_M=2 -DGEMMCL_DMMA_WARPS_N=4 -DGEMMCL_DMMA_MMA_K=8"
     " -DGEMMCL_DMMA_PREFETCH=1 -DGEMMCL_DMMA_LEAN=0 -DGEMMCL_DMMA_TMA=1 -DGEMMCL_DMMA_STAGES=7",
     false, true, true},
    // For tuning: 13's tiles in K steps of 32 (two 16-deep halves a stage), m16n8k16, three stages (15). Half
    // the barriers and waits of 13 per MMA; on the H200 faster than 13 at 512^3 but slower at 576^3 and
    // 640^3, so 13 stays (bench/results/h200-fp64.md, "under events: what is left", H200).
    {64, 32, 128,
     " -DGEMMCL_DMMA_BM=64 -DGEMMCL_DMMA_BN=32 -DGEMMCL_DMMA_BK=32 -DGEMMCL_DMMA_MMA_K=16"
     " -DGEMMCL_DMMA_PREFETCH=1 -DGEMMCL_DMMA_LEAN=0 -DGEMMCL_DMMA_TMA=1 -DGEMMCL_DMMA_STAGES=3",
     false, true},
    // Products whose 32 x 32 tiles fit two a unit in one wave (512^3 and below), by TMA: four 16 x 16 warps,
    // m16n8k16, K steps of 32 in four stages (16). Each unit then holds two work-groups, so each scheduler
    // two warps where 13's tiles gave it one: faster than 13 at 512^3 (H200; bench/results/h200-fp64.md,
    // "the kernel beside cuBLAS's"; first measured in "smaller tiles", in git history at 9b402cf). Its maps
    // come whole, addresses included (GEMMCL_DMMA_PARAM_MAPS): at 512^3 the work-groups' own setup of them
    // took a tenth of the call (bench/results/h200-fp64.md, "The maps in the parameters").
    {32, 32, 128,
     " -DGEMMCL_DMMA_BM=32 -DGEMMCL_DMMA_BN=32 -DGEMMCL_DMMA_BK=32 -DGEMMCL_DMMA_MMA_K=16"
     " -DGEMMCL_DMMA_PREFETCH=1 -DGEMMCL_DMMA_LEAN=0 -DGEMMCL_DMMA_TMA=1 -DGEMMCL_DMMA_STAGES=4"
     " -DGEMMCL_DMMA_PARAM_MAPS=1",
     false, true},
};
// Whether a variant takes its tensor maps whole, addresses included (the runtime then asks for the
// buffers' device addresses: runtime/device_address.hpp).
constexpr bool takes_whole_maps(const DmmaVariant& v) {
  return v.options.find("-DGEMMCL_DMMA_PARAM_MAPS=1") != std::string_view::npos;
}
inline constexpr std::size_t dmma_small = 1, dmma_one_wave = 2, dmma_one_wave_turned = 12, dmma_fine = 13,
                             dmma_mid = 14, dmma_finest = 16;
// The TMA twin of variant 0, 1 or 2.
inline constexpr std::size_t dmma_tma_twin(std::size_t i) { return 7 + i; }

// Whether every variant loading by TMA takes K steps of whole 16-double halves (16 by default), each
// half one 128-byte row of a box, as the kernel requires (dmma_tma.hpp) and the runtime's maps assume;
// and steps that divide 64, the unit of a split K (tensor_cores.hpp), so no step crosses into the next part.
template <std::size_t N>
constexpr bool tma_k_steps_in_halves(const DmmaVariant (&variants)[N]) {
  constexpr std::string_view key = "GEMMCL_DMMA_BK=";
  for (const DmmaVariant& v : variants) {
    const std::size_t at = v.options.find(key);
    if (!v.tma || at == std::string_view::npos) continue;
    int bk = 0;
    for (std::size_t i = at + key.size(); i < v.options.size() && v.options[i] >= '0' && v.options[i] <= '9'; ++i)
      bk = 10 * bk + (v.options[i] - '0');
    if (bk == 0 || bk % 16 != 0 || 64 % bk != 0) return false;
  }
  return true;
}
static_assert(tma_k_steps_in_halves(dmma_variants),
              "DMMA by TMA: K steps of whole 16-double halves, each one 128-byte row of a box (the runtime's tensor "
              "maps), dividing 64 (a split K's unit)");

}  // namespace gemmcl::codegen::tensor
