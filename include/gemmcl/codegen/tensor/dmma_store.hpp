#pragma once
// The FP64 tensor-core kernel's end (dmma.hpp's body runs into it): C's stores, and with K split in
// the kernel (GEMMCL_SPLIT_IN_KERNEL) the sum of a tile's parts by the last of its work-groups.
//
// Split K in one kernel: C is then the workspace of the parts (one m x n slice each, c_split apart,
// written with alpha 1 and beta 0) and D the caller's matrix. Each work-group makes its part visible
// to the whole device and takes its tile's ticket; the one that draws the last adds the tile's parts
// in the order of their K ranges, as the sum pass does (so the result does not depend on which one it
// is), writes D := d_alpha * sum + d_beta * D (and the fused epilogue, applied here and not to the
// parts), and puts the ticket back to zero for the next call. The parts are read with volatile loads,
// which bypass caches that may hold lines another unit has since written.

#include <string_view>

#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

inline constexpr std::string_view dmma_store = R"CLC(
  // ---- epilogue: lane holds D(g, 2t), D(g, 2t+1), D(g+8, 2t), D(g+8, 2t+1) of each 16 x 8 tile ----
#if GEMMCL_DMMA_TMA
  rows_in_order(acc, g EMU_ARG);
#endif
  __global double* C = c + c_offset + (ulong)split * c_split;
#pragma unroll
  for (int mi = 0; mi < MI; ++mi)
#pragma unroll
    for (int ni = 0; ni < NI; ++ni)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int row = m0 + wm * WM + FRAG_ROW(mi, e >> 1);
        const int col = n0 + wn * WN + FRAG_COL(ni, 2 * t + (e & 1));
        if (row < m && col < n) {
          const long idx = (long)col * ldc + row;
          double v = alpha * acc[mi][ni][e];
          if (beta != 0.0) v = fma(beta, C[idx], v);
#if !GEMMCL_SPLIT_IN_KERNEL
          EPILOGUE_S(v, row, col);
#endif
          C[idx] = v;
        }
      }

#if GEMMCL_SPLIT_IN_KERNEL
  __local int last_part;
  const int parts = (int)get_num_groups(1);
  TC_GLOBAL_FENCE();  // this part, visible to every unit before the ticket
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (tid == 0) last_part = atomic_inc(tickets + pid) == (uint)(parts - 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (!last_part) return;
  if (tid == 0) tickets[pid] = 0;
  TC_GLOBAL_FENCE();
  const int rows = min(BM, m - m0), cols = min(BN, n - n0);
  const volatile __global double* w = c + c_offset + (long)n0 * ldc + m0;
  __global double* D = d + d_offset + (long)n0 * ldd + m0;
  // SUM_RUN elements a work-item at a time, so that their loads of a part are in flight together;
  // consecutive work-items take consecutive rows of a column.
#define SUM_RUN 4
  for (int v0 = tid; v0 < BM * BN; v0 += SUM_RUN * NT) {
    double s[SUM_RUN];
#pragma unroll
    for (int u = 0; u < SUM_RUN; ++u) s[u] = 0.0;
    for (int q = 0; q < parts; ++q) {
      const volatile __global double* wq = w + (ulong)q * c_split;
#pragma unroll
      for (int u = 0; u < SUM_RUN; ++u) {
        const int v = v0 + u * NT, row = v % BM, col = v / BM;
        if (row < rows && col < cols) s[u] += wq[(long)col * ldc + row];
      }
    }
#pragma unroll
    for (int u = 0; u < SUM_RUN; ++u) {
      const int v = v0 + u * NT, row = v % BM, col = v / BM;
      if (row >= rows || col >= cols) continue;
      __global double* p = D + (long)col * ldd + row;
      double x = d_beta != 0.0 ? d_alpha * s[u] + d_beta * *p : d_alpha * s[u];
      EPILOGUE_S(x, m0 + row, n0 + col);
      *p = x;
    }
  }
#undef SUM_RUN
#endif
}
)CLC";

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
