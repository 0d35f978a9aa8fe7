#pragma once
// The FP64 tensor-core main loop (compute capability 9.0): DMMA, mma.sync m16n8k8 f64, which computes
// IEEE double FMAs. No ldmatrix for 64-bit data: fragments are read from swizzled local tiles with plain
// 8-byte loads; cp.async fills the tiles in a four-stage pipeline. Split K as in mma_sync.hpp.
//
// Fragments (lane 4g + t): A (16 x 8) a[i] = A[g + 8 (i & 1)][t + 4 (i >> 1)], B (8 x 8) b[j] = B[t + 4j][g],
// D as for the 16-bit kernel. Local layouts, in 16-byte chunks L of two doubles:
//   K-major  [rows of m or n][BK k] (A transposed, B not): chunk L at L ^ (((L >> 3) & 3) << 1);
//   MN-major [BK rows of k][BM m or BN n] (A not transposed, B transposed): chunk L at L ^ ((k & 3) << 1);
// so the 16 lanes of a half-warp's 8-byte loads (4 rows x 4 k, or 4 k x 4 rows) hit 16 distinct bank
// pairs, and 8 consecutive copies fill one 128-byte line.
//
// Build options: GEMMCL_TRANS_A, GEMMCL_TRANS_B, GEMMCL_TC_EMULATE (the instructions emulated for a warp
// through local memory, to test the indexing on any device). A and B must start and stride on even
// elements, and split K's k_chunk must be even; the runtime packs other operands and splits by 32.

#include <cstddef>
#include <string_view>

#include "epilogue.hpp"
#include "../../util/text.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view dmma_kernel_name = "gemmcl_dmma";

// A variant of the kernel: its tile, work-group and build options, and whether two of its work-groups
// share a multiprocessor (then the PTX step caps it at 128 registers where it needs more).
struct DmmaVariant {
  int tile_m, tile_n, threads;
  std::string_view options;
  bool two_per_unit;
};
// 0 is the default: 128 x 64 tiles of eight 32 x 32 warps, K steps of 8 in four stages (48 KiB).
// dmma_small (64 x 64 tiles of four warps) is taken where 128 x 64 tiles would leave multiprocessors
// idle (1000^3). The others, for tuning (GEMMCL_DMMA_VARIANT=i; each passes the emulated tests), keep more K in flight
// (static local arrays beyond the 48 KiB the driver reports) or give each warp a 64 x 32 tile (fewer
// local reads per MMA, one work-group per multiprocessor); on an H100 each ran slower than the default.
inline constexpr DmmaVariant dmma_variants[] = {
    {128, 64, 256, "", true},
    {128, 64, 256, " -DGEMMCL_DMMA_BK=16 -DGEMMCL_DMMA_STAGES=3", true},
    {128, 64, 256, " -DGEMMCL_DMMA_BK=16 -DGEMMCL_DMMA_STAGES=4", true},
    {128, 128, 256, " -DGEMMCL_DMMA_BN=128 -DGEMMCL_DMMA_WARPS_M=2 -DGEMMCL_DMMA_WARPS_N=4 -DGEMMCL_DMMA_STAGES=4", false},
    {128, 128, 256, " -DGEMMCL_DMMA_BN=128 -DGEMMCL_DMMA_WARPS_M=2 -DGEMMCL_DMMA_WARPS_N=4 -DGEMMCL_DMMA_BK=16 -DGEMMCL_DMMA_STAGES=3", false},
    {128, 128, 256, " -DGEMMCL_DMMA_BN=128 -DGEMMCL_DMMA_BK=16 -DGEMMCL_DMMA_STAGES=3", false},
    {128, 128, 256, " -DGEMMCL_DMMA_BN=128 -DGEMMCL_DMMA_WARPS_M=2 -DGEMMCL_DMMA_WARPS_N=4 -DGEMMCL_DMMA_BK=16 -DGEMMCL_DMMA_STAGES=4", false},
    {256, 64, 256, " -DGEMMCL_DMMA_BM=256 -DGEMMCL_DMMA_BK=16 -DGEMMCL_DMMA_STAGES=3", false},
    {128, 128, 512, " -DGEMMCL_DMMA_BN=128 -DGEMMCL_DMMA_WARPS_N=4 -DGEMMCL_DMMA_BK=16 -DGEMMCL_DMMA_STAGES=3", false},
    {64, 64, 128, " -DGEMMCL_DMMA_BM=64 -DGEMMCL_DMMA_WARPS_M=2", true},
};
inline constexpr std::size_t dmma_small = 9;

