// Tuning run 65 (bench/TUNING.md): shapes whose entry or split the new rules change without a
// measurement behind them (offline choice check), beside the alternatives.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<LARGE, RP>>("large-rp"), \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<MID>>("mid"), \
  make<Gemm<MID, SplitK<2, IK>>>("mid-s2"), \
  make<Gemm<SKINNY>>("skinny"), \
  make<Gemm<SMALL>>("small"),
