// Tuning runs 57-58 (bench/TUNING.md): after the loop-header change, RegisterPrefetch on the large
// and half entries (the first local reads of each step waited on the barrier: Nsight Compute's
// short-scoreboard stalls), and the Pipeline entries with the same change, against the committed headers.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<LARGE>>("large"), \
  make<Gemm<LARGE, RegisterPrefetch<true>>>("large-rp"), \
  make<Gemm<HALF>>("half"), \
  make<Gemm<HALF, RegisterPrefetch<true>>>("half-rp"), \
  make<Gemm<MID>>("mid"), \
  make<Gemm<SKINNY>>("skinny"), \
  make<Gemm<Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Element<double>, Pipeline<3>, Padding<2>, NV>>("d128x64x8-p3"), \
  make<Gemm<>>("auto"), \
  make<Gemm<Element<double>>>("d-auto"),
