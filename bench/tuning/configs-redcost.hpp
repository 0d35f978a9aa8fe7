// Tuning runs 150-152 (bench/TUNING.md): what the in-kernel split's reduction costs at small sizes. Run
// once on include/ and once each on header copies (PERF_INCLUDE) whose kernels skip the reduction
// ("nored": parts written, no fence, no ticket, no sum) or only the sum ("nosum": fence and ticket
// kept). The copies' results are wrong by design; only their times are of interest.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<>>("auto"), \
  make<Gemm<SMALL, NV, SplitK<4, IK>>>("t64x64-s4"), \
  make<Gemm<SMALL, NV, SplitK<2, IK>>>("t64x64-s2"), \
  make<Gemm<SMALL, NV, SplitK<1>>>("t64x64-s1"),
