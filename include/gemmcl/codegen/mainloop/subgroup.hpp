#pragma once
// The sub-group main loop (vendor::IntelSubgroups, vendor::KhronosSubgroups). The lanes of a sub-group
// own different rows of C and the same columns (the work-group's M extent holds whole sub-groups), so
// they need the same elements of B: lane l reads op(B)(k + l, j) for a block of SG K steps, and the
// lanes pass those values round with SG_SHUFFLE, one load per sub-group where the generic loops load
// per work-item. Each lane reads its own rows of A, whole rows of the sub-group being one block read
// (BLOCK_READ) where the target has them. This is the Intel SGEMM article's L3_SIMD / block_read
// scheme with the roles of A and B exchanged, so that it fits the skeleton's ownership of C.
//
// Options: A staged in local memory (LocalMemory<Operands::A>, the article's L3_SLM family), A and/or
// B read from images (Images<O>), and a barrier per K step (InStep<true>) for cache reuse.
//
// The target defines SG (the sub-group size, a constant or get_sub_group_size()), SG_LANE(),
// SG_SHUFFLE(x, lane), and with block reads BLOCK_READ(p) and BLOCK_READ_LOCAL(p) (lane l gets p[l]);
// with images IMAGE_READ(img, x, y), and with block reads IMAGE_BLOCK_READ(img, x, y) (lane l gets
// element (x + l, y)).

#include "mainloop.hpp"
#include "../fetch.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::mainloop {

namespace subgroup {

// op(A)(row, kk) for this lane's rows `i` of one K step (kk relative to the K range's start), into
// av[i]; `whole` = the caller knows the rows and the step lie inside A.
template <class Sink>
constexpr void emit_read_a(util::text<Sink>& t, const policy::Config& c, bool whole) {
  if (c.local_a) {
    t.line("// A from the local tile (K-major: row kk holds the tile's M extent).");
    t.line("#pragma unroll");
    t.open("for (int i = 0; i < VECS_M; ++i)");
    if (c.block_reads)
      t.line("av[i] = BLOCK_READ_LOCAL(&a_tile[(kb + kk) * STRIDE_A + i * THREADS_M + tx - lane]);");
    else
      t.line("av[i] = VLOAD_LOCAL_A(&a_tile[(kb + kk) * STRIDE_A + (i * THREADS_M + tx) * VW]);");
    t.close();
    return;
  }
  t.line("#pragma unroll");
  t.open("for (int i = 0; i < VECS_M; ++i)");
  t.line("const int r = m0 + (i * THREADS_M + tx) * VW;  // this lane's first row");
  if (whole) {
    t.raw("#if GEMMCL_TRANS_A == 0\n");
    if (c.image_a && c.block_reads)
      t.line("av[i] = IMAGE_BLOCK_READ(a_image, r - lane, a_k + kk);");
    else if (c.image_a)
      t.line("av[i] = IMAGE_READ(a_image, r, a_k + kk);");
    else if (c.block_reads)
      t.line("av[i] = BLOCK_READ(a + (long)kk * lda + r - lane);");
    else
      t.line("av[i] = VLOAD_GLOBAL(a + (long)kk * lda + r);");
    t.raw("#else\n");
    t.line("#pragma unroll");
    if (c.image_a)
      t.line("for (int e = 0; e < VW; ++e) ((real*)&av[i])[e] = IMAGE_READ(a_image, a_k + kk, r + e);");
    else
      t.line("for (int e = 0; e < VW; ++e) ((real*)&av[i])[e] = LOAD_GLOBAL(a + kk + (long)(r + e) * lda);");
    t.raw("#endif\n");
  } else {
    t.line("#pragma unroll");
    t.open("for (int e = 0; e < VW; ++e)");
    t.line("const bool in = r + e < m && kk < k;");
    t.raw("#if GEMMCL_TRANS_A == 0\n");
    if (c.image_a)
      t.line("((real*)&av[i])[e] = in ? IMAGE_READ(a_image, r + e, a_k + kk) : (real)0;");
    else
      t.line("((real*)&av[i])[e] = in ? LOAD_GLOBAL(a + (long)kk * lda + r + e) : (real)0;");
    t.raw("#else\n");
    if (c.image_a)
      t.line("((real*)&av[i])[e] = in ? IMAGE_READ(a_image, a_k + kk, r + e) : (real)0;");
    else
      t.line("((real*)&av[i])[e] = in ? LOAD_GLOBAL(a + kk + (long)(r + e) * lda) : (real)0;");
    t.raw("#endif\n");
    t.close();
  }
  t.close();
}

// op(B)(k0 + kb + lane, column j) into bv[j], for this sub-group's columns.
template <class Sink>
constexpr void emit_read_b(util::text<Sink>& t, const policy::Config& c, bool whole) {
  t.line("#pragma unroll");
  t.open("for (int j = 0; j < WPT_N; ++j)");
  t.line("const int col = col0 + j;");
  if (whole) {
    t.raw("#if GEMMCL_TRANS_B == 0\n");
    if (c.image_b && c.block_reads)
      t.line("bv[j] = IMAGE_BLOCK_READ(b_image, b_k + k0 + kb, col);");
    else if (c.image_b)
      t.line("bv[j] = IMAGE_READ(b_image, b_k + k0 + kb + lane, col);");
    else if (c.block_reads)
      t.line("bv[j] = BLOCK_READ(b + (long)col * ldb + k0 + kb);");
    else
      t.line("bv[j] = LOAD_GLOBAL(b + (long)col * ldb + k0 + kb + lane);");
    t.raw("#else\n");
    if (c.image_b)
      t.line("bv[j] = IMAGE_READ(b_image, col, b_k + k0 + kb + lane);");
    else
      t.line("bv[j] = LOAD_GLOBAL(b + col + (long)(k0 + kb + lane) * ldb);");
    t.raw("#endif\n");
  } else {
    t.line("const int kl = k0 + kb + lane;");
    t.line("const bool in = col < n && kl < k;");
    t.raw("#if GEMMCL_TRANS_B == 0\n");
    if (c.image_b)
      t.line("bv[j] = in ? IMAGE_READ(b_image, b_k + kl, col) : (real)0;");
    else
      t.line("bv[j] = in ? LOAD_GLOBAL(b + (long)col * ldb + kl) : (real)0;");
    t.raw("#else\n");
    if (c.image_b)
      t.line("bv[j] = in ? IMAGE_READ(b_image, col, b_k + kl) : (real)0;");
    else
      t.line("bv[j] = in ? LOAD_GLOBAL(b + col + (long)kl * ldb) : (real)0;");
    t.raw("#endif\n");
  }
  t.close();
}

// One K step of the tile: blocks of SG K values; in each, B is read once per sub-group and shared.
template <class Sink>
constexpr void emit_tile(util::text<Sink>& t, const policy::Config& c, bool whole) {
  t.line("#pragma unroll");
  t.open("for (int kb = 0; kb < TILE_K; kb += SG)");
  t.line("real bv[WPT_N];");
  emit_read_b(t, c, whole);
  t.line("#pragma unroll");
  t.open("for (int q = 0; q < SG; ++q)");
  t.line({"const int kk = ", c.local_a ? "q" : "k0 + kb + q", ";"});
  t.line("realv av[VECS_M];");
  emit_read_a(t, c, whole);
  t.line("#pragma unroll");
  t.open("for (int j = 0; j < WPT_N; ++j)");
  t.line("const real bj = SG_SHUFFLE(bv[j], q);  // op(B)(k0 + kb + q, col0 + j), from lane q");
  t.line("#pragma unroll");
  t.line("for (int i = 0; i < VECS_M; ++i) acc[i][j] = mad(av[i], (realv)(bj), acc[i][j]);");
  t.close();
  t.close();
  t.close();
}

}  // namespace subgroup

