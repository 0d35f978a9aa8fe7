#pragma once
// One K step of outer products into the register tile: operands from local memory or straight from
// global memory, the FMAs, and the register sets of RegisterPrefetch.

#include <string_view>

#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

// Reads av[i] (this work-item's rows of op(A) at column k0 + kk) straight from global memory.
template <class Sink>
constexpr void emit_a_from_global(util::text<Sink>& t, bool guarded) {
  t.line("#pragma unroll");
  t.open("for (int i = 0; i < VECS_M; ++i)");
  t.line("const int row = m0 + (i * THREADS_M + tx) * VW;");
  t.raw("#if GEMMCL_TRANS_A == 0\n");
  t.line("const __global real* p = a + (long)(k0 + kk) * lda + row;");
  if (!guarded) {
    t.line("av[i] = VLOAD_GLOBAL(p);");
  } else {
    t.line("real tmp[VW];");
    t.line("#pragma unroll");
    t.line("for (int e = 0; e < VW; ++e) tmp[e] = LOAD_GLOBAL(p - row + min(row + e, m - 1));");
    t.line("av[i] = VLOAD(tmp);");
  }
  t.raw("#else\n");
  t.line("real tmp[VW];");
  t.line("#pragma unroll");
  if (!guarded) {
    t.line("for (int e = 0; e < VW; ++e) tmp[e] = LOAD_GLOBAL(a + (long)(row + e) * lda + k0 + kk);");
  } else {
    t.line({"for (int e = 0; e < VW; ++e) tmp[e] = LOAD_GLOBAL(a + (long)min(row + e, m - 1) * lda + k0 + "
           "kk);"});
  }
  t.line("av[i] = VLOAD(tmp);");
  t.raw("#endif\n");
  t.close();
}

// Reads bv[j] (this work-item's columns of op(B) at row k0 + kk) straight from global memory.
template <class Sink>
constexpr void emit_b_from_global(util::text<Sink>& t) {
  t.raw("#if GEMMCL_TRANS_B == 1\n");
  t.line("// B is not staged, so this work-item's columns are one run (COLS_RUN = WPT_N): one base pointer");
  t.line("// with constant offsets, since per-column pointers spill on CPUs when B is transposed.");
  t.line("const __global real* b_run = b + (long)(k0 + kk) * ldb + n0 + ty * WPT_N;");
  t.raw("#endif\n");
  t.line("#pragma unroll");
  t.open("for (int j = 0; j < WPT_N; ++j)");
  t.line("const int col = n0 + ((j / COLS_RUN) * THREADS_N + ty) * COLS_RUN + j % COLS_RUN;");
  // Columns past C read its last one (multiplied, never stored), so tiles at C's right edge need no
  // checked version of this loop.
  t.raw("#if GEMMCL_TRANS_B == 0\n");
  t.line("const __global real* p = b + (long)min(col, n - 1) * ldb + k0 + kk;");
  t.raw("#else\n");
  t.line("const __global real* p = b_run + j + (min(col, n - 1) - col);");
  t.raw("#endif\n");
  t.line("bv[j] = LOAD_GLOBAL(p);");
  t.close();
}

// The outer product of one K step: columns outside, rows inside, so that consecutive FMAs share a B
// value and cycle through the A vectors. NVIDIA's compiler schedules this order faster than rows
// outside (the 128x256 entry on an H200; bench/results/h200-sgemm.md).
// `set` names the register set (RegisterPrefetch) or is empty.
template <class Sink>
constexpr void emit_fma_loops(util::text<Sink>& t, std::string_view set) {
  t.line("#pragma unroll");
  t.open("for (int j = 0; j < WPT_N; ++j)");
  t.line("#pragma unroll");
  if (set.empty())
    t.line("for (int i = 0; i < VECS_M; ++i) acc[i][j] += av[i] * bv[j];");
  else
    t.line({"for (int i = 0; i < VECS_M; ++i) acc[i][j] += av[", set, "][i] * bv[", set, "][j];"});
  t.close();
}

