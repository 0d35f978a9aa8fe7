#pragma once
// The FP64 tensor-core main loop (compute capability 9.0): DMMA, mma.sync m16n8k16 or m16n8k8 f64 (one
// DMMA instruction each), which computes IEEE double FMAs. No ldmatrix for 64-bit data:
// fragments are read from local tiles with plain 8-byte loads. The tiles are filled in a multi-stage
// pipeline, by TMA on compute capability 9.0 (dmma_tma.hpp: swizzled tiles, permuted fragments) and
// otherwise by the work-items' cp.async copies (dmma_cp_async.hpp: padded tiles, described below,
// without bounds checks where a tile lies inside the matrices). Split K as in mma_sync.hpp, or with the
// parts added in the kernel (GEMMCL_SPLIT_IN_KERNEL; dmma_store.hpp, the kernel's end).
//
// Fragments (lane 4g + t, MMA_K of 8 or 16): A (16 x MMA_K) a[i] = A[g + 8 (i & 1)][t + 4 (i >> 1)],
// B (MMA_K x 8) b[j] = B[t + 4j][g], D as for the 16-bit kernel. Padded tiles are K-major [rows of m or n]
// [BK + 4] (A transposed, B not) or MN-major [BK rows of k][BM or BN + 4] (A not transposed, B transposed):
// with the padding the 16 lanes of a half-warp (4 rows x 4 k) hit 16 distinct bank pairs, and each
// lane's fragment elements lie at fixed offsets from one address (no index arithmetic in the loop).
//
// Build options: GEMMCL_TRANS_A, GEMMCL_TRANS_B, GEMMCL_TC_EMULATE (the instructions emulated for a warp
// through local memory, to test the indexing on any device, ptx_dmma.hpp), the variant's shape (below),
// GEMMCL_DMMA_PREFETCH (each K step's fragments read while the previous step's MMAs run, in two
// register sets), GEMMCL_DMMA_TMA (A and B loaded by TMA into swizzled tiles: dmma_tma.hpp; an sm_90a
// program, through the PTX step), GEMMCL_DMMA_PARAM_MAPS (with TMA: the runtime passes whole maps,
// addresses included, and the loads read them where the parameters lie; otherwise each work-group
// writes the addresses into its own copies first, which cost a 512^3 call a tenth of its time) and
// GEMMCL_DMMA_LEAN (on by default: the copies' per-pass addresses are recomputed where they are used
// instead of kept in registers, which four warps of 64 x 32 need; eight warps of 32 x 32 ran faster
// without it). A and B must start and stride on even elements, and split K's
// k_chunk must be even; the runtime packs other operands and splits by 64.

#include <cstddef>
#include <string_view>

#include "dmma_cp_async.hpp"
#include "dmma_store.hpp"
#include "dmma_tma.hpp"
#include "dmma_variants.hpp"
#include "ptx_dmma.hpp"
#include "tma_ptx.hpp"
#include "epilogue.hpp"
#include "../../util/text.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view dmma_kernel_name = "gemmcl_dmma";

