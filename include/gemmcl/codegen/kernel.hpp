#pragma once
// The generic GEMM kernel, written as OpenCL C text from a validated configuration.
//
// The kernel computes C := alpha * op(A) * op(B) + beta * C on column-major matrices; the host maps
// row-major calls onto it by swapping A and B. op() is chosen when the program is built
// (GEMMCL_TRANS_A, GEMMCL_TRANS_B), so one source serves all eight layout/transpose combinations.
// Structural choices (which operands are staged, prefetching) select which text is written; numbers
// become #defines at the top, so the kernel body reads the same for every tile size.
//
// Edges: a work-group whose tile lies inside C and whose K step lies inside K takes unguarded vector
// loads; otherwise every element is bounds-checked and padded with zeros. Nothing outside the matrices
// is read or written.

#include <algorithm>
#include <string_view>

#include "../policy/config.hpp"
#include "../util/text.hpp"
#include "../vendor/vendor.hpp"

namespace gemmcl::codegen {

inline constexpr std::string_view kernel_name = "gemmcl_gemm";
inline constexpr std::string_view reduce_kernel_name = "gemmcl_reduce";
inline constexpr std::string_view pack_kernel_name = "gemmcl_pack";
inline constexpr int pack_columns = 8;  // columns each work-item of the packing kernel copies

namespace detail {

using policy::Config;

constexpr std::string_view element_name(const Config& c) {
  return c.element == policy::ElementType::Double ? "double" : "float";
}

// What differs between the A and B operands as far as loading is concerned. "x" is the operand's own
// extent (M for A, N for B); every operand tile is stored K-major in local memory.
struct operand {
  std::string_view label;      // "A"
  std::string_view ptr;        // "a"
  std::string_view ld;         // "lda"
  std::string_view trans;      // "GEMMCL_TRANS_A"
  std::string_view tile;       // "TILE_M"
  std::string_view x0;         // "m0"
  std::string_view extent;     // "m"
  std::string_view full_x;     // "full_m"
  std::string_view loads;      // "LOADS_A"
  std::string_view stride;     // "STRIDE_A"
  std::string_view regs;       // "ra"
  std::string_view local;      // "a_tile"
  bool x_contiguous_if_trans;  // B is stored n x k when transposed, so its N extent is contiguous
};

inline constexpr operand operand_a{"A",      "a",      "lda",     "GEMMCL_TRANS_A", "TILE_M", "m0",
                                   "m",      "full_m", "LOADS_A", "STRIDE_A",       "ra",     "a_tile",
                                   false};
inline constexpr operand operand_b{"B",      "b",      "ldb",     "GEMMCL_TRANS_B", "TILE_N", "n0",
                                   "n",      "full_n", "LOADS_B", "STRIDE_B",       "rb",     "b_tile",
                                   true};

// "#if GEMMCL_TRANS_A == 0" when the x-contiguous case is the untransposed one, "== 1" otherwise.
template <class Sink>
constexpr void if_x_contiguous(util::text<Sink>& t, const operand& o) {
  t.raw("#if ", o.trans, o.x_contiguous_if_trans ? " == 1\n" : " == 0\n");
}

template <class Sink>
constexpr void emit_header(util::text<Sink>& t, const Config& c, std::string_view vendor) {
  t.line("// gemmcl generated kernel");
  t.line("//   C := alpha * op(A) * op(B) + beta * C on column-major matrices; row-major calls are mapped");
  t.line("//   onto this by the host. op() is fixed when the program is built: GEMMCL_TRANS_A and");
  t.line("//   GEMMCL_TRANS_B are 0 (as stored) or 1 (transposed).");
  t.line("//");
  t.line("// configuration");
  t.line("//   element          ", element_name(c));
  t.line("//   tile M x N x K   ", c.tile_m, " x ", c.tile_n, " x ", c.tile_k);
  t.line("//   vector width     ", c.vec);
  if (c.slices == 1)
    t.line("//   work per thread  ", c.wpt_m, " x ", c.wpt_n, ", work-group ", c.threads_m(), " x ",
           c.threads_n(), " = ", c.threads(), " work-items");
  else
    t.line("//   work per thread  ", c.wpt_m, " x ", c.wpt_n, ", work-group ", c.slices, " slices of ",
           c.threads_m(), " x ", c.threads_n(), " = ", c.threads(), " work-items");
  t.raw("//   local memory     ");
  if (!c.local_a && !c.local_b) {
    t.raw("none (no barriers)\n");
  } else {
    t.raw(c.local_a && c.local_b ? "A and B" : c.local_a ? "A" : "B", ", padding ", c.padding,
          ", ", static_cast<long long>(c.local_bytes()), " bytes\n");
  }
  if (c.stages > 0)
    t.line("//   prefetch         pipeline of ", c.stages, " local buffers filled by copies, ", c.stages - 1,
           " K steps in flight", c.register_prefetch ? "; registers read one K step ahead" : "");
  else
    t.line("//   prefetch         ", c.prefetch ? "double-buffered local tiles" : "off",
           c.register_prefetch ? "; registers read one K step ahead" : "");
  t.line("//   unroll           ", c.unroll_factor(), " of ", c.tile_k, " K steps");
  if (c.slices > 1)
    t.line("//   sliced K         ", c.slices, " slices of ", c.tile_k / c.slices,
           " K steps each, added through local memory in ", c.slice_rounds(), " round(s)");
  if (c.warp_lanes_m != 0)
    t.line("//   warp layout      ", c.warp_lanes_m, " x ", 32 / c.warp_lanes_m, " work-items per group of 32");
  t.line("//   vendor           ", vendor);
  t.line();
}

// Vector access to a local tile. When its rows start on multiples of VW the tile is declared as an
// array of vectors, so whole-vector accesses are aligned and compile to single wide loads and stores;
// vloadW/vstoreW would only assume element alignment.
constexpr bool local_aligned(const Config& c, int stride) { return c.vec > 1 && stride % c.vec == 0; }

template <class Sink>
constexpr void emit_local_access(util::text<Sink>& t, const Config& c, std::string_view x,
                                 int stride) {
  if (local_aligned(c, stride)) {
    t.line("#define VLOAD_LOCAL_", x, "(p) (*(const __local realv*)(p))");
    t.line("#define VSTORE_LOCAL_", x, "(v, p) (*(__local realv*)(p) = (v))");
  } else {
    t.line("#define VLOAD_LOCAL_", x, "(p) VLOAD(p)");
    t.line("#define VSTORE_LOCAL_", x, "(v, p) VSTORE(v, p)");
  }
}

// Pipeline<S>: how a work-item's copies of one operand tile are laid out. The tile is read in memory
// order: LINES of the operand (one per K step when its own extent is contiguous, one per row or column
// of the tile otherwise), each Q units long, a unit being a W-wide vector along a contiguous extent or
// one element along K. Unit l of a work-item is number tid + l * THREADS. When THREADS and Q divide one
// another, its line and position differ from those of the work-item's first unit (tid / Q, tid % Q) by
// constants, so the compiler folds every copy's offset; otherwise they are computed per copy.
template <class Sink>
constexpr void emit_copy_defines(util::text<Sink>& t, const operand& o) {
  const std::string_view x = o.label;
  t.line("// ", x, " tile copies (Pipeline): units of ", x, "_UNIT elements, ", x, "_Q units per line.");
  if_x_contiguous(t, o);
  t.line("#define ", x, "_UNIT VW");
  t.line("#define ", x, "_Q (", o.tile, " / VW)");
  t.raw("#else\n");
  t.line("#define ", x, "_UNIT 1");
  t.line("#define ", x, "_Q TILE_K");
  t.raw("#endif\n");
  t.line("#define ", x, "_UNITS (", o.tile, " * TILE_K / (", x, "_UNIT * THREADS))");
  t.raw("#if THREADS % ", x, "_Q == 0 || ", x, "_Q % THREADS == 0\n");
  t.line("#define ", x, "_DLINE(l) (((l) * THREADS) / ", x, "_Q)");
  t.line("#define ", x, "_DPOS(l) (((l) * THREADS) % ", x, "_Q)");
  t.raw("#else\n");
  t.line("#define ", x, "_DLINE(l) ((tid + (l) * THREADS) / ", x, "_Q - tid / ", x, "_Q)");
  t.line("#define ", x, "_DPOS(l) ((tid + (l) * THREADS) % ", x, "_Q - tid % ", x, "_Q)");
  t.raw("#endif\n");
}

template <class Sink>
constexpr void emit_defines(util::text<Sink>& t, const Config& c) {
  t.line("#ifndef GEMMCL_TRANS_A");
  t.line("#define GEMMCL_TRANS_A 0");
  t.line("#endif");
  t.line("#ifndef GEMMCL_TRANS_B");
  t.line("#define GEMMCL_TRANS_B 0");
  t.line("#endif");
  t.line("// 1 when the offsets and leading dimensions of A and B are multiples of VW, so whole vectors of");
  t.line("// them are aligned. (C's alignment is the argument c_whole: C is touched once per call.)");
  t.line("#ifndef GEMMCL_ALIGNED");
  t.line("#define GEMMCL_ALIGNED 0");
  t.line("#endif");
  t.line("// 1 in programs whose split-K parts are added by the kernel itself (tickets).");
  t.line("#ifndef GEMMCL_SPLIT_IN_KERNEL");
  t.line("#define GEMMCL_SPLIT_IN_KERNEL 0");
  t.line("#endif");
  t.line();
  if (c.element == policy::ElementType::Double) {
    t.line("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
  }
  const std::string_view e = element_name(c);
  t.line("typedef ", e, " real;");
  if (c.vec == 1) {
    t.line("typedef ", e, " realv;  // one accumulator lane per element: Vec<1>");
    t.line("#define VLOAD(p) (*(p))");
    t.line("#define VSTORE(v, p) (*(p) = (v))");
  } else {
    t.line("typedef ", e, c.vec, " realv;  // ", c.vec, " consecutive rows of C or one vector load");
    t.line("#define VLOAD(p) vload", c.vec, "(0, (p))");
    t.line("#define VSTORE(v, p) vstore", c.vec, "((v), 0, (p))");
  }
  t.line();
  t.line("#define TILE_M ", c.tile_m);
  t.line("#define TILE_N ", c.tile_n);
  t.line("#define TILE_K ", c.tile_k);
  t.line("#define VW ", c.vec);
  t.line("#define WPT_M ", c.wpt_m, "      // rows of C per work-item, as WPT_M / VW vectors");
  t.line("#define WPT_N ", c.wpt_n, "      // columns of C per work-item, as WPT_N / VW blocks of VW");
  t.line("#define VECS_M (WPT_M / VW)");
  if (c.local_b) {
    t.line("#define COLS_RUN VW  // a work-item's columns come in runs of VW, read from local memory as vectors");
    t.line("#define VECS_N (WPT_N / VW)");
  } else {
    t.line("#define COLS_RUN WPT_N  // B is read from global memory: a work-item's columns are one run");
  }
  t.line("#define THREADS_M ", c.threads_m());
  t.line("#define THREADS_N ", c.threads_n());
  if (c.slices == 1) {
    t.line("#define THREADS (THREADS_M * THREADS_N)");
  } else {
    t.line("#define SLICES ", c.slices, "    // copies of the register tile grid, each multiplying SLICE_K of every K step");
    t.line("#define SLICE_K (TILE_K / SLICES)");
    t.line("#define SLICE_THREADS (THREADS_M * THREADS_N)");
    t.line("#define THREADS (SLICE_THREADS * SLICES)");
    t.line("#define SLICE_ROUND_VECS ", c.slice_round_vecs(), "  // register-tile vectors added per round");
    t.line("#define SLICE_ROUNDS ", c.slice_rounds());
  }
  if (c.local_a) {
    t.line("#define LOADS_A ", c.loads_a(), "    // vectors of the A tile each work-item moves per K step");
    t.line("#define STRIDE_A ", c.stride_a(), "  // row stride of the local A tile (TILE_M + padding)");
  }
  if (c.local_b) {
    t.line("#define LOADS_B ", c.loads_b(), "    // vectors of the B tile each work-item moves per K step");
    t.line("#define STRIDE_B ", c.stride_b(), "  // row stride of the local B tile (TILE_N + padding)");
  }
  if (c.local_a) emit_local_access(t, c, "A", c.stride_a());
  if (c.local_b) emit_local_access(t, c, "B", c.stride_b());
  if (c.stages > 0) {
    t.line("#define STAGES ", c.stages, "   // local buffers per operand (Pipeline)");
    emit_copy_defines(t, operand_a);
    emit_copy_defines(t, operand_b);
  }
  t.line();
}

// Where this work-item's vectors of an operand tile lie. Their places in the tile are the same in every
// K step, so the global addresses are computed once and advance by one step's stride after each fetch.
// Vectors run along whichever extent is contiguous in memory, so reads coalesce.
template <class Sink>
constexpr void emit_fetch_setup(util::text<Sink>& t, const operand& o) {
  const std::string_view p = o.ptr;
  t.line("// ", o.label, " tile loads: ", o.loads, " vectors of VW per work-item and K step.");
  t.line("const __global real* ", p, "_src[", o.loads, "];");
  t.line("int ", p, "_x[", o.loads, "], ", p, "_k[", o.loads, "];");
  if_x_contiguous(t, o);
  t.line("// ", o.label, " is stored with its ", o.extent, " extent contiguous: vectors run along it.");
  t.line("const long ", p, "_step = (long)TILE_K * ", o.ld, ";");
  t.line("#pragma unroll");
  t.open("for (int l = 0; l < ", o.loads, "; ++l)");
  t.line("const int v = tid + l * THREADS;");
  t.line(p, "_x[l] = (v % (", o.tile, " / VW)) * VW;");
  t.line(p, "_k[l] = v / (", o.tile, " / VW);");
  t.line(p, "_src[l] = ", p, " + (long)", p, "_k[l] * ", o.ld, " + (", o.x0, " + ", p, "_x[l]);");
  t.close();
  t.raw("#else\n");
  t.line("// ", o.label, " is stored with its K extent contiguous: vectors run along K.");
  t.line("const long ", p, "_step = TILE_K;");
  t.line("#pragma unroll");
  t.open("for (int l = 0; l < ", o.loads, "; ++l)");
  t.line("const int v = tid + l * THREADS;");
  t.line(p, "_k[l] = (v % (TILE_K / VW)) * VW;");
  t.line(p, "_x[l] = v / (TILE_K / VW);");
  t.line("// A line past the matrix reads its last line instead: only rows or columns of C that are never");
  t.line("// stored use it, and the loads stay whole vectors (see t_whole).");
  t.line(p, "_src[l] = ", p, " + (long)min(", o.x0, " + ", p, "_x[l], ", o.extent, " - 1) * ", o.ld, " + ", p,
         "_k[l];");
  t.close();
  t.raw("#endif\n");
}

// Global -> registers: this work-item's share of the K step starting at column kb of op(). Inside the
// matrices the loads are whole vectors; at an edge every element is checked and padded with zeros.
// `whole` = the caller knows the step lies inside the matrices, so only the vector loads are written.
template <class Sink>
constexpr void emit_fetch(util::text<Sink>& t, const operand& o, bool whole = false) {
  const std::string_view p = o.ptr;
  t.line("// ", o.label, " tile, global -> registers.");
  if (whole) {
    t.line("#pragma unroll");
    t.open("for (int l = 0; l < ", o.loads, "; ++l)");
    t.line("VSTORE(VLOAD_GLOBAL(", p, "_src[l]), &", o.regs, "[l * VW]);");
    t.line(p, "_src[l] += ", p, "_step;");
    t.close();
    return;
  }
  t.open();
  t.line("const bool full = ", o.full_x, " && kb + TILE_K <= k;");
  t.line("#pragma unroll");
  t.open("for (int l = 0; l < ", o.loads, "; ++l)");
  t.line("const __global real* p = ", p, "_src[l];");
  t.line(p, "_src[l] += ", p, "_step;");
  t.open("if (full)");
  t.line("VSTORE(VLOAD_GLOBAL(p), &", o.regs, "[l * VW]);");
  t.reopen("else");
  if_x_contiguous(t, o);
  t.line("const bool k_in = kb + ", p, "_k[l] < k;");
  t.line("#pragma unroll");
  t.line("for (int e = 0; e < VW; ++e) ", o.regs, "[l * VW + e] = (k_in && ", o.x0, " + ", p,
         "_x[l] + e < ", o.extent, ") ? LOAD_GLOBAL(p + e) : (real)0;");
  t.raw("#else\n");
  t.line("const bool x_in = ", o.x0, " + ", p, "_x[l] < ", o.extent, ";");
  t.line("#pragma unroll");
  t.line("for (int e = 0; e < VW; ++e) ", o.regs, "[l * VW + e] = (x_in && kb + ", p,
         "_k[l] + e < k) ? LOAD_GLOBAL(p + e) : (real)0;");
  t.raw("#endif\n");
  t.close();
  t.close();
  t.close();
}

// Registers -> local memory, into the K-major tile `dst`.
template <class Sink>
constexpr void emit_stash(util::text<Sink>& t, const operand& o, std::string_view dst) {
  const std::string_view p = o.ptr;
  t.line("// ", o.label, " tile, registers -> local memory.");
  if_x_contiguous(t, o);
  t.line("#pragma unroll");
  t.line("for (int l = 0; l < ", o.loads, "; ++l) VSTORE_LOCAL_", o.label, "(VLOAD(&", o.regs,
         "[l * VW]), &", dst, "[", p, "_k[l] * ", o.stride, " + ", p, "_x[l]]);");
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.open("for (int l = 0; l < ", o.loads, "; ++l)");
  t.line("#pragma unroll");
  t.line("for (int e = 0; e < VW; ++e) ", dst, "[(", p, "_k[l] + e) * ", o.stride, " + ", p,
         "_x[l]] = ", o.regs, "[l * VW + e];");
  t.close();
  t.raw("#endif\n");
}

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
    t.line("for (int e = 0; e < VW; ++e) tmp[e] = LOAD_GLOBAL(a + (long)min(row + e, m - 1) * lda + k0 + "
           "kk);");
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
// value and cycle through the A vectors. NVIDIA's compiler schedules this order 3% faster than rows
// outside (128x256 entry at 4096^3, 47.3 -> 48.8 TFLOPS; bench/TUNING.md run 61).
// `set` names the register set (RegisterPrefetch) or is empty.
template <class Sink>
constexpr void emit_fma_loops(util::text<Sink>& t, std::string_view set) {
  t.line("#pragma unroll");
  t.open("for (int j = 0; j < WPT_N; ++j)");
  t.line("#pragma unroll");
  if (set.empty())
    t.line("for (int i = 0; i < VECS_M; ++i) acc[i][j] += av[i] * bv[j];");
  else
    t.line("for (int i = 0; i < VECS_M; ++i) acc[i][j] += av[", set, "][i] * bv[", set, "][j];");
  t.close();
}

// The K steps one work-item multiplies per local tile: all of them, or its slice's with SliceK.
constexpr std::string_view k_steps(const Config& c) { return c.slices > 1 ? "SLICE_K" : "TILE_K"; }

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
      t.line("#pragma unroll ", c.unroll_factor());
  }
  const std::string_view row = c.slices > 1 ? "(k_slice + kk)" : "kk";
  t.open("for (int kk = 0; kk < ", guarded ? "k_end" : k_steps(c), "; ++kk)");
  t.line("realv av[VECS_M];");
  t.line("real bv[WPT_N];");
  if (c.local_a) {
    t.line("#pragma unroll");
    t.line("for (int i = 0; i < VECS_M; ++i) av[i] = VLOAD_LOCAL_A(&", a_src, "[", row,
           " * STRIDE_A + (i * THREADS_M + tx) * VW]);");
  } else {
    emit_a_from_global(t, guarded);
  }
  if (c.local_b) {
    t.line("#pragma unroll");
    t.line("for (int j = 0; j < VECS_N; ++j) VSTORE(VLOAD_LOCAL_B(&", b_src, "[", row,
           " * STRIDE_B + (j * THREADS_N + ty) * VW]), &bv[j * VW]);");
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
  t.line("for (int i = 0; i < VECS_M; ++i) av[", set, "][i] = VLOAD_LOCAL_A(&", a_src, "[(", base, kk,
         ") * STRIDE_A + (i * THREADS_M + tx) * VW]);");
  t.line("#pragma unroll");
  t.line("for (int j = 0; j < VECS_N; ++j) VSTORE(VLOAD_LOCAL_B(&", b_src, "[(", base, kk,
         ") * STRIDE_B + (j * THREADS_N + ty) * VW]), &bv[", set, "][j * VW]);");
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
  t.line("const bool full = ", c.local_a ? "" : "full_m && ", "k0 + TILE_K <= k;");
  t.open("if (full)");
  emit_multiply(t, c, a_src, b_src, false);
  t.reopen("else");
  // The last, partial K step, and with A read from global memory the tiles at C's lower edge: only
  // the K steps left, and rows past C read its last one (loaded, multiplied, never stored). Testing
  // every load instead made PoCL's edge tiles several times slower than whole ones (bench/TUNING.md,
  // CPU runs C2-C3).
  t.line("const int k_end = min(TILE_K, k - k0);");
  emit_multiply(t, c, a_src, b_src, true);
  t.close();
}

template <class Sink>
constexpr void emit_fetches(util::text<Sink>& t, const Config& c, bool whole = false) {
  if (c.local_a) emit_fetch(t, operand_a, whole);
  if (c.local_b) emit_fetch(t, operand_b, whole);
}

// The prefetch of the next K step in the double-buffered loops. Steps t < t_whole (set up by
// emit_buffer_setup) need no checks, which is every step but the last one or two of a work-group
// whose tile lies inside C or whose edge operands are stored with K contiguous: one comparison with
// the loop counter selects their unchecked loads, where testing each operand's extent and K range
// per step cost a chain of dependent comparisons and branches at the top of every step (Nsight
// Compute on the driver's code: "wait" and "branch resolving" stalls there, ~6% of the samples of
// the 128x256 kernel).
template <class Sink>
constexpr void emit_prefetch(util::text<Sink>& t, const Config& c) {
  t.open("if (t < t_whole)");
  emit_fetches(t, c, true);
  t.reopen("else if (more)");
  emit_fetches(t, c);
  t.close();
}

// Double buffers as two pointers swapped after each step, so a step's local addresses are its
// buffer's base plus constants (indexing by t & 1 re-derived the base every step).
template <class Sink>
constexpr void emit_buffer_setup(util::text<Sink>& t, const Config& c) {
  if (c.local_a) {
    t.line("const __local real* a_cur = a_tile;");
    t.line("__local real* a_nxt = a_tile + TILE_K * STRIDE_A;");
  }
  if (c.local_b) {
    t.line("const __local real* b_cur = b_tile;");
    t.line("__local real* b_nxt = b_tile + TILE_K * STRIDE_B;");
  }
  t.line("// Steps before t_whole need no checks. An operand stored with K contiguous reads its last line");
  t.line("// for lines past its extent (see its loads), so only the other kind needs a full tile of C.");
  if_x_contiguous(t, operand_a);
  t.line("const bool whole_a = full_m;");
  t.raw("#else\n");
  t.line("const bool whole_a = true;");
  t.raw("#endif\n");
  if_x_contiguous(t, operand_b);
  t.line("const bool whole_b = full_n;");
  t.raw("#else\n");
  t.line("const bool whole_b = true;");
  t.raw("#endif\n");
  t.line("const int t_whole = whole_a && whole_b ? k / TILE_K - 1 : 0;");
}

template <class Sink>
constexpr void emit_buffer_swap(util::text<Sink>& t, const Config& c) {
  if (c.local_a) t.line("{ __local real* s = (__local real*)a_cur; a_cur = a_nxt; a_nxt = s; }");
  if (c.local_b) t.line("{ __local real* s = (__local real*)b_cur; b_cur = b_nxt; b_nxt = s; }");
}

// Registers -> local memory for every staged operand, into the tiles a_dst and b_dst.
template <class Sink>
constexpr void emit_stashes(util::text<Sink>& t, const Config& c, std::string_view a_dst,
                            std::string_view b_dst) {
  if (c.local_a) emit_stash(t, operand_a, a_dst);
  if (c.local_b) emit_stash(t, operand_b, b_dst);
}

template <class Sink>
constexpr void emit_registers(util::text<Sink>& t, const Config& c) {
  if (c.local_a) t.line("real ra[LOADS_A * VW];");
  if (c.local_b) t.line("real rb[LOADS_B * VW];");
}

// With prefetch: the first K tile goes into buffer 0 before the loop, which then fetches one ahead.
template <class Sink>
constexpr void emit_first_tile(util::text<Sink>& t, const Config& c) {
  t.open("if (tiles > 0)");
  t.line("const int kb = 0;");
  emit_registers(t, c);
  emit_fetches(t, c);
  emit_stashes(t, c, "a_tile", "b_tile");  // buffer 0
  t.close();
  t.line("barrier(CLK_LOCAL_MEM_FENCE);");
}

// The prefetching loop with RegisterPrefetch<true> (validated: both operands staged, whole K step
// unrolled, K even). Two register sets: K step kk multiplies set kk & 1
// while the next step's operands are read into the other; TILE_K is even, so the last step's set is 1
// and the next tile's first step can be read into set 0 before the last FMAs.
template <class Sink>
constexpr void emit_pipelined_loop(util::text<Sink>& t, const Config& c) {
  t.line("realv av[2][VECS_M];");
  t.line("real bv[2][WPT_N];");
  emit_first_tile(t, c);
  t.open("if (tiles > 0)");
  emit_fragment(t, c, "a_tile", "b_tile", "0", "0");
  t.close();
  emit_buffer_setup(t, c);
  t.open("for (int t = 0; t < tiles; ++t)");
  t.line("const int kb = (t + 1) * TILE_K;  // the step being prefetched");
  t.line("const bool more = t + 1 < tiles;");
  emit_registers(t, c);
  emit_prefetch(t, c);
  t.line("#pragma unroll");
  t.open("for (int kk = 0; kk < ", k_steps(c), " - 1; ++kk)");
  emit_fragment(t, c, "a_cur", "b_cur", "kk + 1", "(kk + 1) & 1");
  emit_fma_loops(t, "kk & 1");
  t.close();
  t.line("// The last K step: store the prefetched tile, wait for every work-item's, read its first");
  t.line("// step into set 0, then multiply set 1.");
  t.open("if (more)");
  emit_stashes(t, c, "a_nxt", "b_nxt");
  t.close();
  t.line("barrier(CLK_LOCAL_MEM_FENCE);");
  t.open("if (more)");
  emit_fragment(t, c, "a_nxt", "b_nxt", "0", "0");
  t.close();
  emit_fma_loops(t, "1");
  emit_buffer_swap(t, c);
  t.close();
}

// Pipeline<S>: where this work-item's first copy unit of an operand tile lies, in local memory (o_first,
// the same in every buffer) and in global memory (o_next, advanced by one K step per issued tile).
template <class Sink>
constexpr void emit_copy_setup(util::text<Sink>& t, const operand& o) {
  const std::string_view p = o.ptr, x = o.label;
  t.line("// ", x, " tile copies: ", x, "_UNITS units per work-item and K step.");
  t.line("const int ", p, "_line0 = tid / ", x, "_Q, ", p, "_pos0 = tid % ", x, "_Q;");
  if_x_contiguous(t, o);
  t.line("const int ", p, "_first = ", p, "_line0 * ", o.stride, " + ", p, "_pos0 * VW;");
  t.line("const __global real* ", p, "_next = ", p, " + (long)", p, "_line0 * ", o.ld, " + (", o.x0,
         " + ", p, "_pos0 * VW);");
  t.line("const long ", p, "_step = (long)TILE_K * ", o.ld, ";");
  t.raw("#else\n");
  t.line("const int ", p, "_first = ", p, "_pos0 * ", o.stride, " + ", p, "_line0;");
  t.line("const __global real* ", p, "_next = ", p, " + (long)(", o.x0, " + ", p, "_line0) * ", o.ld,
         " + ", p, "_pos0;");
  t.line("const long ", p, "_step = TILE_K;");
  t.raw("#endif\n");
}

// Pipeline<S>: this work-item's copies of the operand tile at K step kb into local buffer `wbuf`.
// Inside the matrices whole vectors (where aligned) or elements. At an edge, aligned vectors are copied
// as far as they lie inside the matrix and zero-filled after (one copy each), other copies are checked
// and zero-filled element by element, so the multiply needs no checks.
// `whole` = the caller knows the step lies inside the matrices, so only the unchecked copies are written.
template <class Sink>
constexpr void emit_copy_issue(util::text<Sink>& t, const operand& o, bool whole) {
  const std::string_view p = o.ptr, x = o.label;
  t.line("// ", x, " tile, global -> local buffer wbuf.");
  t.open();
  t.line("__local real* d = ", o.local, " + wbuf * (TILE_K * ", o.stride, ") + ", p, "_first;");
  t.line("const __global real* s = ", p, "_next;");
  t.line(p, "_next += ", p, "_step;");
  if (!whole) t.open("if (", o.full_x, " && kb + TILE_K <= k)");
  if_x_contiguous(t, o);
  t.line("#pragma unroll");
  t.open("for (int l = 0; l < ", x, "_UNITS; ++l)");
  t.line("const int dl = ", x, "_DLINE(l) * ", o.stride, " + ", x, "_DPOS(l) * VW;");
  t.line("const long sl = (long)", x, "_DLINE(l) * ", o.ld, " + ", x, "_DPOS(l) * VW;");
  t.raw("#if GEMMCL_ALIGNED\n");
  t.line("COPY_VEC(d + dl, s + sl);");
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.line("for (int e = 0; e < VW; ++e) COPY_ONE(d + dl + e, s + sl + e);");
  t.raw("#endif\n");
  t.close();
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.line("for (int l = 0; l < ", x, "_UNITS; ++l) COPY_ONE(d + ", x, "_DPOS(l) * ", o.stride, " + ", x,
         "_DLINE(l), s + (long)", x, "_DLINE(l) * ", o.ld, " + ", x, "_DPOS(l));");
  t.raw("#endif\n");
  if (whole) {
    t.close();
    return;
  }
  t.reopen("else");
  if_x_contiguous(t, o);
  t.line("#pragma unroll");
  t.open("for (int l = 0; l < ", x, "_UNITS; ++l)");
  t.line("const int pos = (", p, "_pos0 + ", x, "_DPOS(l)) * VW;");
  t.line("const int dl = ", x, "_DLINE(l) * ", o.stride, " + ", x, "_DPOS(l) * VW;");
  t.line("const long sl = (long)", x, "_DLINE(l) * ", o.ld, " + ", x, "_DPOS(l) * VW;");
  t.line("const bool line_in = kb + ", p, "_line0 + ", x, "_DLINE(l) < k;");
  t.raw("#if GEMMCL_ALIGNED\n");
  t.line("// One copy per vector, of the elements inside the matrix (none past a line beyond K).");
  t.line("const int inside = line_in ? clamp(", o.extent, " - (", o.x0, " + pos), 0, VW) : 0;");
  t.line("COPY_VEC_ZFILL(d + dl, s + sl, inside, ", p, ");");
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.line("for (int e = 0; e < VW; ++e) COPY_ZFILL(d + dl + e, s + sl + e, line_in && ", o.x0,
         " + pos + e < ", o.extent, ", ", p, ");");
  t.raw("#endif\n");
  t.close();
  t.raw("#else\n");
  t.line("#pragma unroll");
  t.open("for (int l = 0; l < ", x, "_UNITS; ++l)");
  t.line("const bool in = ", o.x0, " + ", p, "_line0 + ", x, "_DLINE(l) < ", o.extent, " && kb + ", p,
         "_pos0 + ", x, "_DPOS(l) < k;");
  t.line("COPY_ZFILL(d + ", x, "_DPOS(l) * ", o.stride, " + ", x, "_DLINE(l), s + (long)", x,
         "_DLINE(l) * ", o.ld, " + ", x, "_DPOS(l), in, ", p, ");");
  t.close();
  t.raw("#endif\n");
  t.close();
  t.close();
}

// Issues the copies of the K step at kb (none past the end, but the group is committed all the same,
// so that every work-item counts the same groups) and moves wbuf on. Steps inside the matrices for
// both operands (kb + TILE_K <= k_whole, every step but the last of an interior work-group) take the
// unchecked copies after one comparison, as in emit_prefetch.
template <class Sink>
constexpr void emit_copy_step(util::text<Sink>& t, std::string_view kb) {
  t.open();
  t.line("const int kb = ", kb, ";");
  t.open("if (kb + TILE_K <= k_whole)");
  emit_copy_issue(t, operand_a, true);
  emit_copy_issue(t, operand_b, true);
  t.reopen("else if (kb < k)");
  emit_copy_issue(t, operand_a, false);
  emit_copy_issue(t, operand_b, false);
  t.close();
  t.line("COPY_COMMIT();");
  t.line("wbuf = wbuf + 1 == STAGES ? 0 : wbuf + 1;");
  t.close();
}

// Pipeline<S> (validated: both operands staged). Before the loop the first S - 1 K steps are issued.
// Step t waits for its own copies (COPY_WAIT leaves the newest S - 2 groups in flight) and for every
// work-item's (the barrier), which also means every work-item is done with step t - 1; its buffer
// then takes step t + S - 1. One barrier per K step. With RegisterPrefetch the wait and barrier for
// step t + 1 come before step t's last FMAs, so that step t + 1's first operands are read early.
template <class Sink>
constexpr void emit_pipeline_loop(util::text<Sink>& t, const Config& c) {
  emit_copy_setup(t, operand_a);
  emit_copy_setup(t, operand_b);
  t.line("const int k_whole = full_m && full_n ? k : 0;");
  t.line("int wbuf = 0;  // the buffer the next copies go to");
  t.line("int rbuf = 0;  // the buffer multiplied next");
  t.line("#pragma unroll");
  t.open("for (int st = 0; st < STAGES - 1; ++st)");
  emit_copy_step(t, "st * TILE_K");
  t.close();
  if (!c.register_prefetch) {
    t.open("for (int t = 0; t < tiles; ++t)");
    t.line("COPY_WAIT();");
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    emit_copy_step(t, "(t + STAGES - 1) * TILE_K");
    t.line("const __local real* a_cur = a_tile + rbuf * (TILE_K * STRIDE_A);");
    t.line("const __local real* b_cur = b_tile + rbuf * (TILE_K * STRIDE_B);");
    t.line("rbuf = rbuf + 1 == STAGES ? 0 : rbuf + 1;");
    emit_multiply(t, c, "a_cur", "b_cur", false);
    t.close();
    return;
  }
  t.line("realv av[2][VECS_M];");
  t.line("real bv[2][WPT_N];");
  t.line("COPY_WAIT();");
  t.line("barrier(CLK_LOCAL_MEM_FENCE);");
  t.open("if (tiles > 0)");
  emit_fragment(t, c, "a_tile", "b_tile", "0", "0");
  t.close();
  t.open("for (int t = 0; t < tiles; ++t)");
  emit_copy_step(t, "(t + STAGES - 1) * TILE_K");
  t.line("const __local real* a_cur = a_tile + rbuf * (TILE_K * STRIDE_A);");
  t.line("const __local real* b_cur = b_tile + rbuf * (TILE_K * STRIDE_B);");
  t.line("rbuf = rbuf + 1 == STAGES ? 0 : rbuf + 1;");
  t.line("#pragma unroll");
  t.open("for (int kk = 0; kk < ", k_steps(c), " - 1; ++kk)");
  emit_fragment(t, c, "a_cur", "b_cur", "kk + 1", "(kk + 1) & 1");
  emit_fma_loops(t, "kk & 1");
  t.close();
  t.line("// The last K step: wait for step t + 1, read its first operands into set 0, multiply set 1.");
  t.line("COPY_WAIT();");
  t.line("barrier(CLK_LOCAL_MEM_FENCE);");
  t.open("if (t + 1 < tiles)");
  t.line("const __local real* a_next = a_tile + rbuf * (TILE_K * STRIDE_A);");
  t.line("const __local real* b_next = b_tile + rbuf * (TILE_K * STRIDE_B);");
  emit_fragment(t, c, "a_next", "b_next", "0", "0");
  t.close();
  emit_fma_loops(t, "1");
  t.close();
}

template <class Sink>
constexpr void emit_k_loop(util::text<Sink>& t, const Config& c) {
  const bool staged = c.local_a || c.local_b;
  if (c.stages > 0) {
    t.line("const int tiles = (k + TILE_K - 1) / TILE_K;");
    emit_pipeline_loop(t, c);
    return;
  }
  if (c.local_a) emit_fetch_setup(t, operand_a);
  if (c.local_b) emit_fetch_setup(t, operand_b);
  t.line("const int tiles = (k + TILE_K - 1) / TILE_K;");
  if (!staged) {
    t.open("for (int t = 0; t < tiles; ++t)");
    t.line("const int k0 = t * TILE_K;");
    emit_step(t, c, "", "");
    t.close();
    return;
  }
  if (!c.prefetch) {
    t.open("for (int t = 0; t < tiles; ++t)");
    t.line("const int k0 = t * TILE_K;");
    t.line("const int kb = k0;");
    emit_registers(t, c);
    emit_fetches(t, c);
    emit_stashes(t, c, "a_tile", "b_tile");
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    emit_step(t, c, "a_tile", "b_tile");
    t.line("barrier(CLK_LOCAL_MEM_FENCE);  // the tile is overwritten in the next step");
    t.close();
    return;
  }
  // Prefetch: step t multiplies buffer t & 1 while step t + 1's tile travels from global memory into
  // registers; it is stored into the other buffer afterwards, so one barrier per step suffices.
  if (c.register_prefetch) {
    emit_pipelined_loop(t, c);
    return;
  }
  emit_first_tile(t, c);
  emit_buffer_setup(t, c);
  t.open("for (int t = 0; t < tiles; ++t)");
  t.line("const int k0 = t * TILE_K;");
  t.line("const int kb = k0 + TILE_K;  // the step being prefetched");
  t.line("const bool more = t + 1 < tiles;");
  emit_registers(t, c);
  emit_prefetch(t, c);
  emit_step(t, c, c.local_a ? "a_cur" : "", c.local_b ? "b_cur" : "");
  t.open("if (more)");
  emit_stashes(t, c, "a_nxt", "b_nxt");
  t.close();
  t.line("barrier(CLK_LOCAL_MEM_FENCE);");
  emit_buffer_swap(t, c);
  t.close();
}

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
      t.line("if (slice != ", owner, ") slice_sums[(", (v - first) * (c.slices - 1), " + (slice + ",
             c.slices - 1 - owner, ") % SLICES) * SLICE_THREADS + sid] = acc[", v % vecs_m, "][", v / vecs_m,
             "];");
    }
    t.line("barrier(CLK_LOCAL_MEM_FENCE);");
    for (int v = first; v < last; ++v) {
      const int owner = v % c.slices;
      t.open("if (slice == ", owner, ")");
      for (int w = 0; w < c.slices - 1; ++w)
        t.line("acc[", v % vecs_m, "][", v / vecs_m, "] += slice_sums[", ((v - first) * (c.slices - 1) + w),
               " * SLICE_THREADS + sid];");
      t.close();
    }
  }
}

