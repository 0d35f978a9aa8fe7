// Tuning run 88 (bench/TUNING.md): the 128x128 entry with a K step of 16 (32 KiB of local memory, half
// the barriers per FMA) against the table's K step of 8, for the kernel's NT and NN pairs.
#include "entries.hpp"
#define RP RegisterPrefetch<true>
#define PERF_CONFIGS \
  make<Gemm<HALF, RP>>("half-rp"), \
  make<Gemm<Tile<128, 128, 16>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RP>>("half-k16-rp"), \
  make<Gemm<LARGE, RP>>("large-rp"),