inline constexpr std::string_view dmma_config = R"CLC(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// Work-group tile BM (m) x BN (n), K steps of BK doubles in STAGES cp.async buffers, WARPS_M x WARPS_N
// warps each computing a (BM / WARPS_M) x (BN / WARPS_N) tile of m16n8kMMA_K fragments. By default
// 128 x 64 x 16 in three stages of four 64 x 32 warps, m16n8k16. Build options GEMMCL_DMMA_BM, _BN, _BK,
// _STAGES, _WARPS_M, _WARPS_N and _MMA_K choose another variant (codegen/tensor/dmma_variants.hpp).
#ifndef GEMMCL_DMMA_BM
#define GEMMCL_DMMA_BM 128
#endif
#ifndef GEMMCL_DMMA_BN
#define GEMMCL_DMMA_BN 64
#endif
#ifndef GEMMCL_DMMA_BK
#define GEMMCL_DMMA_BK 16
#endif
#ifndef GEMMCL_DMMA_STAGES
#define GEMMCL_DMMA_STAGES 3
#endif
#ifndef GEMMCL_DMMA_WARPS_M
#define GEMMCL_DMMA_WARPS_M 2
#endif
#ifndef GEMMCL_DMMA_WARPS_N
#define GEMMCL_DMMA_WARPS_N 2
#endif
#ifndef GEMMCL_DMMA_MMA_K
#define GEMMCL_DMMA_MMA_K 16
#endif
#define BM GEMMCL_DMMA_BM
#define BN GEMMCL_DMMA_BN
#define WARPS_M GEMMCL_DMMA_WARPS_M
#define WARPS_N GEMMCL_DMMA_WARPS_N
#define BK GEMMCL_DMMA_BK
#define STAGES GEMMCL_DMMA_STAGES
#define MMA_K GEMMCL_DMMA_MMA_K  // 8 or 16
#define GROUP_M 8
#ifndef GEMMCL_TRANS_A
#define GEMMCL_TRANS_A 0
#endif
#ifndef GEMMCL_TRANS_B
#define GEMMCL_TRANS_B 0
#endif
#ifndef GEMMCL_TC_EMULATE
#define GEMMCL_TC_EMULATE 0
#endif
#ifndef GEMMCL_SPLIT_IN_KERNEL
#define GEMMCL_SPLIT_IN_KERNEL 0
#endif
#ifndef GEMMCL_DMMA_PREFETCH
#define GEMMCL_DMMA_PREFETCH 0
#endif
#ifndef GEMMCL_DMMA_TMA
#define GEMMCL_DMMA_TMA 0
#endif
#ifndef GEMMCL_DMMA_PARAM_MAPS
#define GEMMCL_DMMA_PARAM_MAPS 0
#endif
// The maps' parameters as NVIDIA's compiler names them (their places in the kernel's list, below).
#if GEMMCL_SPLIT_IN_KERNEL
#define A_MAP_PARAM gemmcl_dmma_param_22
#define B_MAP_PARAM gemmcl_dmma_param_23
#else
#define A_MAP_PARAM gemmcl_dmma_param_16
#define B_MAP_PARAM gemmcl_dmma_param_17
#endif
#ifndef GEMMCL_DMMA_LEAN
#define GEMMCL_DMMA_LEAN 1
#endif
#define NT (32 * WARPS_M * WARPS_N)
#define WM (BM / WARPS_M)
#define WN (BN / WARPS_N)
#define MI (WM / 16)
#define NI (WN / 8)
#define NA (MMA_K / 2)  // A doubles per lane per mma
#define NB (MMA_K / 4)  // B doubles per lane per mma
#define KSTEPS (BK / MMA_K)
// Local tiles, padded by PAD doubles a row: each lane's fragment reads sit at fixed offsets from one
// address, and the 16 lanes of a half-warp (4 rows x 4 k) hit 16 distinct bank pairs. (TMA's tiles are
// swizzled instead.)
#if GEMMCL_DMMA_TMA
#define PAD 0
#define SMEM_ALIGN 1024  // the swizzle's span: TMA swizzles by the address
#else
#define PAD 4
#define SMEM_ALIGN 128
#endif
#if GEMMCL_TRANS_A == 0  // A contiguous in m: MN-major [BK][BM + PAD]
#define A_ROWS BK
#define A_ROW (BM + PAD)
#else  // K-major [BM][BK + PAD]
#define A_ROWS BM
#define A_ROW (BK + PAD)
#endif
#if GEMMCL_TRANS_B == 0  // B contiguous in k: K-major [BN][BK + PAD]
#define B_ROWS BN
#define B_ROW (BK + PAD)
#else  // MN-major [BK][BN + PAD]
#define B_ROWS BK
#define B_ROW (BN + PAD)
#endif
#define TILE_A (A_ROWS * A_ROW)  // doubles
#define TILE_B (B_ROWS * B_ROW)
#define STAGE (TILE_A + TILE_B)
#define W_A ((A_ROW - PAD) / 2)  // 16-byte chunks a row
#define W_B ((B_ROW - PAD) / 2)
#define CH_A (A_ROWS * W_A)
#define CH_B (B_ROWS * W_B)
#if (!GEMMCL_DMMA_TMA && (CH_A % NT != 0 || CH_B % NT != 0 || NT % W_A != 0 || NT % W_B != 0)) || BK % MMA_K != 0 || WM % 16 != 0 || WN % 8 != 0
#error "DMMA variant: each work-item copies whole 16-byte chunks in the same column of every pass, and warps hold whole fragments"
#endif
#if GEMMCL_DMMA_PREFETCH && KSTEPS % 2 != 0
#error "DMMA variant: fragments read a step ahead alternate between two sets, so a tile holds an even number of K steps"
#endif
)CLC";

