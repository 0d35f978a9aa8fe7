#pragma once
// The Hopper main loop for 16-bit A and B (compute capability 9.0): warpgroup MMA,
// wgmma.mma_async m64n128k16 with float accumulators, both operands read by the tensor cores straight
// from swizzled local tiles through matrix descriptors; cp.async fills the tiles in a three-stage
// pipeline. NVIDIA's OpenCL compiles for sm_90, and wgmma needs sm_90a: the wgmma lines are written as
// "//@" PTX comments in inline asm (so the compiler keeps their operands in registers), and the
// runtime's PTX post-processing (runtime/ptx_patch.hpp) uncomments them and retargets the PTX. Built
// without that step the kernel would compute nothing, so the runtime never builds it without it.
//
// Build options as mma_sync.hpp's: GEMMCL_TRANS_A, GEMMCL_TRANS_B, GEMMCL_TC_C_NARROW.

#include <string_view>

#include "epilogue.hpp"
#include "../../element/element.hpp"
#include "../../util/text.hpp"
#include "../../util/cold.hpp"
#include "ptx_sm80.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view wgmma_kernel_name = "gemmcl_wgmma";
inline constexpr int wgmma_tile_m = 128, wgmma_tile_n = 128, wgmma_threads = 256;

inline constexpr std::string_view wgmma_config = R"CLC(
// Work-group tile 128 (m) x 128 (n), K step 32: two warpgroups of 128 work-items, warpgroup w computing
// rows 64 w .. 64 w + 63 with one m64n128k16 MMA per k16 step (64 float accumulators per work-item).
#define BM 128
#define BN 128
#define BK 32
#define NT 256
#define STAGES 3                    // 3 x 16 KiB: the 48 KiB NVIDIA's OpenCL allows
#define WAIT_PENDING "1"
#define GROUP_M 8
#define TILE_A_BYTES (BM * BK * 2)
#define STAGE_BYTES ((BM + BN) * BK * 2)
#define CPT (BM * BK / 8 / NT)      // 16-byte copies per work-item and operand tile
#ifndef GEMMCL_TRANS_A
#define GEMMCL_TRANS_A 0
#endif
#ifndef GEMMCL_TRANS_B
#define GEMMCL_TRANS_B 0
#endif
#ifndef GEMMCL_TC_C_NARROW
#define GEMMCL_TC_C_NARROW 0
#endif
#define GEMMCL_TC_EMULATE 0
#if GEMMCL_TC_C_NARROW
typedef ushort ctype;
#else
typedef float ctype;
#endif
)CLC";

inline constexpr std::string_view wgmma_body = R"CLC(
// Local tiles in the canonical swizzled layouts the descriptors describe (the hardware XORs address
// bits 4.. with bits 7..):
//   K-major (A transposed, B not): rows of 64 bytes (one m or n, 32 k), 64-byte swizzle. Descriptor:
//     stride between 8-row groups (SBO) 512 bytes; a k16 step is +32 bytes of start address.
//   MN-major (A not transposed, B transposed): 128-byte swizzle atoms of 8 k rows x 64 m or n, stored
//     [m/n atom][32 k][128 bytes]. Descriptor: LBO 4096 bytes (atom to atom), SBO 1024 bytes (8 k rows);
//     a k16 step is +2048 bytes. The MMA reads such an operand transposed (its tnsp immediate = 1).
#define SWIZZLE_K(o) ((o) ^ ((((o) >> 7) & 3u) << 4))
#define SWIZZLE_MN(o) ((o) ^ ((((o) >> 7) & 7u) << 4))
#if GEMMCL_TRANS_A
#define A_LBO 16
#define A_SBO (BK * 16)
#define A_MODE 2ul                  // 64-byte swizzle
#define A_KSTEP 32
#define A_TNSP "0"
#define SWIZZLE_A SWIZZLE_K
#else
#define A_LBO (BK * 128)
#define A_SBO 1024
#define A_MODE 1ul                  // 128-byte swizzle
#define A_KSTEP 2048
#define A_TNSP "1"
#define SWIZZLE_A SWIZZLE_MN
#endif
#if GEMMCL_TRANS_B
#define B_LBO (BK * 128)
#define B_SBO 1024
#define B_MODE 1ul
#define B_KSTEP 2048
#define B_TNSP "1"
#define SWIZZLE_B SWIZZLE_MN
#else
#define B_LBO 16
#define B_SBO (BK * 16)
#define B_MODE 2ul
#define B_KSTEP 32
#define B_TNSP "0"
#define SWIZZLE_B SWIZZLE_K
#endif

// A shared-memory matrix descriptor: start address, leading and stride byte offsets (all >> 4).
inline ulong matrix_descriptor(const uint addr, const uint lbo, const uint sbo) {
  return (ulong)((addr & 0x3FFFFu) >> 4) | ((ulong)(lbo >> 4) << 16) | ((ulong)(sbo >> 4) << 32);
}

