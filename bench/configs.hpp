#pragma once
// The configurations the bench can time: one list of named gemmcl::Gemm types. To add one, add a line
//
//   entry<gemmcl::Gemm<gemmcl::Tile<128, 64, 16>, gemmcl::Vec<4>>>("t128x64x16-v4", "what it shows"),
//
// to configs() below. Names are what `-k` takes; `--list` prints them with their resolved numbers.

#include <cmath>
#include <cstddef>
#include <gemmcl/gemm.hpp>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "config.hpp"

// The tutorial's ladder (kernels 1-10 and the slides' variants), from examples/.
#if __has_include("tutorial/ladder.hpp")
#include "tutorial/ladder.hpp"
#define GEMMCL_BENCH_LADDER 1
#else
#define GEMMCL_BENCH_LADDER 0
#endif

namespace bench {

// Every command of the call is timed, from the first one's start to the last one's end: through
// enqueue_all, which returns them all (two kernels when K is split), else the one event operator() returns.
template <class G>
std::vector<cl::Event> run_gemm(cl::CommandQueue& queue, const Call& c) {
  using T = typename G::value_type;
  const G gemm;
  const T alpha = static_cast<T>(c.alpha), beta = static_cast<T>(c.beta);
  if constexpr (requires {
                  gemm.enqueue_all(queue, c.layout, c.ta, c.tb, c.m, c.n, c.k, alpha, *c.a, std::size_t{},
                                   c.lda, *c.b, std::size_t{}, c.ldb, beta, *c.c, std::size_t{}, c.ldc);
                }) {
    return gemm.enqueue_all(queue, c.layout, c.ta, c.tb, c.m, c.n, c.k, alpha, *c.a, 0, c.lda, *c.b, 0, c.ldb,
                            beta, *c.c, 0, c.ldc);
  } else {
    return {gemm(queue, c.layout, c.ta, c.tb, c.m, c.n, c.k, alpha, *c.a, 0, c.lda, *c.b, 0, c.ldb, beta,
                 *c.c, 0, c.ldc)};
  }
}

// The same call without an event (Gemm::enqueue), for timing by the host's clock.
template <class G>
void run_quiet(cl::CommandQueue& queue, const Call& c) {
  using T = typename G::value_type;
  const G gemm;
  const T alpha = static_cast<T>(c.alpha), beta = static_cast<T>(c.beta);
  if constexpr (requires {
                  gemm.enqueue(queue, c.layout, c.ta, c.tb, c.m, c.n, c.k, alpha, *c.a, std::size_t{}, c.lda, *c.b,
                               std::size_t{}, c.ldb, beta, *c.c, std::size_t{}, c.ldc);
                }) {
    gemm.enqueue(queue, c.layout, c.ta, c.tb, c.m, c.n, c.k, alpha, *c.a, 0, c.lda, *c.b, 0, c.ldb, beta, *c.c, 0,
                 c.ldc);
  } else {
    run_gemm<G>(queue, c);
  }
}

template <class G>
Config entry(std::string_view name, std::string_view note = {}) {
  Config c{name, elem_of<typename G::value_type>, G::config, G::source, &run_gemm<G>, note};
  c.quiet = &run_quiet<G>;
  return c;
}

#if GEMMCL_BENCH_LADDER
template <class Rung>
Config rung_entry() {
  Config c = entry<typename Rung::gemm>(Rung::name, Rung::idea);
  c.tutorial = true;
  c.k40m = Rung::published.k40m.value_or(NAN);
  c.p100 = Rung::published.p100.value_or(NAN);
  return c;
}
#endif

inline const std::vector<Config>& configs() {
  using namespace gemmcl;
  static const std::vector<Config> list = [] {
    std::vector<Config> l = {
        // What users get without choosing.
        entry<Gemm<>>("default", "Gemm<>: gemmcl's own choice for the device and shape"),
        entry<Gemm<Element<double>>>("default-double", "Gemm<Element<double>>"),

        // Explicit policy combinations: each is one of tests/correctness.cpp's sweep configurations,
        // so every configuration timed here is also checked by the test suite.
        entry<Gemm<Tile<128, 128, 16>, Vec<4>>>("t128x128x16-v4", "the API example's sgemm"),
        entry<Gemm<Tile<64, 64, 16>, Vec<2>, Element<double>>>("t64x64x16-v2-double", "the API example's dgemm"),
        entry<Gemm<Tile<32, 16, 8>, Vec<8>, Prefetch<true>, Padding<8>>>(
            "t32x16x8-v8-prefetch-pad8", "double-buffered local tiles, padded by a vector"),
        entry<Gemm<Tile<32, 32, 8>, Vec<2>, LocalMemory<Operands::A>, Padding<1>>>(
            "t32x32x8-v2-localA-pad1", "only A staged, rows padded off vector alignment"),
        entry<Gemm<Tile<16, 16, 8>, Vec<1>, LocalMemory<Operands::None>>>(
            "t16x16x8-v1-nolocal", "no local memory, no barriers"),
        entry<Gemm<Tile<32, 32, 16>, Vec<4>, Unroll<4>, SplitK<3>>>("t32x32x16-v4-splitk3",
                                                                    "K split in at most three"),

        // Intel sub-groups (docs/vendors.md), after the Intel article's kernel families; they run where
        // the device has cl_intel_subgroups (tests/subgroups.cpp sweeps each).
        entry<Gemm<vendor::IntelSubgroups<16>>>("intel16-block_read", "block reads + shuffles, SIMD 16"),
        entry<Gemm<vendor::IntelSubgroups<16>, Tile<64, 96, 16>, WorkPerThread<4, 6>, InStep<true>>>(
            "intel16-block_read-t64x96-barrier", "Gemm<>'s sub-group entry on Intel's CPU runtime"),
        entry<Gemm<vendor::IntelSubgroups<16, vendor::IntelLoads::Plain>, Tile<128, 24, 16>, Vec<4>,
                   WorkPerThread<8, 6>, InStep<true>>>("intel16-L3_SIMD-barrier", "plain loads + shuffles"),
        entry<Gemm<vendor::IntelSubgroups<16>, LocalMemory<Operands::A>, SplitK<3>>>("intel16-L3_SLM",
                                                                                    "A in local memory"),
        entry<Gemm<vendor::IntelSubgroups<16>, Images<Operands::Both>>>("intel16-block_read-images",
                                                                        "A and B read as images"),
        entry<Gemm<vendor::IntelSubgroups<8>, Tile<32, 96, 16>, WorkPerThread<4, 6>, InStep<true>, Element<double>>>(
            "intel8-block_read-t32x96-barrier-double", "Gemm<>'s double sub-group entry on Intel's CPU runtime"),
        entry<Gemm<vendor::KhronosSubgroups>>("khronos-subgroups", "sub_group_shuffle, the compiler's size"),
    };
#if GEMMCL_BENCH_LADDER
    // The tutorial, replayed: "kernel1" ... "kernel10", "slides-*" (see examples/tutorial/ladder.hpp).
    tutorial::for_each_rung<tutorial::ladder>([&]<class R>() { l.push_back(rung_entry<R>()); });
    tutorial::for_each_rung<tutorial::slides>([&]<class R>() { l.push_back(rung_entry<R>()); });
#endif
    return l;
  }();
  return list;
}

}  // namespace bench
