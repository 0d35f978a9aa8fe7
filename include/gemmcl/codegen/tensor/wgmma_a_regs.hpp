#pragma once
// TF32 on the Hopper kernel with A from registers (GEMMCL_WG_A_REGS=1): wgmma's other form, in which
// each work-item gives the MMA its share of A's 64 x 8 block in four registers and only B is read from
// local memory through a descriptor. The work-items load those fragments from A's local tile and round
// them to TF32 on the way (cvt.rn), so A needs no rounding copy, and, since these loads read either
// layout, no transposing copy either: only B is copied (rounded, transposed where it is stored N-major)
// or rounded where it lands. The tile of an A stored M-contiguous is k rows of BM floats whose 16-byte
// chunks are XOR-swizzled by the row (chunk c of k row r lies at c ^ 2 (r % 4)), so that a warp's
// fragment loads fall on 32 different banks; a K-contiguous A keeps the K-major 128-byte swizzle.
//
// An MMA reads its A registers until its group is waited for, so consecutive K steps load into two
// register sets in turn: with one step's MMAs in flight (GEMMCL_WG_INFLIGHT), the set being loaded is
// the one whose MMAs the last wait_group finished.

#include <string_view>

#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_a_registers = R"CLC(
#if GEMMCL_WG_A_REGS
#if !GEMMCL_TC_TF32
#error "A from registers is the TF32 kernel's"
#endif
// The word (4 bytes) of A's local tile that holds row r, column t of a k8 block at column 0: the
// fragment element (r, 8 kk + t + 4 h) is then a fixed distance from it.
inline uint a_fragment_word(const uint r, const uint t) {
#if GEMMCL_TRANS_A
  return r * BK;  // K-major: a row of BK floats per m
#else
  return t * BM + ((((r >> 2) ^ (2u * t)) << 2) | (r & 3u));  // k row t, m chunk r / 4 swizzled by k
#endif
}

// A work-item's fragments of one K step (stage at `stage`), rounded to TF32: for k8 block kk, element e
// is row r + 8 (e % 2), column 8 kk + t + 4 (e / 2) of its warpgroup's 64 rows (as mma.sync's m16n8k8
// A fragment, warp w of the warpgroup holding rows 16 w .. 16 w + 15); word0 and word1 are
// a_fragment_word of rows r and r + 8, g is r % 8.
inline void load_a_fragments(uint af[BK / KMMA][4], __local const uint* stage, const uint word0, const uint word1,
                             const uint g, const uint t) {
#pragma unroll
  for (uint kk = 0; kk < BK / KMMA; ++kk)
#pragma unroll
    for (uint e = 0; e < 4; ++e) {
#if GEMMCL_TRANS_A  // column 8 kk + 4 h of row r: 16-byte chunk 2 kk + h, XOR-swizzled by r % 8
      const uint at = (e & 1 ? word1 : word0) + ((((2 * kk + (e >> 1)) ^ g) << 2) | t);
#else               // k row 8 kk + 4 h + t; k rows 8 kk + 4 h share the swizzle of row t
      const uint at = (e & 1 ? word1 : word0) + (8 * kk + 4 * (e >> 1)) * BM;
#endif
      af[kk][e] = TF32_ROUND(stage[at]);
    }
}

#if GEMMCL_TC_EMULATE
#define FENCE_FRAGMENTS(af)
#else
// Keeps the fragments' rounding before wgmma.fence: registers an MMA reads are written before it.
inline void fence_fragments(uint af[BK / KMMA][4]) {
#pragma unroll
  for (int kk = 0; kk < BK / KMMA; ++kk)
#pragma unroll
    for (int e = 0; e < 4; ++e) asm volatile("" : "+r"(af[kk][e]) :: "memory");
}
#define FENCE_FRAGMENTS(af) fence_fragments(af)
#endif

// One K step's MMAs from the stage st_read, A's fragments loaded into the register set af.
#define MMA_STEP_A_REGS(af)                                                                         \
  do {                                                                                              \
    load_a_fragments(af, (__local const uint*)smem + st_read * (STAGE_BYTES / 4), a_word0, a_word1,  \
                     a_row & 7u, tid & 3u);                                                         \
    FENCE_FRAGMENTS(af);                                                                            \
    WGMMA_FENCE(acc);                                                                               \
    const ulong db = db0 + (ulong)((st_read * STAGE_BYTES) >> 4);                                   \
    WGMMA_MMA_RS(acc, af[0], db);                                                                   \
    WGMMA_MMA_RS(acc, af[1], db + (B_KSTEP >> 4));                                                  \
    WGMMA_MMA_RS(acc, af[2], db + (2 * B_KSTEP >> 4));                                              \
    WGMMA_MMA_RS(acc, af[3], db + (3 * B_KSTEP >> 4));                                              \
    WGMMA_COMMIT(acc);                                                                              \
  } while (0)
#endif
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