inline constexpr std::string_view dmma_config = R"CLC(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// Work-group tile BM (m) x BN (n), K steps of BK doubles in STAGES cp.async buffers, WARPS_M x WARPS_N
// warps each computing a (BM / WARPS_M) x (BN / WARPS_N) tile of m16n8k8 fragments. By default
// 128 x 64 x 8 in four stages of eight 32 x 32 warps: 4 x 12 KiB, and at 128 registers two work-groups
// share a multiprocessor. Build options GEMMCL_DMMA_BM, _BN, _BK, _STAGES, _WARPS_M and _WARPS_N
// choose another variant (codegen/tensor/dmma.hpp lists those the runtime uses).
#ifndef GEMMCL_DMMA_BM
#define GEMMCL_DMMA_BM 128
#endif
#ifndef GEMMCL_DMMA_BN
#define GEMMCL_DMMA_BN 64
#endif
#ifndef GEMMCL_DMMA_BK
#define GEMMCL_DMMA_BK 8
#endif
#ifndef GEMMCL_DMMA_STAGES
#define GEMMCL_DMMA_STAGES 4
#endif
#ifndef GEMMCL_DMMA_WARPS_M
#define GEMMCL_DMMA_WARPS_M 4
#endif
#ifndef GEMMCL_DMMA_WARPS_N
#define GEMMCL_DMMA_WARPS_N 2
#endif
#define BM GEMMCL_DMMA_BM
#define BN GEMMCL_DMMA_BN
#define WARPS_M GEMMCL_DMMA_WARPS_M
#define WARPS_N GEMMCL_DMMA_WARPS_N
#define BK GEMMCL_DMMA_BK
#define STAGES GEMMCL_DMMA_STAGES
#define MMA_K 8
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
#define NT (32 * WARPS_M * WARPS_N)
#define WM (BM / WARPS_M)
#define WN (BN / WARPS_N)
#define MI (WM / 16)
#define NI (WN / 8)
#define NA (MMA_K / 2)  // A doubles per lane per mma
#define NB (MMA_K / 4)  // B doubles per lane per mma
#define KSTEPS (BK / MMA_K)
#define TILE_A (BM * BK)  // doubles
#define TILE_B (BN * BK)
#define STAGE (TILE_A + TILE_B)
#define CH_A (TILE_A / 2)  // 16-byte chunks
#define CH_B (TILE_B / 2)
#if CH_A % NT != 0 || CH_B % NT != 0 || BK % MMA_K != 0 || WM % 16 != 0 || WN % 8 != 0
#error "DMMA variant: each work-item copies whole 16-byte chunks, and warps hold whole fragments"
#endif
)CLC";

inline constexpr std::string_view dmma_body = R"CLC(
// Helpers: static (a local definition, no external symbol) and always inlined.
#define FN static inline __attribute__((always_inline))

#define STR2(x) #x
#define STR(x) STR2(x)
#define WAIT_PENDING STR(STAGES - 2)

// ---- swizzled local layouts: index (in doubles) of an element inside a tile ----
// K-major tile [rows][BK]: element (r, k)
FN uint idx_kmajor(uint r, uint k) {
  const uint L = r * (BK / 2) + (k >> 1);
  return ((L ^ (((L >> 3) & 3u) << 1)) << 1) | (k & 1u);
}
// MN-major tile [BK][R]: element (k, r)
FN uint idx_mnmajor(uint k, uint r, uint R) {
  const uint L = k * (R / 2) + (r >> 1);
  return ((L ^ ((k & 3u) << 1)) << 1) | (r & 1u);
}
// chunk q of the unswizzled order -> its swizzled chunk
FN uint chunk_kmajor(uint q) { return q ^ (((q >> 3) & 3u) << 1); }
FN uint chunk_mnmajor(uint q, uint R) { return q ^ (((q / (R / 2)) & 3u) << 1); }

