#pragma once
// The epilogue: the slices' register tiles added (SliceK), then C := alpha * acc + beta * C, and the
// fused epilogue (bias, activation) where the program is built with one.

#include <algorithm>
#include <string_view>

#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

// SliceK: adds the slices' register tiles. Vector v = j * VECS_M + i of a work-item's tile belongs to
// slice v % SLICES, which adds the other slices' copies of it, always in the same order, and stores
// it; the others pass theirs through slice_sums, SLICE_ROUND_VECS vectors per round. Written out vector
// by vector, so that every register of the tile is named by constants (a loop the compiler left rolled
// would index the tile at run time and move it to memory).
template <class Sink>
constexpr void emit_slice_sums(util::text<Sink>& t, const Config& c) {
  const int vecs_m = c.wpt_m / c.vec, per_round = c.slice_round_vecs();
  t.line("// Sliced K: add the slices' register tiles; each slice ends with the sums of its share.");
  t.line("// Writer `slice` of vector v takes place (slice - owner - 1) mod SLICES among its owner's");
  t.line("// SLICES - 1 places.");
  for (int r = 0; r < c.slice_rounds(); ++r) {
    const int first = r * per_round, last = std::min(first + per_round, c.tile_vecs());
    if (r > 0) t.line("barrier(CLK_LOCAL_MEM_FENCE);  // the previous round's vectors are read");
    for (int v = first; v < last; ++v) {
      const int owner = v % c.slices;
      t.line({"if (slice != ", owner, ") slice_sums[(", (v - first) * (c.slices - 1), " + (slice + ",
             c.slices - 1 - owner, ") % SLICES) * SLICE_THREADS + sid] = acc[", v % vecs_m, "][", v / vecs_m,
             "];"});
    }
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    for (int v = first; v < last; ++v) {
      const int owner = v % c.slices;
      t.open({"if (slice == ", owner, ")"});
      for (int w = 0; w < c.slices - 1; ++w)
        t.line({"acc[", v % vecs_m, "][", v / vecs_m, "] += slice_sums[", ((v - first) * (c.slices - 1) + w),
               " * SLICE_THREADS + sid];"});
      t.close();
    }
  }
}

// The fused epilogue at a store of C (codegen/activation.hpp); not where the kernel writes split-K
// parts that it adds itself (split_reduce.hpp applies it then).
template <class Sink>
constexpr void emit_fused(util::text<Sink>& t, std::string_view statement) {
  t.raw("#if GEMMCL_EPILOGUE && !GEMMCL_SPLIT_IN_KERNEL\n");
  t.line(statement);
  t.raw("#endif\n");
}

// The bias of a work-item's rows or columns of C, read into registers once before the stores (which
// may alias it, so the compiler would read it again for every element).
template <class Sink>
constexpr void emit_bias_tile(util::text<Sink>& t) {
  t.raw("#if GEMMCL_EPILOGUE && !GEMMCL_SPLIT_IN_KERNEL\n");
  t.raw("#if GEMMCL_BIAS == 1\n");
  t.line("real bias_tile[VECS_M * VW];  // rows (i * THREADS_M + tx) * VW + e");
  t.line("#pragma unroll");
  t.open("for (int i = 0; i < VECS_M; ++i)");
  t.line("const int row = m0 + (i * THREADS_M + tx) * VW;");
  t.line("#pragma unroll");
  t.line("for (int e = 0; e < VW; ++e) bias_tile[i * VW + e] = row + e < m ? bias[bias_offset + row + e] : (real)0;");
  t.close();
  t.raw("#define TILE_BIAS_V(i, j) VLOAD(bias_tile + (i) * VW)\n");
  t.raw("#define TILE_BIAS_S(i, j, e) bias_tile[(i) * VW + (e)]\n");
  t.raw("#elif GEMMCL_BIAS == 2\n");
  t.line("real bias_tile[WPT_N];  // the work-item's columns, as the stores number them");
  t.line("#pragma unroll");
  t.open("for (int j = 0; j < WPT_N; ++j)");
  t.line("const int col = n0 + ((j / COLS_RUN) * THREADS_N + ty) * COLS_RUN + j % COLS_RUN;");
  t.line("bias_tile[j] = col < n ? bias[bias_offset + col] : (real)0;");
  t.close();
  t.raw("#define TILE_BIAS_V(i, j) ((realv)(bias_tile[j]))\n");
  t.raw("#define TILE_BIAS_S(i, j, e) bias_tile[j]\n");
  t.raw("#else\n");
  t.raw("#define TILE_BIAS_V(i, j) ((realv)(0))\n");
  t.raw("#define TILE_BIAS_S(i, j, e) ((real)(0))\n");
  t.raw("#endif\n");
  t.raw("#endif\n");
}