inline constexpr std::string_view dmma_body = R"CLC(
FN void mmas(double acc[MI][NI][4], double af[MI][NA], double bf[NI][NB] EMU_PARAM) {
#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int ni = 0; ni < NI; ++ni) dmma(acc[mi][ni], af[mi], bf[ni] EMU_ARG);
}

__kernel __attribute__((reqd_work_group_size(NT, 1, 1))) void gemmcl_dmma(
    const int m, const int n, const int k_total, const int k_chunk, const double alpha, const double beta,
    const __global double* restrict a, const ulong a_offset, const int lda,
    const __global double* restrict b, const ulong b_offset, const int ldb, __global double* c,
    const ulong c_offset, const int ldc, const ulong c_split
#if GEMMCL_SPLIT_IN_KERNEL
    , __global uint* tickets, __global double* d, const ulong d_offset, const int ldd, const double d_alpha,
    const double d_beta
#endif
#if GEMMCL_DMMA_TMA
    , const tensor_map a_map, const tensor_map b_map, __global ulong* restrict map_slots
#endif
#if GEMMCL_EPILOGUE
    , const __global real* restrict bias, const ulong bias_offset, const real act_lo, const real act_hi
#endif
    ) {
  __local double smem[STAGES * STAGE] __attribute__((aligned(SMEM_ALIGN)));
#if GEMMCL_TC_EMULATE
  __local double emu[NT * (NA + NB)];
#endif
  const __global double* A = a + a_offset;
  const __global double* B = b + b_offset;

  // Split K: this work-group's K range [kbeg, kend).
  const int split = get_group_id(1);
  const int kbeg = split * k_chunk;
  const int kend = min(k_total, kbeg + k_chunk);

  // Tile raster: groups of GROUP_M tiles along m, walked column of tiles by column of tiles (L2 reuse).
  const int tiles_m = (m + BM - 1) / BM, tiles_n = (n + BN - 1) / BN;
  const int pid = get_group_id(0);
  const int in_group = GROUP_M * tiles_n;
  const int first_m = (pid / in_group) * GROUP_M;
  const int gsz = min(tiles_m - first_m, GROUP_M);
  const int tm = first_m + (pid % in_group) % gsz, tn = (pid % in_group) / gsz;
  const int m0 = tm * BM, n0 = tn * BN;

  const int tid = get_local_id(0);
  const uint lane = tid & 31, warp = tid >> 5;
  const uint wm = warp % WARPS_M, wn = warp / WARPS_M;
  const uint g = lane >> 2, t = lane & 3;

  double acc[MI][NI][4];
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.0;

#if GEMMCL_DMMA_TMA
  // A and B by TMA: a barrier per stage, bit s of phases the phase stage s completes next; the
  // work-group's maps in its slot; the lane's four fragment offsets into A's tile and B's.
  __local ulong tma_bars[STAGES] __attribute__((aligned(8)));
  __local ulong maps_local[32] __attribute__((aligned(128)));
#if GEMMCL_DMMA_PARAM_MAPS && !GEMMCL_TC_EMULATE
  // The maps arrive whole, the operands' addresses in them (runtime/device_address.hpp): the loads go
  // through the parameters themselves, and no work-group sets anything up before its first load.
  if (a_map.w[0] != (ulong)A || b_map.w[0] != (ulong)B) abort_kernel();  // never a load from a stale address
  const ulong a_at = param_address_a_map(), b_at = param_address_b_map();
  if (tid == 0) {
    prefetch_tensormap(a_at);
    prefetch_tensormap(b_at);
    for (int s = 0; s < STAGES; ++s) mbarrier_init_shared_b64(SHARED_ADDR(tma_bars) + 8u * s, 1);
    fence_mbarrier_init_release_cluster();
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#else
  __global ulong* const map_slot = map_slots + 32 * (get_group_id(0) + get_num_groups(0) * get_group_id(1));
  tma_setup_maps(tma_bars, STAGES, maps_local, a_map, b_map, map_slot, (ulong)A, (ulong)B, 1, 1, tid);
  const ulong a_at = (ulong)map_slot, b_at = (ulong)(map_slot + 16);
#endif
  uint ao[4], bo[4], phases = 0;
  tma_lane_offsets(ao, bo, wm, wn, g, t);
#if GEMMCL_TC_EMULATE
#define TMA_BAR(stage) 0u
#else
#define TMA_BAR(stage) (SHARED_ADDR(tma_bars) + 8u * (stage))
#endif
#define LOAD_TILE(kt, stage)                                                                          \
  tma_stage((__local uchar*)(smem + (stage) * STAGE), TMA_BAR(stage), a_at, b_at, kbeg + (kt) * BK, m0, n0, tid, A, \
            lda, B, ldb, k_total, m, n)
#define WAIT_TILE(stage)                                                                              \
  do {                                                                                                \
    tma_wait(TMA_BAR(stage), (phases >> (stage)) & 1u);                                               \
    phases ^= 1u << (stage);                                                                          \
  } while (0)
#define WAIT_TILE_IF(loaded, stage) \
  if (loaded) WAIT_TILE(stage)
#define FRAGS(af, bf, st, ks) load_frags(af, bf, (__local const uchar*)(st), ao, bo, ks)
#else
  // This work-item's first chunk of a whole tile (pa, pb), the step between its passes (sa, sb) and
  // between K tiles (ka, kb), all in elements.
  const int ra = tid / W_A, ca = 2 * (tid % W_A), rb = tid / W_B, cb = 2 * (tid % W_B);
#if GEMMCL_TRANS_A == 0
  const __global double* pa = A + (long)(kbeg + ra) * lda + m0 + ca;
  const long ka = (long)BK * lda;
#else
  const __global double* pa = A + (long)(m0 + ra) * lda + kbeg + ca;
  const long ka = BK;
#endif
#if GEMMCL_TRANS_B == 0
  const __global double* pb = B + (long)(n0 + rb) * ldb + kbeg + cb;
  const long kb = BK;
#else
  const __global double* pb = B + (long)(kbeg + rb) * ldb + n0 + cb;
  const long kb = (long)BK * ldb;
#endif
  const long sa = (long)(NT / W_A) * lda, sb = (long)(NT / W_B) * ldb;
  const bool whole_mn = m0 + BM <= m && n0 + BN <= n;
  // Tile kt into stage; tiles are loaded in order, and pa, pb advance to the next one.
#define LOAD_TILE(kt, stage)                                                                          \
  {                                                                                                   \
    if (whole_mn && kbeg + ((kt) + 1) * BK <= kend)                                                   \
      load_tile_full(smem + (stage) * STAGE, pa, sa, pb, sb, tid EMU_ARG);                            \
    else                                                                                              \
      load_tile_edge(smem + (stage) * STAGE, A, lda, B, ldb, m, n, kend, m0, n0, kbeg + (kt) * BK,    \
                     tid EMU_ARG);                                                                    \
    pa += ka;                                                                                         \
    pb += kb;                                                                                         \
  }

  // This lane's first fragment elements (row g, k t) in a stage.
  const int al = GEMMCL_TRANS_A ? (wm * WM + g) * A_ROW + t : t * A_ROW + wm * WM + g;
  const int bl = TILE_A + (GEMMCL_TRANS_B ? t * B_ROW + wn * WN + g : (wn * WN + g) * B_ROW + t);
#define WAIT_TILE(stage) cp_wait()
#define WAIT_TILE_IF(loaded, stage) cp_wait()  // (an empty wait where nothing was loaded)
#define FRAGS(af, bf, st, ks) load_frags(af, bf, (st) + al, (st) + bl, ks)
#endif

  const int KT = kend > kbeg ? (kend - kbeg + BK - 1) / BK : 0;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < KT) { LOAD_TILE(s, s); }
    cp_commit();
  }
  int st_read = 0, st_write = STAGES - 1;