// One K step of outer products into the register tile acc. a_src / b_src name the local tiles, or are
// empty for operands read from global memory (then `guarded` says whether to bounds-check).
template <class Sink>
constexpr void emit_multiply(util::text<Sink>& t, const Config& c, std::string_view a_src,
                             std::string_view b_src, bool guarded) {
  // The guarded loop's count is known only at run time: PoCL warned that it could not unroll it.
  if (!guarded) {
    if (c.unroll_factor() == c.tile_k)
      t.line("#pragma unroll");
    else
      t.line({"#pragma unroll ", c.unroll_factor()});
  }
  const std::string_view row = c.slices > 1 ? "(k_slice + kk)" : "kk";
  t.open({"for (int kk = 0; kk < ", guarded ? "k_end" : k_steps(c), "; ++kk)"});
  t.line("realv av[VECS_M];");
  t.line("real bv[WPT_N];");
  if (c.local_a) {
    t.line("#pragma unroll");
    t.line({"for (int i = 0; i < VECS_M; ++i) av[i] = VLOAD_LOCAL_A(&", a_src, "[", row,
           " * STRIDE_A + (i * THREADS_M + tx) * VW]);"});
  } else {
    emit_a_from_global(t, guarded);
  }
  if (c.local_b) {
    t.line("#pragma unroll");
    t.line({"for (int j = 0; j < VECS_N; ++j) VSTORE(VLOAD_LOCAL_B(&", b_src, "[", row,
           " * STRIDE_B + (j * THREADS_N + ty) * VW]), &bv[j * VW]);"});
  } else {
    emit_b_from_global(t);
  }
  emit_fma_loops(t, "");
  t.close();
}

// Reads row `kk` of the local tiles (of this work-item's slice, with SliceK) into register set `set`
// (av[set], bv[set]).
template <class Sink>
constexpr void emit_fragment(util::text<Sink>& t, const Config& c, std::string_view a_src,
                             std::string_view b_src, std::string_view kk, std::string_view set) {
  const std::string_view base = c.slices > 1 ? "k_slice + " : "";
  t.line("#pragma unroll");
  t.line({"for (int i = 0; i < VECS_M; ++i) av[", set, "][i] = VLOAD_LOCAL_A(&", a_src, "[(", base, kk,
         ") * STRIDE_A + (i * THREADS_M + tx) * VW]);"});
  t.line("#pragma unroll");
  t.line({"for (int j = 0; j < VECS_N; ++j) VSTORE(VLOAD_LOCAL_B(&", b_src, "[(", base, kk,
         ") * STRIDE_B + (j * THREADS_N + ty) * VW]), &bv[", set, "][j * VW]);"});
}

// The multiply of one K step, split into a bounds-checked and an unchecked version when an operand is
// read from global memory (staged operands were zero-padded when they were fetched).
template <class Sink>
constexpr void emit_step(util::text<Sink>& t, const Config& c, std::string_view a_src,
                         std::string_view b_src) {
  if (c.local_a && c.local_b) {
    emit_multiply(t, c, a_src, b_src, false);
    return;
  }
  // Staged operands were zero-padded and B's columns are clamped (emit_b_from_global): only A's rows
  // read from global memory and the last K step need checks.
  t.line({"const bool full = ", c.local_a ? "" : "full_m && ", "k0 + TILE_K <= k;"});
  t.open("if (full)");
  emit_multiply(t, c, a_src, b_src, false);
  t.reopen("else");
  // The last, partial K step, and with A read from global memory the tiles at C's lower edge: only
  // the K steps left, and rows past C read its last one (loaded, multiplied, never stored). Testing
  // every load instead made PoCL's edge tiles several times slower than whole ones.
  t.line("const int k_end = min(TILE_K, k - k0);");
  emit_multiply(t, c, a_src, b_src, true);
  t.close();
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