// The stores of a work-item's register tile: `which` is both (edge checks inside), full (a tile wholly
// inside C) or edge (a tile that crosses m or n).
enum class Stores { both, full, edge };

template <class Sink>
constexpr void emit_store_nest(util::text<Sink>& t, const Config& c, Stores which) {
  // The epilogue's statements: plain where only programs with an epilogue reach them (full, edge).
  const auto fused = [which](util::text<Sink>& out, std::string_view s) {
    if (which == Stores::both) emit_fused(out, s); else out.line(s);
  };
  t.line("#pragma unroll");
  t.open("for (int j = 0; j < WPT_N; ++j)");
  t.line("const int col = n0 + ((j / COLS_RUN) * THREADS_N + ty) * COLS_RUN + j % COLS_RUN;");
  t.line("#pragma unroll");
  t.open("for (int i = 0; i < VECS_M; ++i)");
  if (c.slices > 1) t.line("if ((j * VECS_M + i) % SLICES != slice) continue;  // another slice's share");
  t.line("const int row = m0 + (i * THREADS_M + tx) * VW;");
  t.line("__global real* p = c + (long)col * ldc + row;");
  t.line("realv r = alpha * acc[i][j];");
  if (which != Stores::edge) {
    if (which == Stores::both) t.open("if (full_m && full_n)");
    t.line("// Whole vectors where C's offset and leading dimension allow it (c_whole), else element-wise.");
    t.line("if (beta != (real)0) r += beta * (c_whole ? *(const __global realv*)p : VLOAD(p));");
    fused(t, "r += TILE_BIAS_V(i, j); r = ACTIVATE(r, realv);");
    t.line("if (c_whole) *(__global realv*)p = r; else VSTORE(r, p);");
  }
  if (which != Stores::full) {
    if (which == Stores::both) t.reopen("else if (col < n)");
    else t.open("if (col < n)");
    t.line("real rs[VW];");
    t.line("VSTORE(r, rs);");
    t.line("#pragma unroll");
    t.open("for (int e = 0; e < VW; ++e)");
    t.line("if (row + e >= m) continue;");
    t.line("real x = beta != (real)0 ? rs[e] + beta * p[e] : rs[e];");
    fused(t, "x += TILE_BIAS_S(i, j, e); x = ACTIVATE(x, real);");
    t.line("p[e] = x;");
    t.close();
    t.close();
  }
  t.close();
  t.close();
}

template <class Sink>
constexpr void emit_store(util::text<Sink>& t, const Config& c) {
  t.line("// C := alpha * acc + beta * C (then the epilogue, if any). With beta == 0, C is never read, so whatever it held");
  t.line("// (NaN included) cannot leak into the result.");
  emit_bias_tile(t);
  t.raw("#if GEMMCL_EPILOGUE && !GEMMCL_SPLIT_IN_KERNEL\n");
  t.line("// With an epilogue, tiles inside C and tiles on its edges store in separate loop nests: one nest");
  t.line("// with both paths grows long enough that the compiler schedules the whole kernel worse.");
  t.open("if (full_m && full_n)");
  emit_store_nest(t, c, Stores::full);
  t.reopen("else");
  emit_store_nest(t, c, Stores::edge);
  t.close();
  t.raw("#else\n");
  emit_store_nest(t, c, Stores::both);
  t.raw("#endif\n");
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