#define NEXT_STAGE(x) ((x) + 1 == STAGES ? 0 : (x) + 1)
#if GEMMCL_DMMA_PREFETCH
  // Fragments in two sets: K step ks + 1's (the next tile's first, across a tile's end) are read while
  // step ks's MMAs run. The wait and barrier for the next tile come before its first fragments are
  // read; the copy into a stage comes after the barrier that follows the last reads of it.
  double af[2][MI][NA], bf[2][NI][NB];
  WAIT_TILE_IF(KT > 0, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  __local const double* st = smem;
  if (KT > 0) FRAGS(af[0], bf[0], st, 0);
  for (int kt = 0; kt < KT; ++kt) {
#pragma unroll
    for (int ks = 0; ks < KSTEPS; ++ks) {
      if (ks + 1 < KSTEPS)
        FRAGS(af[(ks + 1) & 1], bf[(ks + 1) & 1], st, ks + 1);
      else if (kt + 1 < KT)
        FRAGS(af[0], bf[0], st, 0);  // st is the next tile's stage by now
      if (ks == 0) {
        if (kt + STAGES - 1 < KT) { LOAD_TILE(kt + STAGES - 1, st_write); }
        cp_commit();
      }
      mmas(acc, af[ks & 1], bf[ks & 1] EMU_ARG);
      if (ks == KSTEPS - 2) {
        WAIT_TILE_IF(kt + 1 < KT, NEXT_STAGE(st_read));  // tile kt + 1 has landed ...
        barrier(CLK_LOCAL_MEM_FENCE);  // ... for everyone, and everyone has read all of tile kt
        st_read = NEXT_STAGE(st_read);
        st_write = NEXT_STAGE(st_write);
        st = smem + st_read * STAGE;
      }
    }
  }
#else
  for (int kt = 0; kt < KT; ++kt) {
    WAIT_TILE(st_read);            // tile kt has landed (this work-item's copies) ...
    barrier(CLK_LOCAL_MEM_FENCE);  // ... and everyone's; everyone is also done with tile kt - 1
    if (kt + STAGES - 1 < KT) { LOAD_TILE(kt + STAGES - 1, st_write); }
    cp_commit();  // (an empty group at the tail keeps the wait count uniform)
    __local const double* st = smem + st_read * STAGE;
#pragma unroll
    for (int ks = 0; ks < KSTEPS; ++ks) {
      double af[MI][NA], bf[NI][NB];
      FRAGS(af, bf, st, ks);
      mmas(acc, af, bf EMU_ARG);
    }
    st_read = NEXT_STAGE(st_read);
    st_write = NEXT_STAGE(st_write);
  }
#endif

)CLC";

template <class Sink>
constexpr void write_dmma(Sink& sink) {
  util::text<Sink> t(sink);
  t.line("// gemmcl: FP64 tensor-core GEMM, mma.sync m16n8k16 or m16n8k8 f64 (DMMA)");
  t.line("// C := alpha * op(A) * op(B) + beta * C (and the fused epilogue, if built with one), column-major, all doubles.");
  t.raw(dmma_config);
  emit_epilogue_prelude(t, "double");
  t.raw(ptx_dmma);
  t.raw(tma_ptx);
  t.raw(dmma_cp_async);
  t.raw(dmma_tma);
  t.raw(dmma_body);
  t.raw(dmma_store);
}

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
