// Tuning run 43 (bench/TUNING.md): the skinny shapes with the parts added in the kernel (4 parts) or by
// a second kernel (8 parts), now that programs without the in-kernel section compile as before.
#include "entries.hpp"
#define PERF_CONFIGS \
  make<Gemm<SKINNY, SplitK<4, IK>>>("skinny-s4-ik"), \
  make<Gemm<SKINNY, SplitK<4, SP>>>("skinny-s4-sp"), \
  make<Gemm<SKINNY, SplitK<8, SP>>>("skinny-s8-sp"), \
  make<Gemm<SKINNY, SplitK<3, IK>>>("skinny-s3-ik"), \
  make<Gemm<MID, SplitK<4, IK>>>("mid-s4-ik"), \
  make<Gemm<MID, SplitK<8, SP>>>("mid-s8-sp"), \
  make<Gemm<>>("auto"),