template <class Sink>
constexpr void emit_store(util::text<Sink>& t, const Config& c) {
  t.line("// C := alpha * acc + beta * C. With beta == 0, C is never read, so whatever it held");
  t.line("// (NaN included) cannot leak into the result.");
  t.line("#pragma unroll");
  t.open("for (int j = 0; j < WPT_N; ++j)");
  t.line("const int col = n0 + ((j / COLS_RUN) * THREADS_N + ty) * COLS_RUN + j % COLS_RUN;");
  t.line("#pragma unroll");
  t.open("for (int i = 0; i < VECS_M; ++i)");
  if (c.slices > 1) t.line("if ((j * VECS_M + i) % SLICES != slice) continue;  // another slice's share");
  t.line("const int row = m0 + (i * THREADS_M + tx) * VW;");
  t.line("__global real* p = c + (long)col * ldc + row;");
  t.line("realv r = alpha * acc[i][j];");
  t.open("if (full_m && full_n)");
  t.line("// Whole vectors where C's offset and leading dimension allow it (c_whole), else element-wise.");
  t.line("if (beta != (real)0) r += beta * (c_whole ? *(const __global realv*)p : VLOAD(p));");
  t.line("if (c_whole) *(__global realv*)p = r; else VSTORE(r, p);");
  t.reopen("else if (col < n)");
  t.line("real rs[VW];");
  t.line("VSTORE(r, rs);");
  t.line("#pragma unroll");
  t.open("for (int e = 0; e < VW; ++e)");
  t.line("if (row + e < m) p[e] = beta != (real)0 ? rs[e] + beta * p[e] : rs[e];");
  t.close();
  t.close();
  t.close();
  t.close();
}

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
  t.line("if (row + i < rows) p[i] = d_beta != (real)0 ? d_alpha * e[i] + d_beta * p[i] : d_alpha * e[i];");
  t.close();
  t.close();
  t.close();
  t.raw("#undef RED_VECS\n");
  t.raw("#undef RED_PARTS\n");
  t.close();
  t.close();
  t.raw("#endif\n");
}

