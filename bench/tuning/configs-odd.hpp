// Tuning run 67 (bench/TUNING.md): 4095^3 packed and read as it lies, large entries and the 128x64
// entry in four parts; 2048^3 and 8192^3 for the 128x128 entry against the 128x256 one.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define NOPACK Pack<Packing::Never>
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<LARGE, RP>>("large-rp"), \
  make<Gemm<LARGE, RP, NOPACK>>("large-rp-nopack"), \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<HALF, RP, NOPACK>>("half-rp-nopack"), \
  make<Gemm<SKINNY, SplitK<4, IK>>>("sk-s4"), \
  make<Gemm<SKINNY, SplitK<4, IK>, NOPACK>>("sk-s4-nopack"),
