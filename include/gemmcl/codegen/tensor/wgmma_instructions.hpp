#pragma once
// The Hopper kernel's warpgroup MMA instructions (codegen/tensor/wgmma.hpp), by exact shape and types,
// as macros over inline asm whose wgmma lines are "//@" comments: the runtime's PTX step
// (runtime/ptx_patch.hpp) uncomments them for sm_90a. Under GEMMCL_TC_EMULATE the same macros are
// wgmma_emulate.hpp's.

#include <string_view>

#include "../../util/text.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

// The MMA with A from registers for tiles BN = 2 acc wide: D (64 x BN float) += A (64 x 8 TF32, four
// registers a work-item) * B (8 x BN TF32, from a descriptor); as a "//@" line for the PTX step.
template <class Sink>
constexpr void emit_wgmma_rs_wrapper(util::text<Sink>& t, int acc) {
  const int n = 2 * acc;
  t.line({"// D (64x", n, " float, per warpgroup) += A (64x8 tf32, registers) * B (8x", n,
          " tf32, descriptor)."});
  t.raw({"#define WGMMA_MMA_RS(acc, a, db) asm volatile(\"{\\n//@.reg .pred p;\\n//@setp.ne.b32 p, %", acc + 5,
         ", 0;\\n\" \"//@wgmma.mma_async.sync.aligned.m64n", n, "k8.f32.tf32.tf32 {"});
  for (int i = 0; i < acc; ++i) t.raw({i == 0 ? "" : ", ", "%", i});
  t.line({"}, {%", acc, ", %", acc + 1, ", %", acc + 2, ", %", acc + 3, "}, %", acc + 4,
          ", p, 1, 1;\\n}\" : WGMMA_ACC(acc) : \"r\"((a)[0]), \"r\"((a)[1]), \"r\"((a)[2]), \"r\"((a)[3]), "
          "\"l\"(db), \"r\"(1))"});
}

// The wgmma instructions, each as "//@" lines the PTX post-processing uncomments; every accumulator
// is an operand of each, so the compiler keeps them in registers and orders them around the MMAs.
template <class Sink>
constexpr void emit_wgmma_wrappers(util::text<Sink>& t, std::string_view type) {
  const bool tf32 = type == "tf32";
  const int k = tf32 ? 8 : 16;
  t.raw("#if !GEMMCL_TC_EMULATE\n");
  t.line("#define WG_SMEM_PARAM");
  t.line("#define WG_SMEM_ARG");
  t.line("#define WG_CP16(off, src, bytes) cp_async_cg_shared_global_16((off), (src), (bytes))");
  t.line("#define FENCE_PROXY_ASYNC() asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\")");
  for (const int acc : {32, 64, 128}) {
    const int n = 2 * acc;
    t.raw({"#if BN == ", n, "\n"});
    t.raw("#define WGMMA_ACC(acc)");
    for (int i = 0; i < acc; ++i) t.raw({i == 0 ? " " : ", ", "\"+f\"(acc[", i, "])"});
    t.line();
    t.line({"// D (64x", n, " float, per warpgroup) += A (64x", k, " ", type, ") * B (", k, "x", n, " ", type,
            "), both from descriptors."});
    t.raw({"#define WGMMA_MMA(acc, da, db) asm volatile(\"{\\n//@.reg .pred p;\\n//@setp.ne.b32 p, %", acc + 2,
           ", 0;\\n\" \"//@wgmma.mma_async.sync.aligned.m64n", n, "k", k, ".f32.", type, ".", type, " {"});
    for (int i = 0; i < acc; ++i) t.raw({i == 0 ? "" : ", ", "%", i});
    // TF32 has no transpose immediates: its tiles are K-major.
    t.line({"}, %", acc, ", %", acc + 1, ", p, 1, 1", tf32 ? "" : ", \" A_TNSP \", \" B_TNSP \"",
            ";\\n}\" : WGMMA_ACC(acc) : \"l\"(da), \"l\"(db), \"r\"(1))"});
    if (tf32) emit_wgmma_rs_wrapper(t, acc);
    t.raw("#endif\n");
  }
  t.line("#define WGMMA_FENCE(acc) asm volatile(\"//@wgmma.fence.sync.aligned;\" : WGMMA_ACC(acc) :: \"memory\")");
  t.line("#define WGMMA_COMMIT(acc) asm volatile(\"//@wgmma.commit_group.sync.aligned;\" : WGMMA_ACC(acc) :: \"memory\")");
  t.line("#define WGMMA_WAIT(acc) asm volatile(\"//@wgmma.wait_group.sync.aligned 0;\" : WGMMA_ACC(acc) :: \"memory\")");
  t.line("#define WGMMA_WAIT_1(acc) asm volatile(\"//@wgmma.wait_group.sync.aligned 1;\" : WGMMA_ACC(acc) :: \"memory\")");
  t.raw("#endif\n");
}

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
