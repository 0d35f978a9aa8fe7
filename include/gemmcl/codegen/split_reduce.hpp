#pragma once
// Split K with the parts added in the kernel: the last work-group of each tile adds them.

#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

// Split K in one kernel (tickets != 0): C is then a workspace of partial products whose leading
// dimension is a multiple of VW, and D the user's matrix. Each work-group makes its part visible and
// takes a ticket for its tile; the one that draws the last ticket adds the tile's parts, in order of
// their K ranges (so the result does not depend on which one that is), writes D := d_alpha * sum +
// d_beta * D, and puts the ticket back to zero for the next call. The parts are read with volatile
// loads, which bypass caches that may not be coherent with other compute units.
// Only in programs built with GEMMCL_SPLIT_IN_KERNEL=1, so that the kernels of every other call
// compile as if it did not exist.
template <class Sink>
constexpr void emit_split_reduce(util::text<Sink>& t) {
  t.raw("#if GEMMCL_SPLIT_IN_KERNEL\n");
  t.line("__local int last_part;");
  t.open("if (tickets != 0)");
  t.line("const int lid = (int)(get_local_id(1) * THREADS_M + get_local_id(0));");
  t.line("const uint tile = get_group_id(1) * get_num_groups(0) + get_group_id(0);");
  t.line("const int parts = (int)get_num_groups(2);");
  t.line("GLOBAL_FENCE();");
  t.line("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);");
  t.line("if (lid == 0) last_part = atomic_inc(tickets + tile) == (uint)(parts - 1);");
  t.line("barrier(CLK_LOCAL_MEM_FENCE);");
  t.open("if (last_part)");
  t.line("if (lid == 0) tickets[tile] = 0;");
  t.line("GLOBAL_FENCE();");
  t.line("const int rows = min(TILE_M, m - m0), cols = min(TILE_N, n - n0);");
  t.line("const volatile __global real* w = c - split * c_split + (long)n0 * ldc + m0;");
  t.line("__global real* dt = d + d_offset + (long)n0 * ldd + m0;");
  t.line("// Each work-item adds RED_VECS vectors of the tile at a time, RED_PARTS parts per round, every");
  t.line("// load of a round in flight together.");
  t.raw("#define RED_VECS 2\n");
  t.raw("#define RED_PARTS 4\n");
  t.open("for (int v0 = lid; v0 < TILE_M / VW * TILE_N; v0 += RED_VECS * THREADS)");
  t.line("realv sum[RED_VECS];");
  t.line("#pragma unroll");
  t.line("for (int u = 0; u < RED_VECS; ++u) sum[u] = (realv)(0);");
  t.open("for (int q0 = 0; q0 < parts; q0 += RED_PARTS)");
  t.line("realv x[RED_PARTS][RED_VECS];");
  t.line("#pragma unroll");
  t.open("for (int q = 0; q < RED_PARTS; ++q)");
  t.line("#pragma unroll");
  t.open("for (int u = 0; u < RED_VECS; ++u)");
  t.line("const int v = v0 + u * THREADS;");
  t.line("const int row = v % (TILE_M / VW) * VW, col = v / (TILE_M / VW);");
  t.line("const volatile __global real* p = w + (ulong)(q0 + q) * c_split + (long)col * ldc + row;");
  t.line("x[q][u] = (realv)(0);");
  t.open("if (q0 + q < parts && col < cols)");
  t.open("if (row + VW <= rows)");
  t.line("x[q][u] = *(const volatile __global realv*)p;");
  t.reopen("else");
  t.line("real e[VW];");
  t.line("#pragma unroll");
  t.line("for (int i = 0; i < VW; ++i) e[i] = row + i < rows ? p[i] : (real)0;");
  t.line("x[q][u] = VLOAD(e);");
  t.close();
  t.close();
  t.close();
  t.close();
  t.line("#pragma unroll");
  t.line("for (int q = 0; q < RED_PARTS; ++q)");
  t.line("  for (int u = 0; u < RED_VECS; ++u) sum[u] += x[q][u];");
  t.close();
  t.line("#pragma unroll");
  t.open("for (int u = 0; u < RED_VECS; ++u)");
  t.line("const int v = v0 + u * THREADS;");
  t.line("const int row = v % (TILE_M / VW) * VW, col = v / (TILE_M / VW);");
  t.line("if (col >= cols) continue;");
  t.line("real e[VW];");
  t.line("VSTORE(sum[u], e);");
  t.line("__global real* p = dt + (long)col * ldd + row;");
  t.line("#pragma unroll");
  t.open("for (int i = 0; i < VW; ++i)");
  t.line("if (row + i >= rows) continue;");
  t.line("real x = d_beta != (real)0 ? d_alpha * e[i] + d_beta * p[i] : d_alpha * e[i];");
  t.line("EPILOGUE_S(x, m0 + row + i, n0 + col);");
  t.line("p[i] = x;");
  t.close();
  t.close();
  t.close();
  t.raw("#undef RED_VECS\n");
  t.raw("#undef RED_PARTS\n");
  t.close();
  t.close();
  t.raw("#endif\n");
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