struct Subgroup {
  static constexpr std::string_view name = "sub-group";
  static constexpr bool selects(const policy::Config& c) { return c.sub_groups; }

  template <class Sink>
  static constexpr void emit(util::text<Sink>& t, const policy::Config& c) {
    t.line("// Lanes of a sub-group own rows of C and share its columns: B is read once per sub-group.");
    if (c.sub_group_size == 0) {
      t.line("// The compiler chose the sub-group size. Sharing B needs sub-groups that hold whole runs of");
      t.line("// THREADS_M work-items and divide the K step; otherwise every lane reads B itself.");
      t.line("const int sg_size = (int)get_sub_group_size();");
      t.line("const bool sg_shared = THREADS_M % sg_size == 0 && TILE_K % sg_size == 0;");
      t.line("const int sg = sg_shared ? sg_size : 1;");
    }
    t.line("const int lane = SG_LANE();");
    t.line("const int col0 = n0 + ty * WPT_N;  // this work-item's columns: col0 to col0 + WPT_N - 1");
    if (c.local_a) detail::emit_fetch_setup(t, detail::operand_a, false);  // no redirection: each step checks its edges
    t.line("const int tiles = (k + TILE_K - 1) / TILE_K;");
    t.open("for (int t = 0; t < tiles; ++t)");
    t.line("const int k0 = t * TILE_K;");
    if (c.local_a) {
      t.open();
      t.line("const int kb = k0;");
      t.line("real ra[LOADS_A * VW];");
      detail::emit_fetch(t, detail::operand_a);
      detail::emit_stash(t, detail::operand_a, "a_tile");
      t.close();
      t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    }
    t.open("if (full_m && full_n && k0 + TILE_K <= k)");
    subgroup::emit_tile(t, c, true);
    t.reopen("else");
    subgroup::emit_tile(t, c, false);
    t.close();
    if (c.local_a)
      t.line("barrier(CLK_LOCAL_MEM_FENCE);  // the A tile is overwritten in the next step");
    else if (c.in_step)
      t.line("barrier(CLK_LOCAL_MEM_FENCE);  // InStep: the work-group walks K together, for cache reuse");
    t.close();
  }
};

}  // namespace gemmcl::codegen::mainloop

GEMMCL_COLD_END
