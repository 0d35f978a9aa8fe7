// Tuning run 83 (bench/TUNING.md; tried, reverted): the in-kernel split-K reduction reading a work-item's whole share
// of the tile in one round (RED_VECS up to 8) against two vectors per round; Gemm<> built against the
// old headers (PERF_INCLUDE) and the new ones, on the shapes Gemm<> splits in the kernel.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<SMALL, SplitK<4, IK>>>("small-s4-ik"),
