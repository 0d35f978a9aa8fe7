#pragma once
// The transposing copy on GPUs: dst gets the transpose (cols x rows, leading dimension dst_ld) of a
// rows x cols column-major block, through local memory. A work-group of 32 x 8 work-items moves a
// block of 32 rows and 128 columns: it reads it column by column, a warp's 32 work-items one 32-element
// run of a column, and writes its transpose row by row the same way, so that both sides move whole
// lines; its 16 loads a work-item are all in flight before the first store. One launch makes one copy
// or two. The packing kernel's
// transpose (pack.hpp), one work-item a block, writes each line in pieces from different warps and
// ran at half the speed on an H200, though it stays the faster of the two on CPUs. Built with
// GEMMCL_PACK_TF32 (floats), the copy holds each element rounded to TF32, as the packing copy does.

#include <string_view>

#include "element_header.hpp"
#include "tf32.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

inline constexpr std::string_view transpose_kernel_name = "gemmcl_transpose";
// A work-group's extent: transpose_rows rows (its first dimension) by transpose_cols(bytes) columns, in
// runs of transpose_rows columns; each of its transpose_lanes rows of work-items reads every
// transpose_lanes-th column of a run. Doubles take half the runs, so that the local tile stays within
// the 32 KiB every device has.
inline constexpr int transpose_rows = 32, transpose_lanes = 8;
constexpr int transpose_runs(int element_bytes) { return element_bytes > 4 ? 2 : 4; }
constexpr int transpose_cols(int element_bytes) { return transpose_rows * transpose_runs(element_bytes); }

inline constexpr std::string_view transpose_kernel = R"CLC(
#ifdef GEMMCL_PACK_TF32
#define TRANSPOSE_OUT(x) as_float(tf32_round_nearest_even(as_uint(x)))
#else
#define TRANSPOSE_OUT(x) (x)
#endif
#define PER_RUN (ROWS / LANES)  // column runs a work-item reads, and row runs it writes, per block

// Two copies in one launch, the third dimension choosing which (a product whose operands are both
// transposed then waits for one command rather than two); one copy launches that dimension 1 deep.
__kernel __attribute__((reqd_work_group_size(ROWS, LANES, 1)))
void gemmcl_transpose(const int rows0, const int cols0, const __global real* restrict src0, const ulong src_offset0,
                      const int src_ld0, __global real* restrict dst0, const int dst_ld0,
                      const int rows1, const int cols1, const __global real* restrict src1, const ulong src_offset1,
                      const int src_ld1, __global real* restrict dst1, const int dst_ld1) {
  const bool second = get_group_id(2) == 1;
  const int rows = second ? rows1 : rows0, cols = second ? cols1 : cols0;
  const int src_ld = second ? src_ld1 : src_ld0, dst_ld = second ? dst_ld1 : dst_ld0;
  const __global real* src = second ? src1 : src0;
  __global real* dst = second ? dst1 : dst0;
  const ulong src_offset = second ? src_offset1 : src_offset0;
  // One more column than rows per block, so that a warp reading a local row touches 32 banks.
  __local real tile[RUNS][ROWS][ROWS + 1];
  const int x = get_local_id(0), y = get_local_id(1);
  const int i0 = get_group_id(0) * ROWS, j0 = get_group_id(1) * ROWS * RUNS;
  if (i0 >= rows || j0 >= cols) return;  // past the smaller copy's blocks: the whole work-group
  // Reads: column j0 + ROWS b + y + LANES c, row i0 + x; past the edges nothing is read.
  real v[RUNS * PER_RUN];
  const int i = i0 + x;
#pragma unroll
  for (int b = 0; b < RUNS; ++b)
#pragma unroll
    for (int c = 0; c < PER_RUN; ++c) {
      const int j = j0 + ROWS * b + y + LANES * c;
      v[PER_RUN * b + c] = i < rows && j < cols ? src[src_offset + (ulong)j * src_ld + i] : (real)0;
    }
#pragma unroll
  for (int b = 0; b < RUNS; ++b)
#pragma unroll
    for (int c = 0; c < PER_RUN; ++c) tile[b][y + LANES * c][x] = v[PER_RUN * b + c];
  barrier(CLK_LOCAL_MEM_FENCE);
  // Writes: the copy's row i0 + y + LANES c (the source's row), columns j0 + ROWS b + x.
#pragma unroll
  for (int b = 0; b < RUNS; ++b)
#pragma unroll
    for (int c = 0; c < PER_RUN; ++c) {
      const int r = i0 + y + LANES * c, j = j0 + ROWS * b + x;
      if (r < rows && j < cols) dst[(ulong)r * dst_ld + j] = TRANSPOSE_OUT(tile[b][x][y + LANES * c]);
    }
}
)CLC";

// The whole transposing program for an element type.
template <class Sink>
constexpr void write_transpose(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  t.line({"// gemmcl: transposing copies of A or B through local memory (", e.name, ")"});
  detail::emit_element(t, e);
  t.line({"#define ROWS ", transpose_rows});
  t.line({"#define LANES ", transpose_lanes});
  t.line({"#define RUNS ", transpose_runs(e.bytes)});
  t.line("#ifdef GEMMCL_PACK_TF32");
  t.raw(tf32_round_function);
  t.line("#endif");
  t.raw(transpose_kernel);
}

}  // namespace gemmcl::codegen

GEMMCL_COLD_END
