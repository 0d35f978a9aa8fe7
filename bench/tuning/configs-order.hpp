// Tuning run 63 (bench/TUNING.md): the NVIDIA float entries after the FMA order change (columns
// outside), every transpose pair, to set the per-pair speeds of policy/builtin.hpp.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define PERF_CONFIGS \
  make<Gemm<LARGE, RP>>("large-rp"), \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<MID>>("mid"), \
  make<Gemm<SKINNY>>("skinny"), \
  make<Gemm<SMALL>>("small"), \
  make<Gemm<>>("auto"),
