#pragma once
// The kernel's prologue: its signature (the in-kernel reduction's arguments only in programs built for
// it),
// which work-item computes which part of C, the operands' offsets, the local tiles and the zeroed
// register tile acc that the main loop fills.

#include <string_view>

#include "activation.hpp"
#include "batch.hpp"
#include "common.hpp"
#include "packed.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

inline constexpr std::string_view kernel_name = "gemmcl_gemm";

namespace detail {

// Storage of a local tile (two of them with prefetch), and a plain element pointer to it.
template <class Sink>
constexpr void emit_local_tile(util::text<Sink>& t, const Config& c, std::string_view x,
                               std::string_view stride, int stride_value, std::string_view buffers) {
  if (local_aligned(c, stride_value)) {
    t.line({"__local realv ", x, "_store[", buffers, "TILE_K * ", stride, " / VW];"});
  } else {
    t.line({"__local real ", x, "_store[", buffers, "TILE_K * ", stride, "];"});
  }
  t.line({"__local real* const ", x, "_tile = (__local real*)", x, "_store;"});
}

// The kernel's qualifier and its work-group shape; a target may add attributes of its own after it.
template <class Sink>
constexpr void emit_kernel_attributes(util::text<Sink>& t, const Config& c) {
  if (c.slices == 1)
    t.line("__kernel __attribute__((reqd_work_group_size(THREADS_M, THREADS_N, 1)))");
  else
    t.line("__kernel __attribute__((reqd_work_group_size(THREADS_M, THREADS_N * SLICES, 1)))");
}

// Opens the kernel's body, from its name on; the caller closes it.
template <class Sink>
constexpr void emit_prologue(util::text<Sink>& t, const Config& c) {
  const bool staged = c.local_a || c.local_b;
  constexpr std::string_view indent = "                 ";
  t.line({"void ", kernel_name, "(const int m, const int n, const int k_total, const int k_chunk,"});
  emit_scalar_arguments(t, indent);
  if (c.image_a)
    t.line("                 __read_only image2d_t a_image, const ulong a_offset, const int lda,");
  else
    t.line("                 const __global real* restrict a, const ulong a_offset, const int lda,");
  if (c.image_b)
    t.line("                 __read_only image2d_t b_image, const ulong b_offset, const int ldb,");
  else
    t.line("                 const __global real* restrict b, const ulong b_offset, const int ldb,");
  t.line("                 __global real* c, const ulong c_offset, const int ldc, const ulong c_split,");
  t.raw("#if GEMMCL_SPLIT_IN_KERNEL\n");
  t.line("                 volatile __global uint* tickets, __global real* d, const ulong d_offset,");
  t.line("                 const int ldd, const real d_alpha, const real d_beta,");
  t.raw("#endif\n");
  emit_activation_arguments(t, indent);
  emit_batch_arguments(t, indent);
  t.line("                 const int c_whole)");
  t.open();
  t.line("// Split K: work-groups (., ., s) multiply the K range starting at s * k_chunk and write their own");
  t.line("// slice of C, c_split elements apart. Without a split, k_chunk = k_total and s = 0. With");
  t.line("// tickets, C is a workspace and the last work-group of each tile writes D (see the end).");
  emit_batch_offsets(t, c.image_a, c.image_b);
  t.line("const int k_begin = split * k_chunk;");
  t.line("const int k = min(k_chunk, k_total - k_begin);");
  if (c.slices > 1) {
    t.line("// Slice `slice` (work-items slice * SLICE_THREADS on) multiplies K steps k_slice to");
    t.line("// k_slice + SLICE_K - 1 of every local tile; sid numbers the work-items within it.");
    t.line("const int tx = get_local_id(0);");
    t.line("const int ty = (int)get_local_id(1) % THREADS_N;");
    t.line("const int slice = (int)get_local_id(1) / THREADS_N;");
    t.line("const int tid = (int)(get_local_id(1) * THREADS_M + get_local_id(0));");
    t.line("const int sid = ty * THREADS_M + tx;");
    t.line("const int k_slice = slice * SLICE_K;");
  } else if (c.warp_lanes_m == 0) {
    t.line("const int tx = get_local_id(0);");
    t.line("const int ty = get_local_id(1);");
    if (staged) t.line("const int tid = ty * THREADS_M + tx;");
  } else {
    t.line({"// Groups of 32 work-items (warps) cover ", c.warp_lanes_m, " x ", 32 / c.warp_lanes_m,
           " register tiles, so a group's local reads touch few"});
    t.line("// distinct addresses. Loads still use the linear id, which keeps them coalesced.");
    t.line("const int tid = (int)(get_local_id(1) * THREADS_M + get_local_id(0));");
    t.line("const int warp = tid / 32, lane = tid % 32;");
    t.line({"const int tx = (warp % (THREADS_M / ", c.warp_lanes_m, ")) * ", c.warp_lanes_m, " + lane % ",
           c.warp_lanes_m, ";"});
    t.line({"const int ty = (warp / (THREADS_M / ", c.warp_lanes_m, ")) * ", 32 / c.warp_lanes_m,
           " + lane / ", c.warp_lanes_m, ";"});
  }
  t.line("const int m0 = GROUP_M() * TILE_M;");
  t.line("const int n0 = GROUP_N() * TILE_N;");
  t.line("const bool full_m = m0 + TILE_M <= m;");
  t.line("const bool full_n = n0 + TILE_N <= n;");
  if (c.image_a) {
    t.line("const int a_k = k_begin;  // A is an image: its K coordinates start at k_begin");
  } else {
    t.raw("#if GEMMCL_TRANS_A == 0\n");
    t.line("a += a_offset + (ulong)k_begin * A_K_STRIDE;");
    t.raw("#else\n");
    t.line("a += a_offset + k_begin;");
    t.raw("#endif\n");
  }
  if (c.image_b) {
    t.line("const int b_k = k_begin;  // B is an image: its K coordinates start at k_begin");
  } else {
    t.raw("#if GEMMCL_TRANS_B == 0\n");
    t.line("b += b_offset + k_begin;");
    t.raw("#else\n");
    t.line("b += b_offset + (ulong)k_begin * B_K_STRIDE;");
    t.raw("#endif\n");
  }
  emit_packed_offsets(t);
  t.line("c += c_offset + split * c_split;");
  t.line();
  if (staged) {
    t.line("// Local tiles are K-major: row kk holds the tile's M (or N) extent of op()(:, k0 + kk).");
    const std::string_view buffers = c.stages > 0 ? "STAGES * " : c.prefetch ? "2 * " : "";
    if (c.local_a) emit_local_tile(t, c, "a", "STRIDE_A", c.stride_a(), buffers);
    if (c.local_b) emit_local_tile(t, c, "b", "STRIDE_B", c.stride_b(), buffers);
    if (c.slices > 1) t.line("__local realv slice_sums[SLICE_ROUND_VECS * (SLICES - 1) * SLICE_THREADS];");
    t.line();
  }
  t.line("// Register tile. Work-item (tx, ty) owns rows m0 + (i * THREADS_M + tx) * VW + e and columns");
  t.line("// n0 + (j * THREADS_N + ty) * COLS_RUN + e: runs spread over the tile, so neighbours read");
  t.line("// neighbouring memory.");
  t.line("realv acc[VECS_M][WPT_N];");
  t.line("#pragma unroll");
  t.open("for (int i = 0; i < VECS_M; ++i)");
  t.line("#pragma unroll");
  t.line("for (int j = 0; j < WPT_N; ++j) acc[i][j] = (realv)(0);");
  t.close();
  t.line();
}

}  // namespace detail
}  // namespace gemmcl::codegen

GEMMCL_COLD_END