// Storage of a local tile (two of them with prefetch), and a plain element pointer to it.
template <class Sink>
constexpr void emit_local_tile(util::text<Sink>& t, const Config& c, std::string_view x,
                               std::string_view stride, int stride_value, std::string_view buffers) {
  if (local_aligned(c, stride_value)) {
    t.line("__local realv ", x, "_store[", buffers, "TILE_K * ", stride, " / VW];");
  } else {
    t.line("__local real ", x, "_store[", buffers, "TILE_K * ", stride, "];");
  }
  t.line("__local real* const ", x, "_tile = (__local real*)", x, "_store;");
}

template <class Sink>
constexpr void emit_body(util::text<Sink>& t, const Config& c) {
  const bool staged = c.local_a || c.local_b;
  if (c.slices == 1)
    t.line("__kernel __attribute__((reqd_work_group_size(THREADS_M, THREADS_N, 1)))");
  else
    t.line("__kernel __attribute__((reqd_work_group_size(THREADS_M, THREADS_N * SLICES, 1)))");
  t.line("void ", kernel_name, "(const int m, const int n, const int k_total, const int k_chunk,");
  t.line("                 const real alpha, const real beta,");
  t.line("                 const __global real* restrict a, const ulong a_offset, const int lda,");
  t.line("                 const __global real* restrict b, const ulong b_offset, const int ldb,");
  t.line("                 __global real* c, const ulong c_offset, const int ldc, const ulong c_split,");
  t.line("                 const int c_whole, volatile __global uint* tickets, __global real* d,");
  t.line("                 const ulong d_offset, const int ldd, const real d_alpha, const real d_beta)");
  t.open();
  t.line("// Split K: work-groups (., ., s) multiply the K range starting at s * k_chunk and write their own");
  t.line("// slice of C, c_split elements apart. Without a split, k_chunk = k_total and s = 0. With");
  t.line("// tickets, C is a workspace and the last work-group of each tile writes D (see the end).");
  t.line("const int split = (int)get_group_id(2);");
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
    t.line("// Groups of 32 work-items (warps) cover ", c.warp_lanes_m, " x ", 32 / c.warp_lanes_m,
           " register tiles, so a group's local reads touch few");
    t.line("// distinct addresses. Loads still use the linear id, which keeps them coalesced.");
    t.line("const int tid = (int)(get_local_id(1) * THREADS_M + get_local_id(0));");
    t.line("const int warp = tid / 32, lane = tid % 32;");
    t.line("const int tx = (warp % (THREADS_M / ", c.warp_lanes_m, ")) * ", c.warp_lanes_m, " + lane % ",
           c.warp_lanes_m, ";");
    t.line("const int ty = (warp / (THREADS_M / ", c.warp_lanes_m, ")) * ", 32 / c.warp_lanes_m,
           " + lane / ", c.warp_lanes_m, ";");
  }
  t.line("const int m0 = (int)get_group_id(0) * TILE_M;");
  t.line("const int n0 = (int)get_group_id(1) * TILE_N;");
  t.line("const bool full_m = m0 + TILE_M <= m;");
  t.line("const bool full_n = n0 + TILE_N <= n;");
  t.raw("#if GEMMCL_TRANS_A == 0\n");
  t.line("a += a_offset + (ulong)k_begin * lda;");
  t.raw("#else\n");
  t.line("a += a_offset + k_begin;");
  t.raw("#endif\n");
  t.raw("#if GEMMCL_TRANS_B == 0\n");
  t.line("b += b_offset + k_begin;");
  t.raw("#else\n");
  t.line("b += b_offset + (ulong)k_begin * ldb;");
  t.raw("#endif\n");
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
  emit_k_loop(t, c);
  t.line();
  if (c.slices > 1) {
    emit_slice_sums(t, c);
    t.line();
  }
  emit_store(t, c);
  t.line();
  emit_split_reduce(t);
  t.close();
}