// One K step of A (128 x 32) and B (32 x 128) into the stage at shared address st; copies past an edge
// read only the valid elements and zero the rest.
inline void copy_tile(const uint st, const __global ushort* A, const int lda, const __global ushort* B, const int ldb,
                      const int m, const int n, const int k, const int m0, const int n0, const int k0, const int tid) {
#pragma unroll
  for (int s = 0; s < CPT; ++s) {
    const int q = tid + NT * s;
#if GEMMCL_TRANS_A == 0  // MN-major: chunk q is atom q / (8 BK), k row (q / 8) % BK, 8 m values q % 8
    const int gk = k0 + (q / 8) % BK, gi = m0 + 64 * (q / (8 * BK)) + 8 * (q % 8);
    const int valid = gk < k ? clamp(m - gi, 0, 8) : 0;
    const __global ushort* src = A + ((long)gk * lda + gi);
#else  // K-major: chunk q is row q / 4, k values 8 (q % 4)
    const int gi = m0 + q / (BK / 8), gk = k0 + 8 * (q % (BK / 8));
    const int valid = gi < m ? clamp(k - gk, 0, 8) : 0;
    const __global ushort* src = A + ((long)gi * lda + gk);
#endif
    cp_async_cg_shared_global_16(st + SWIZZLE_A(16u * q), valid > 0 ? src : A, 2 * valid);
  }
#pragma unroll
  for (int s = 0; s < CPT; ++s) {
    const int q = tid + NT * s;
#if GEMMCL_TRANS_B == 0
    const int gj = n0 + q / (BK / 8), gk = k0 + 8 * (q % (BK / 8));
    const int valid = gj < n ? clamp(k - gk, 0, 8) : 0;
    const __global ushort* src = B + ((long)gj * ldb + gk);
#else
    const int gk = k0 + (q / 8) % BK, gj = n0 + 64 * (q / (8 * BK)) + 8 * (q % 8);
    const int valid = gk < k ? clamp(n - gj, 0, 8) : 0;
    const __global ushort* src = B + ((long)gk * ldb + gj);
#endif
    cp_async_cg_shared_global_16(st + TILE_A_BYTES + SWIZZLE_B(16u * q), valid > 0 ? src : B, 2 * valid);
  }
}

// Split K as in the mma.sync kernel: work-groups (., s) multiply K from s * k_chunk into slice s of C.
__kernel __attribute__((reqd_work_group_size(NT, 1, 1)))
void gemmcl_wgmma(const int m, const int n, const int k_total, const int k_chunk, const float alpha,
                  const float beta, const __global ushort* restrict a, const ulong a_offset, const int lda,
                  const __global ushort* restrict b, const ulong b_offset, const int ldb,
                  __global ctype* c, const ulong c_offset, const int ldc, const ulong c_split
#if GEMMCL_EPILOGUE
                     , const __global real* restrict bias, const ulong bias_offset, const real act_lo,
                     const real act_hi
#endif
                     ) {
  __local ushort smem[STAGES * STAGE_BYTES / 2] __attribute__((aligned(1024)));
  const int split = get_group_id(1);
  const int k_begin = split * k_chunk;
  const int k = min(k_chunk, k_total - k_begin);
  const __global ushort* A = a + a_offset + (GEMMCL_TRANS_A ? (long)k_begin : (long)k_begin * lda);
  const __global ushort* B = b + b_offset + (GEMMCL_TRANS_B ? (long)k_begin * ldb : (long)k_begin);

  const int tiles_m = (m + BM - 1) / BM, tiles_n = (n + BN - 1) / BN;
  const int pid = get_group_id(0), in_group = GROUP_M * tiles_n;
  const int first_m = (pid / in_group) * GROUP_M, group_m = min(tiles_m - first_m, GROUP_M);
  const int m0 = (first_m + (pid % in_group) % group_m) * BM, n0 = ((pid % in_group) / group_m) * BN;

  const int tid = get_local_id(0);
  const int wg = tid >> 7;  // warpgroup: rows 64 wg .. 64 wg + 63 of the tile
  const uint base = SHARED_ADDR(smem);
  float acc[64];
#pragma unroll
  for (int i = 0; i < 64; ++i) acc[i] = 0.0f;
  // Descriptors of stage 0, k16 step 0 (warpgroup wg's 64 rows of A start 64 wg BK 2 bytes in).
  const ulong da0 = matrix_descriptor(base + wg * 64 * BK * 2, A_LBO, A_SBO) | (A_MODE << 62);
  const ulong db0 = matrix_descriptor(base + TILE_A_BYTES, B_LBO, B_SBO) | (B_MODE << 62);

  const int steps = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < steps) copy_tile(base + s * STAGE_BYTES, A, lda, B, ldb, m, n, k, m0, n0, s * BK, tid);
    cp_async_commit_group();
  }
  int st_read = 0, st_write = STAGES - 1;
  for (int kt = 0; kt < steps; ++kt) {
    cp_async_wait_group();
    FENCE_PROXY_ASYNC();  // this work-item's copies, visible to the tensor cores' reads
    barrier(CLK_LOCAL_MEM_FENCE);
    if (kt + STAGES - 1 < steps)
      copy_tile(base + st_write * STAGE_BYTES, A, lda, B, ldb, m, n, k, m0, n0, (kt + STAGES - 1) * BK, tid);
    cp_async_commit_group();
    WGMMA_FENCE(acc);
#pragma unroll
    for (int kk = 0; kk < BK / 16; ++kk)
      WGMMA_M64N128K16(acc, da0 + (ulong)((st_read * STAGE_BYTES + A_KSTEP * kk) >> 4),
                       db0 + (ulong)((st_read * STAGE_BYTES + B_KSTEP * kk) >> 4));
    WGMMA_COMMIT(acc);
    WGMMA_WAIT(acc);  // done with this stage before the barrier lets it be overwritten
    st_read = st_read + 1 == STAGES ? 0 : st_read + 1;
    st_write = st_write + 1 == STAGES ? 0 : st_write + 1;
  }

  // C := alpha * acc + beta * C (C not read when beta == 0). Warp w of a warpgroup holds rows 16 w + g
  // and 16 w + g + 8; lane 4g + t holds, for each n8 block j, acc[4j .. 4j + 3] = (g, 8j + 2t),
  // (g, 8j + 2t + 1), (g + 8, 8j + 2t), (g + 8, 8j + 2t + 1).
  const int lane = tid & 31, warp = (tid >> 5) & 3, g = lane >> 2, t = lane & 3;
  __global ctype* C = c + c_offset + split * c_split;
  const int rows = m0 + 64 * wg + 16 * warp + g;