// ---- PTX primitives (or their emulation) ----
#if GEMMCL_TC_EMULATE
#define EMU_PARAM , __local double *emu
#define EMU_ARG , emu
// cp.async emulated by a synchronous copy of nv valid doubles, zero fill after them.
FN void cp_async16(__local double* smem, uint chunk, const __global double* src, uint nv EMU_PARAM) {
  __local double* d = smem + 2 * chunk;
  d[0] = nv > 0 ? src[0] : 0.0;
  d[1] = nv > 1 ? src[1] : 0.0;
}
FN void cp_commit(void) {}
FN void cp_wait(void) {}
// mma.sync m16n8kK f64: exchange the fragments of the warp through local memory.
FN void dmma(double* d, const double* a, const double* b EMU_PARAM) {
  const uint lid = get_local_id(0), lane = lid & 31u;
  __local double* x = emu + (lid & ~31u) * (NA + NB);
  for (uint i = 0; i < NA; ++i) x[lane * (NA + NB) + i] = a[i];
  for (uint j = 0; j < NB; ++j) x[lane * (NA + NB) + NA + j] = b[j];
  barrier(CLK_LOCAL_MEM_FENCE);
  const uint g = lane >> 2, t = lane & 3u;
  for (uint e = 0; e < 4; ++e) {
    const uint row = g + 8 * (e >> 1), col = 2 * t + (e & 1);
    double s = d[e];
    for (uint kq = 0; kq < MMA_K; ++kq) {
      const uint alane = 4 * (row & 7) + (kq & 3), ai = (row >> 3) + 2 * (kq >> 2);
      const uint blane = 4 * col + (kq & 3), bj = kq >> 2;
      s = fma(x[alane * (NA + NB) + ai], x[blane * (NA + NB) + NA + bj], s);
    }
    d[e] = s;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#else
#define EMU_PARAM
#define EMU_ARG
// The address of a __local object in the shared window is its pointer value as an integer.
#define SHARED_ADDR(p) ((uint)(ulong)(p))
// 16-byte global -> local copy (bypasses L1 and registers); nv (0..2) doubles are read, the rest of
// the 16 bytes is zero-filled.
FN void cp_async16(__local double* smem, uint chunk, const __global double* src, uint nv) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(SHARED_ADDR(smem) + 16u * chunk),
               "l"(src), "r"(8u * nv)
               : "memory");
}
FN void cp_commit(void) { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
FN void cp_wait(void) { asm volatile("cp.async.wait_group " WAIT_PENDING ";\n" ::: "memory"); }

FN void dmma(double* d, const double* a, const double* b) {
  double d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3];
#if MMA_K == 8
  asm("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#endif
  d[0] = d0;
  d[1] = d1;
  d[2] = d2;
  d[3] = d3;
}
#endif

// ---- global -> local: K tile [k0, k0 + BK) of A (BM x BK) and B (BK x BN) into stage smem ----
// k0 and kend are absolute K indices (k0 even, see the preconditions).
FN void load_tile(__local double* smem, const __global double* A, const int lda,
                      const __global double* B, const int ldb, const int m, const int n, const int kend,
                      const int m0, const int n0, const int k0, const int tid EMU_PARAM) {
#pragma unroll
  for (int s = 0; s < CH_A / NT; ++s) {
    const int q = tid + NT * s;
#if GEMMCL_TRANS_A == 0  // A(i, p) = A[i + p lda]: contiguous in m -> MN-major [BK][BM]
    const int r = q / (BM / 2), ch = q % (BM / 2), gk = k0 + r, gi = m0 + 2 * ch;
    const int nv = gk < kend ? clamp(m - gi, 0, 2) : 0;
    const __global double* src = A + ((long)gk * lda + gi);
    const uint dst = chunk_mnmajor(q, BM);
#else  // A(i, p) = A[p + i lda]: contiguous in k -> K-major [BM][BK]
    const int r = q / (BK / 2), ch = q % (BK / 2), gi = m0 + r, gk = k0 + 2 * ch;
    const int nv = gi < m ? clamp(kend - gk, 0, 2) : 0;
    const __global double* src = A + ((long)gi * lda + gk);
    const uint dst = chunk_kmajor(q);
#endif
    cp_async16(smem, dst, nv > 0 ? src : A, nv EMU_ARG);
  }
#pragma unroll
  for (int s = 0; s < CH_B / NT; ++s) {
    const int q = tid + NT * s;
#if GEMMCL_TRANS_B == 0  // B(p, j) = B[p + j ldb]: contiguous in k -> K-major [BN][BK]
    const int r = q / (BK / 2), ch = q % (BK / 2), gj = n0 + r, gk = k0 + 2 * ch;
    const int nv = gj < n ? clamp(kend - gk, 0, 2) : 0;
    const __global double* src = B + ((long)gj * ldb + gk);
    const uint dst = CH_A + chunk_kmajor(q);
#else  // B(p, j) = B[j + p ldb]: contiguous in n -> MN-major [BK][BN]
    const int r = q / (BN / 2), ch = q % (BN / 2), gk = k0 + r, gj = n0 + 2 * ch;
    const int nv = gk < kend ? clamp(n - gj, 0, 2) : 0;
    const __global double* src = B + ((long)gk * ldb + gj);
    const uint dst = CH_A + chunk_mnmajor(q, BN);
#endif
    cp_async16(smem, dst, nv > 0 ? src : B, nv EMU_ARG);
  }
}

// ---- local -> registers: A (MI x m16kK) and B (NI x kKn8) fragments of k-step ks, then the MMAs ----
FN void load_frags(double af[MI][NA], double bf[NI][NB], __local const double* As, __local const double* Bs,
                   const int ks, const uint wm, const uint wn, const uint g, const uint t) {
#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int i = 0; i < NA; ++i) {
      const uint r = wm * WM + mi * 16 + g + 8 * (i & 1), kk = ks * MMA_K + t + 4 * (i >> 1);
#if GEMMCL_TRANS_A == 0
      af[mi][i] = As[idx_mnmajor(kk, r, BM)];
#else
      af[mi][i] = As[idx_kmajor(r, kk)];
#endif
    }
#pragma unroll
  for (int ni = 0; ni < NI; ++ni)
#pragma unroll
    for (int j = 0; j < NB; ++j) {
      const uint r = wn * WN + ni * 8 + g, kk = ks * MMA_K + t + 4 * j;
#if GEMMCL_TRANS_B == 0
      bf[ni][j] = Bs[idx_kmajor(r, kk)];
#else
      bf[ni][j] = Bs[idx_mnmajor(kk, r, BN)];
#endif
    }
}