// Second pass of split K: C := alpha * (sum of the partial products) + beta * C. The splits are added
// in a fixed order, so the result does not depend on how work-groups were scheduled.
template <class Sink>
constexpr void emit_reduce(util::text<Sink>& t) {
  t.line("__kernel void ", reduce_kernel_name, "(const int m, const int n, const int splits,");
  t.line("                            const real alpha, const real beta, const __global real* restrict w,");
  t.line("                            const int ldw, __global real* c, const ulong c_offset, const int ldc)");
  t.open();
  t.line("const int i = get_global_id(0);");
  t.line("const int j = get_global_id(1);");
  t.line("if (i >= m || j >= n) return;");
  t.line("const ulong slice = (ulong)ldw * n;");
  t.line("const __global real* p = w + (ulong)j * ldw + i;");
  t.line("real s = 0;");
  t.line("for (int q = 0; q < splits; ++q) s += p[q * slice];");
  t.line("__global real* pc = c + c_offset + (ulong)j * ldc + i;");
  t.line("*pc = beta != (real)0 ? alpha * s + beta * *pc : alpha * s;");
  t.close();
}

// Packing: copies a rows x cols column-major block into dst, whose leading dimension dst_ld is a
// multiple of the vector width, so the product can read the copy as whole vectors; with `transpose`,
// dst gets the block's transpose (cols x rows), so the product reads the operand in its other storage
// order. Each work-item copies one row of PACK_COLS columns (a PACK_COLS-square block when
// transposing): its loads are all in flight before the first store.