#pragma unroll
  for (int j = 0; j < BN / 8; ++j)
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int row = rows + 8 * (e >> 1), col = n0 + 8 * j + 2 * t + (e & 1);
      if (row < m && col < n) store_c(C + ((long)col * ldc + row), acc[4 * j + e], alpha, beta, TC_EPILOGUE(row, col));
    }
}
)CLC";

// The wgmma instructions, each as "//@" lines the PTX post-processing uncomments; every accumulator
// is an operand of each, so the compiler keeps them in registers and orders them around the MMAs.
template <class Sink>
constexpr void emit_wgmma_wrappers(util::text<Sink>& t, std::string_view type) {
  t.line("#define FENCE_PROXY_ASYNC() asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\")");
  t.raw("#define WGMMA_ACC(acc)");
  for (int i = 0; i < 64; ++i) t.raw({i == 0 ? " " : ", ", "\"+f\"(acc[", i, "])"});
  t.line();
  t.line("#define WGMMA_FENCE(acc) asm volatile(\"//@wgmma.fence.sync.aligned;\" : WGMMA_ACC(acc) :: \"memory\")");
  t.line("#define WGMMA_COMMIT(acc) asm volatile(\"//@wgmma.commit_group.sync.aligned;\" : WGMMA_ACC(acc) :: \"memory\")");
  t.line("#define WGMMA_WAIT(acc) asm volatile(\"//@wgmma.wait_group.sync.aligned 0;\" : WGMMA_ACC(acc) :: \"memory\")");
  t.line({"// D (64x128 float, per warpgroup) += A (64x16 ", type, ") * B (16x128 ", type, "), both from descriptors."});
  t.raw({"#define WGMMA_M64N128K16(acc, da, db) asm volatile(\"{\\n//@.reg .pred p;\\n//@setp.ne.b32 p, %66, 0;\\n\" "
         "\"//@wgmma.mma_async.sync.aligned.m64n128k16.f32.", type, ".", type, " {"});
  for (int i = 0; i < 64; ++i) t.raw({i == 0 ? "" : ", ", "%", i});
  t.line({"}, %64, %65, p, 1, 1, \" A_TNSP \", \" B_TNSP \";\\n}\" : WGMMA_ACC(acc) : \"l\"(da), \"l\"(db), \"r\"(1))"});
}

// The program for 16-bit element type e (half or bfloat16); never built without the PTX step.
template <class Sink>
constexpr void write_wgmma(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  const bool bf16 = e.name == "bfloat16";
  t.line({"// gemmcl: tensor-core GEMM, wgmma.mma_async m64n128k16 (", e.name, " inputs, float accumulators);"});
  t.line("// needs the runtime's PTX post-processing for sm_90a.");
  t.line({"#define GEMMCL_TC_BF16 ", bf16 ? 1 : 0});
  t.line("#define GEMMCL_TC_TF32 0");
  t.raw(wgmma_config);
  emit_epilogue_prelude(t, "float");
  t.raw(ptx_sm80);
  emit_wgmma_wrappers(t, bf16 ? "bf16" : "f16");
  t.raw(wgmma_body);
}

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
