#pragma once
// The kernel's preprocessor vocabulary: build-time switches, the element and vector types, and the
// configuration's numbers as #defines, so the kernel body reads the same for every tile size.

#include "activation.hpp"
#include "batch.hpp"
#include "common.hpp"
#include "packed.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

template <class Sink>
constexpr void emit_local_access(util::text<Sink>& t, const Config& c, std::string_view x,
                                 int stride) {
  if (local_aligned(c, stride)) {
    t.line({"#define VLOAD_LOCAL_", x, "(p) (*(const __local realv*)(p))"});
    t.line({"#define VSTORE_LOCAL_", x, "(v, p) (*(__local realv*)(p) = (v))"});
  } else {
    t.line({"#define VLOAD_LOCAL_", x, "(p) VLOAD(p)"});
    t.line({"#define VSTORE_LOCAL_", x, "(v, p) VSTORE(v, p)"});
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
  t.line({"// ", x, " tile copies (Pipeline): units of ", x, "_UNIT elements, ", x, "_Q units per line."});
  if_x_contiguous(t, o);
  t.line({"#define ", x, "_UNIT VW"});
  t.line({"#define ", x, "_Q (", o.tile, " / VW)"});
  t.raw("#else\n");
  t.line({"#define ", x, "_UNIT 1"});
  t.line({"#define ", x, "_Q TILE_K"});
  t.raw("#endif\n");
  t.line({"#define ", x, "_UNITS (", o.tile, " * TILE_K / (", x, "_UNIT * THREADS))"});
  t.raw({"#if THREADS % ", x, "_Q == 0 || ", x, "_Q % THREADS == 0\n"});
  t.line({"#define ", x, "_DLINE(l) (((l) * THREADS) / ", x, "_Q)"});
  t.line({"#define ", x, "_DPOS(l) (((l) * THREADS) % ", x, "_Q)"});
  t.raw("#else\n");
  t.line({"#define ", x, "_DLINE(l) ((tid + (l) * THREADS) / ", x, "_Q - tid / ", x, "_Q)"});
  t.line({"#define ", x, "_DPOS(l) ((tid + (l) * THREADS) % ", x, "_Q - tid % ", x, "_Q)"});
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
  t.line("// 1 in programs whose split-K parts are added by the kernel itself (tickets); the kernel then");
  t.line("// takes the reduction's arguments.");
  t.line("#ifndef GEMMCL_SPLIT_IN_KERNEL");
  t.line("#define GEMMCL_SPLIT_IN_KERNEL 0");
  t.line("#endif");
  emit_batch_defines(t);
  emit_packed_defines(t);
  t.line();
  if (!c.element.extension.empty()) t.line({"#pragma OPENCL EXTENSION ", c.element.extension, " : enable"});
  const std::string_view e = c.element.name;
  t.line({"typedef ", e, " real;"});
  if (c.vec == 1) {
    t.line({"typedef ", e, " realv;  // one accumulator lane per element: Vec<1>"});
    t.line("#define VLOAD(p) (*(p))");
    t.line("#define VSTORE(v, p) (*(p) = (v))");
  } else {
    t.line({"typedef ", e, c.vec, " realv;  // ", c.vec, " consecutive rows of C or one vector load"});
    t.line({"#define VLOAD(p) vload", c.vec, "(0, (p))"});
    t.line({"#define VSTORE(v, p) vstore", c.vec, "((v), 0, (p))"});
  }
  t.line();
  t.line({"#define TILE_M ", c.tile_m});
  t.line({"#define TILE_N ", c.tile_n});
  t.line({"#define TILE_K ", c.tile_k});
  t.line({"#define VW ", c.vec});
  t.line({"#define WPT_M ", c.wpt_m, "      // rows of C per work-item, as WPT_M / VW vectors"});
  t.line({"#define WPT_N ", c.wpt_n, "      // columns of C per work-item, as WPT_N / VW blocks of VW"});
  t.line("#define VECS_M (WPT_M / VW)");
  if (c.local_b) {
    t.line("#define COLS_RUN VW  // a work-item's columns come in runs of VW, read from local memory as vectors");
    t.line("#define VECS_N (WPT_N / VW)");
  } else {
    t.line("#define COLS_RUN WPT_N  // B is read from global memory: a work-item's columns are one run");
  }
  emit_activation(t, e);
  t.line();
  t.line({"#define THREADS_M ", c.threads_m()});
  t.line({"#define THREADS_N ", c.threads_n()});
  if (c.slices == 1) {
    t.line("#define THREADS (THREADS_M * THREADS_N)");
  } else {
    t.line({"#define SLICES ", c.slices, "    // copies of the register tile grid, each multiplying SLICE_K of every K step"});
    t.line("#define SLICE_K (TILE_K / SLICES)");
    t.line("#define SLICE_THREADS (THREADS_M * THREADS_N)");
    t.line("#define THREADS (SLICE_THREADS * SLICES)");
    t.line({"#define SLICE_ROUND_VECS ", c.slice_round_vecs(), "  // register-tile vectors added per round"});
    t.line({"#define SLICE_ROUNDS ", c.slice_rounds()});
  }
  if (c.local_a) {
    t.line({"#define LOADS_A ", c.loads_a(), "    // vectors of the A tile each work-item moves per K step"});
    t.line({"#define STRIDE_A ", c.stride_a(), "  // row stride of the local A tile (TILE_M + padding)"});
  }
  if (c.local_b) {
    t.line({"#define LOADS_B ", c.loads_b(), "    // vectors of the B tile each work-item moves per K step"});
    t.line({"#define STRIDE_B ", c.stride_b(), "  // row stride of the local B tile (TILE_N + padding)"});
  }
  if (c.local_a) emit_local_access(t, c, "A", c.stride_a());
  if (c.local_b) emit_local_access(t, c, "B", c.stride_b());
  if (c.stages > 0) {
    t.line({"#define STAGES ", c.stages, "   // local buffers per operand (Pipeline)"});
    emit_copy_defines(t, operand_a);
    emit_copy_defines(t, operand_b);
  }
  t.line();
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