template <class Sink>
constexpr void emit_pack(util::text<Sink>& t) {
  t.line("#define PACK_COLS ", pack_columns);
  t.line("__kernel void ", pack_kernel_name, "(const int rows, const int cols, const __global real* restrict src,");
  t.line("                          const ulong src_offset, const int src_ld, __global real* restrict dst,");
  t.line("                          const int dst_ld, const int transpose)");
  t.open();
  t.line("const int j0 = get_global_id(1) * PACK_COLS;");
  t.open("if (transpose)");
  t.line("// A block of PACK_COLS x PACK_COLS per work-item: whole runs are read down the source's columns");
  t.line("// and written along the copy's, so neither side is read or written one element per line.");
  t.line("const int i0 = get_global_id(0) * PACK_COLS;");
  t.line("if (i0 >= rows) return;");
  t.line("real v[PACK_COLS][PACK_COLS];");
  t.open("if (i0 + PACK_COLS <= rows && j0 + PACK_COLS <= cols)");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  for (int r = 0; r < PACK_COLS; ++r) v[r][c] = src[src_offset + (ulong)(j0 + c) * src_ld + i0 + r];");
  t.line("#pragma unroll");
  t.line("for (int r = 0; r < PACK_COLS; ++r)");
  t.line("  for (int c = 0; c < PACK_COLS; ++c) dst[(ulong)(i0 + r) * dst_ld + j0 + c] = v[r][c];");
  t.reopen("else");
  t.line("for (int c = 0; c < PACK_COLS && j0 + c < cols; ++c)");
  t.line("  for (int r = 0; r < PACK_COLS && i0 + r < rows; ++r)");
  t.line("    dst[(ulong)(i0 + r) * dst_ld + j0 + c] = src[src_offset + (ulong)(j0 + c) * src_ld + i0 + r];");
  t.close();
  t.line("return;");
  t.close();
  t.line("const int i = get_global_id(0);");
  t.line("if (i >= rows) return;");
  t.line("real v[PACK_COLS];");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  if (j0 + c < cols) v[c] = src[src_offset + (ulong)(j0 + c) * src_ld + i];");
  t.line("#pragma unroll");
  t.line("for (int c = 0; c < PACK_COLS; ++c)");
  t.line("  if (j0 + c < cols) dst[(ulong)(j0 + c) * dst_ld + i] = v[c];");
  t.close();
}

}  // namespace detail

// The whole program text for one configuration and vendor path.
template <class Vendor, class Sink>
constexpr void write_kernel(Sink& sink, const policy::Config& c) {
  using path = vendor::VendorPath<Vendor>;
  util::text<Sink> t(sink);
  detail::emit_header(t, c, path::name);
  detail::emit_defines(t, c);
  path::helpers(t, c);
  t.line("#ifndef GLOBAL_FENCE");
  t.line("// Orders this work-item's global stores before its later accesses, for every compute unit.");
  t.line("#define GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)");
  t.line("#endif");
  if (c.stages > 0) {
    t.line();
    if constexpr (requires { path::copies(t, c); })
      path::copies(t, c);
    else
      vendor::write_synchronous_copies(t);
  }
  t.line();
  detail::emit_body(t, c);
  t.line();
  detail::emit_reduce(t);
  t.line();
  detail::emit_pack(t);
}

}  // namespace gemmcl::codegen