FN void mma_frags(double acc[MI][NI][4], double af[MI][NA], double bf[NI][NB] EMU_PARAM) {
#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int ni = 0; ni < NI; ++ni) dmma(acc[mi][ni], af[mi], bf[ni] EMU_ARG);
}

FN void kstep(double acc[MI][NI][4], __local const double* As, __local const double* Bs, const int ks,
              const uint wm, const uint wn, const uint g, const uint t EMU_PARAM) {
  double af[MI][NA], bf[NI][NB];
  load_frags(af, bf, As, Bs, ks, wm, wn, g, t);
  mma_frags(acc, af, bf EMU_ARG);
}

__kernel __attribute__((reqd_work_group_size(NT, 1, 1))) void gemmcl_dmma(
    const int m, const int n, const int k_total, const int k_chunk, const double alpha, const double beta,
    const __global double* restrict a, const ulong a_offset, const int lda,
    const __global double* restrict b, const ulong b_offset, const int ldb, __global double* c,
    const ulong c_offset, const int ldc, const ulong c_split
#if GEMMCL_EPILOGUE
    , const __global real* restrict bias, const ulong bias_offset, const real act_lo, const real act_hi
#endif
    ) {
  __local double smem[STAGES * STAGE] __attribute__((aligned(128)));
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

  const int KT = kend > kbeg ? (kend - kbeg + BK - 1) / BK : 0;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < KT) load_tile(smem + s * STAGE, A, lda, B, ldb, m, n, kend, m0, n0, kbeg + s * BK, tid EMU_ARG);
    cp_commit();
  }
  int st_read = 0, st_write = STAGES - 1;
#define NEXT_STAGE(x) ((x) + 1 == STAGES ? 0 : (x) + 1)
  for (int kt = 0; kt < KT; ++kt) {
    cp_wait();                     // tile kt has landed (this work-item's copies) ...
    barrier(CLK_LOCAL_MEM_FENCE);  // ... and everyone's; everyone is also done with tile kt - 1
    if (kt + STAGES - 1 < KT)
      load_tile(smem + st_write * STAGE, A, lda, B, ldb, m, n, kend, m0, n0, kbeg + (kt + STAGES - 1) * BK,
                tid EMU_ARG);
    cp_commit();  // (an empty group at the tail keeps the wait count uniform)
    __local const double* As = smem + st_read * STAGE;
#pragma unroll 1
    for (int ks = 0; ks < KSTEPS; ++ks) kstep(acc, As, As + TILE_A, ks, wm, wn, g, t EMU_ARG);
    st_read = NEXT_STAGE(st_read);
    st_write = NEXT_STAGE(st_write);
  }

  // ---- epilogue: lane holds D(g, 2t), D(g, 2t+1), D(g+8, 2t), D(g+8, 2t+1) of each 16 x 8 tile ----
  __global double* C = c + c_offset + (ulong)split * c_split;
#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int ni = 0; ni < NI; ++ni)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int row = m0 + wm * WM + mi * 16 + g + 8 * (e >> 1);
        const int col = n0 + wn * WN + ni * 8 + 2 * t + (e & 1);
        if (row < m && col < n) {
          const long idx = (long)col * ldc + row;
          double v = alpha * acc[mi][ni][e];
          if (beta != 0.0) v = fma(beta, C[idx], v);
          EPILOGUE_S(v, row, col);
          C[idx] = v;
        }
      }
}
)CLC";

template <class Sink>
constexpr void write_dmma(Sink& sink) {
  util::text<Sink> t(sink);
  t.line("// gemmcl: FP64 tensor-core GEMM, mma.sync m16n8k8 f64 (DMMA)");
  t.line("// C := alpha * op(A) * op(B) + beta * C (and the fused epilogue, if built with one), column-major, all doubles.");
  t.raw(dmma_config);
  emit_epilogue_prelude(t, "double");
  t.raw(dmma_body);
}

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
