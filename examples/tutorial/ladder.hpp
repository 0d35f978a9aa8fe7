#pragma once
// The tutorial, replayed: Cedric Nugteren's "OpenCL SGEMM tuning for Kepler" (seed 001, kernels 1-10)
// and the matrix-multiply variants of "The OpenCL Memory Hierarchy" slides (seed 003), each written as
// one gemmcl policy combination. Where the tutorial hand-writes a new kernel for each idea, gemmcl
// generates it from the policies, so every step below is one line.
//
// Each rung is a type with
//   name               short identifier ("kernel6", "slides-block16"), usable on a command line
//   idea               what the step changes, in a few words
//   gemm               the gemmcl::Gemm<...> type
//   incomplete_tiles   true for the rung that is about sizes that are not tile multiples; measure it
//                      at problem_size<Rung>(n)
//   published          the seeds' own GFLOPS for that step (see `Published`)
// and the lists `tutorial::ladder` (kernels 1-10) and `tutorial::slides` (the slides' variants) are
// std::tuples of rungs, walked at compile time with `tutorial::for_each_rung<List>(f)`.
//
// Used by examples/08_tutorial_ladder.cpp and examples/07_print_source.cpp, and by the benchmark.

#include <gemmcl/gemm.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <tuple>

namespace tutorial {

using gemmcl::Element;
using gemmcl::Gemm;
using gemmcl::LocalMemory;
using gemmcl::Operands;
using gemmcl::Padding;
using gemmcl::Prefetch;
using gemmcl::Tile;
using gemmcl::Vec;
using gemmcl::WorkPerThread;

// ---- Nugteren's kernels 1-10, one line each -------------------------------------------------------
// Tutorial parameters: TS (square tile), WPT, WIDTH, TSM/TSN/TSK, WPTM/WPTN. Policies not named keep
// gemmcl's defaults: both operands in local memory, no padding, no prefetch, generic vendor path.
//
// Deviations that hold for every rung: gemmcl's local tiles are stored K-major for both operands; a
// work-item's WPTM x WPTN elements are blocks of W rows and W columns strided across the tile (for
// W = 1 exactly the tutorial's kernel 6: row = tidm + wm*RTSM, col = tidn + wn*RTSN); and Vec<W>
// widens global loads, local-memory reads and the accumulators alike, where the tutorial widens them
// in separate steps (kernels 4 and 7).

// Kernel 1, naive: one element of C per work-item, A and B read straight from global memory, 32x32
// work-groups (TS = 32). TILE_K only sets how far the K loop is unrolled; the tutorial has no K tile.
using kernel1 = Gemm<Tile<32, 32, 32>, WorkPerThread<1, 1>, Vec<1>, LocalMemory<Operands::None>>;

// Kernel 2, tiling in local memory: 32x32 tiles of A and B shared by the work-group (TS = 32).
using kernel2 = Gemm<Tile<32, 32, 32>, WorkPerThread<1, 1>, Vec<1>, LocalMemory<Operands::Both>>;

// Kernel 3, more work per thread: each work-item computes WPT = 8 columns of C, strided by RTS = 4.
using kernel3 = Gemm<Tile<32, 32, 32>, WorkPerThread<1, 8>, Vec<1>>;

// Kernel 4, wider data types: the tutorial moves kernel 3's 8 elements per work-item to the rows of C
// as one float8 (WIDTH = 8), keeping 128 work-items. gemmcl's Vec<W> blocks rows and columns alike
// (WM and WN must be multiples of W), so WIDTH = 8 along M alone is not expressible; 2-wide vectors
// are the widest that keep the tutorial's 8 elements and 128 work-items per work-group.
using kernel4 = Gemm<Tile<32, 32, 32>, WorkPerThread<4, 2>, Vec<2>>;

// Kernel 5, rectangular tiles + padding: TSM = TSN = 64, TSK = 32, WPTN = 8, local rows padded by 2.
// The tutorial transposes B in an extra kernel so that both operands load alike; gemmcl needs no such
// kernel (it loads each operand along whichever extent is contiguous, and the transposes are build
// options of the same source), so the transpose is not a policy. gemmcl pads both local tiles, the
// tutorial only Bsub.
using kernel5 = Gemm<Tile<64, 64, 32>, WorkPerThread<1, 8>, Vec<1>, Padding<2>>;

// Kernel 6, 2D register blocking: TSM = TSN = 128, TSK = 16, WPTM = WPTN = 8 (16x16 work-items),
// padding 2 kept from kernel 5.
using kernel6 = Gemm<Tile<128, 128, 16>, WorkPerThread<8, 8>, Vec<1>, Padding<2>>;

// Kernel 7, wider loads with register blocking: kernel 6 with WIDTH = 4; like the tutorial, the
// padding is dropped again.
using kernel7 = Gemm<Tile<128, 128, 16>, WorkPerThread<8, 8>, Vec<4>>;

// Kernel 8, NVIDIA-specific loads: kernel 7 on the NVIDIA vendor path, whose reads of A and B are
// ld.global.nc (the tutorial's LDG, through the read-only cache) in inline PTX. The tutorial's other
// half, warp shuffles in place of local-memory reads, is not a gemmcl policy (yet): gemmcl's B
// fragments come from local memory as whole vectors. On other vendors' devices this rung is refused.
using kernel8 = Gemm<Tile<128, 128, 16>, WorkPerThread<8, 8>, Vec<4>, gemmcl::vendor::Nvidia<>>;

// Kernel 9, prefetching: kernel 7 with double-buffered local tiles, 2 x 16 KiB = the 32 KiB per
// work-group that the tutorial copies from cuBLAS.
using kernel9 = Gemm<Tile<128, 128, 16>, WorkPerThread<8, 8>, Vec<4>, Prefetch<true>>;

// Kernel 10, incomplete tiles: the tutorial's own final setting, 160x160 tiles of C with TSK = 16,
// 10x10 register blocking on 16x16 work-items and 64-bit loads (WIDTH = 2), on top of kernel 9's
// prefetching. 160 divides no power of two, so every usual size has incomplete tiles. The tutorial
// zero-pads the inputs with extra kernels; gemmcl bounds-checks its edge tiles instead, so kernel 10
// is measured on a size that is a multiple of none of its tile extents (problem_size below).
using kernel10 = Gemm<Tile<160, 160, 16>, WorkPerThread<10, 10>, Vec<2>, Prefetch<true>>;

// ---- The slides' variants --------------------------------------------------------------------------
// "C(i,j) per work-item, all global": kernel 1's idea; the slides leave the work-group size to the
// runtime, gemmcl needs one: 16x16.
using slides_global = Gemm<Tile<16, 16, 16>, WorkPerThread<1, 1>, Vec<1>, LocalMemory<Operands::None>>;

// "Block oriented approach using local", blocks of B x B: each work-item one element of C, both blocks
// in local memory, K stepped by the block size. The 32x32 block is kernel 2 (the same type, so the same
// program).
template <int B>
using slides_block = Gemm<Tile<B, B, B>, WorkPerThread<1, 1>, Vec<1>, LocalMemory<Operands::Both>>;

// Not expressible as policies: "C row per work-item" (all global; A row private; A row private and B
// columns local). There one work-item owns a whole row of C and a private copy of a row of A, both N
// long, where N is known only at run time; gemmcl's register tiles are fixed at compile time. Their
// figures are kept in `not_expressible` below.

// ---- The seeds' figures ----------------------------------------------------------------------------
// GFLOPS as printed in the seed texts; empty where a seed gives no number for that step.
struct Published {
  std::optional<double> k40m;  // Tesla K40m, Nugteren's tutorial (seed 001), SGEMM
  std::optional<double> p100;  // Tesla P100, the slides' table (seed 003), GPU column
  std::optional<double> cpu;   // 2x Xeon E5-2695 v4, the slides' table (seed 003), CPU column
  std::string_view where;      // where in the seed the numbers are
};

template <class G, bool Incomplete = false>
struct rung {
  using gemm = G;
  static constexpr bool incomplete_tiles = Incomplete;
};

struct Kernel1 : rung<kernel1> {
  static constexpr std::string_view name = "kernel1", idea = "naive, all global";
  static constexpr Published published{139.0, {}, {}, "seed 001, kernel 1 page: \"139 GFLOPS\""};
};
struct Kernel2 : rung<kernel2> {
  static constexpr std::string_view name = "kernel2", idea = "local-memory tiles 32x32";
  static constexpr Published published{370.0, {}, {}, "seed 001, kernel 2 page: \"~370 GFLOPS\""};
};
struct Kernel3 : rung<kernel3> {
  static constexpr std::string_view name = "kernel3", idea = "8 columns per work-item";
  static constexpr Published published{
      689.0, {}, {}, "seed 001, kernel 5 page: \"less than the 689 of the earlier kernel\" (32x32, WPT 8)"};
};
struct Kernel4 : rung<kernel4> {
  static constexpr std::string_view name = "kernel4", idea = "float2 types (tutorial: float8)";
  static constexpr Published published{{}, {}, {}, "seed 001, kernel 4 page: no figure (\"a bit better\")"};
};
struct Kernel5 : rung<kernel5> {
  static constexpr std::string_view name = "kernel5", idea = "64x64x32 tiles, padding 2";
  static constexpr Published published{
      740.0, {}, {}, "seed 001, kernel 5 page: 740 GFLOPS with padding (460 without, at 32x32)"};
};
struct Kernel6 : rung<kernel6> {
  static constexpr std::string_view name = "kernel6", idea = "8x8 register blocking";
  static constexpr Published published{
      1300.0, {}, {}, "seed 001, kernel 6 page: \"well over 1.3 TFLOPS\" best case (800-1300 otherwise)"};
};
struct Kernel7 : rung<kernel7> {
  static constexpr std::string_view name = "kernel7", idea = "+ float4 loads";
  static constexpr Published published{
      {}, {}, {}, "seed 001, kernel 7 page: no figure (\"slightly worse\" than kernel 6)"};
};
struct Kernel8 : rung<kernel8> {
  static constexpr std::string_view name = "kernel8", idea = "+ NVIDIA LDG (no shuffles)";
  static constexpr Published published{
      1563.0, {}, {}, "seed 001, kernel 8 page: LDG \"from 1467 to 1563 GFLOPS\" (CUDA toolchain)"};
};
struct Kernel9 : rung<kernel9> {
  static constexpr std::string_view name = "kernel9", idea = "+ prefetch (double buffer)";
  static constexpr Published published{
      1153.0, {}, {}, "seed 001, kernel 10 page: \"from 1153 to 1251 GFLOPS\" (1153 = kernel 9)"};
};
struct Kernel10 : rung<kernel10, true> {
  static constexpr std::string_view name = "kernel10", idea = "160x160 tiles, 10x10, edges";
  static constexpr Published published{1251.0, {}, {}, "seed 001, kernel 10 page: \"from 1153 to 1251 GFLOPS\""};
};

struct SlidesGlobal : rung<slides_global> {
  static constexpr std::string_view name = "slides-global", idea = "C(i,j) per work-item, global";
  static constexpr Published published{{}, 70.3, 111.8, "seed 003, table: \"C(i,j) per work-item, all global\""};
};
struct SlidesBlock8 : rung<slides_block<8>> {
  static constexpr std::string_view name = "slides-block8", idea = "local blocks 8x8";
  static constexpr Published published{{}, 1511.3, 67.5, "seed 003, block-size table: 8x8"};
};
struct SlidesBlock16 : rung<slides_block<16>> {
  static constexpr std::string_view name = "slides-block16", idea = "local blocks 16x16";
  // The first table lists the 16x16 kernel at CPU 138.0 / GPU 1801.8; the block-size table at 109.6.
  static constexpr Published published{{}, 1801.8, 109.6, "seed 003, block-size table: 16x16"};
};
struct SlidesBlock32 : rung<slides_block<32>> {
  static constexpr std::string_view name = "slides-block32", idea = "local blocks 32x32 (= kernel2)";
  static constexpr Published published{{}, 1796.0, 134.9, "seed 003, block-size table: 32x32"};
};
struct SlidesBlock64 : rung<slides_block<64>> {
  static constexpr std::string_view name = "slides-block64", idea = "local blocks 64x64";
  // 4096 work-items per work-group: "N/A" on the P100, whose limit is 1024.
  static constexpr Published published{{}, {}, 138.0, "seed 003, block-size table: 64x64 (GPU: N/A)"};
};

using ladder =
    std::tuple<Kernel1, Kernel2, Kernel3, Kernel4, Kernel5, Kernel6, Kernel7, Kernel8, Kernel9, Kernel10>;
using slides = std::tuple<SlidesGlobal, SlidesBlock8, SlidesBlock16, SlidesBlock32, SlidesBlock64>;

// Steps of the seeds with figures but no gemmcl rung (yet), and the seeds' reference libraries.
struct Unexpressed {
  std::string_view name;
  std::string_view why;
  Published published;
};
inline constexpr std::array<Unexpressed, 6> not_expressible{{
    {"slides-row", "a row of C per work-item: run-time sized register tile",
     {{}, 9.1, 61.8, "seed 003, table: \"C row per work-item, all global\""}},
    {"slides-row-private", "+ private row of A: run-time sized private array",
     {{}, 24.9, 9.6, "seed 003, table: \"C row per work-item, A row private\""}},
    {"slides-row-local", "+ columns of B in local memory: run-time sized",
     {{}, 55.4, 12.3, "seed 003, table: \"C row per work-item, A private, B local\""}},
    {"sequential-c", "plain C on the host, not OpenCL",
     {{}, {}, 0.85, "seed 003, table: \"Sequential C (not OpenCL)\""}},
    {"cublas", "vendor library",
     {3000.0, 5550.3, {}, "seed 001 intro: \"a little over 3 TFLOPS\"; seed 003: \"Vendor SGEMM\" row, "
                          "whose CPU (MKL) cell is empty"}},
    {"clblas", "the tutorial's starting point, tuned",
     {700.0, {}, {}, "seed 001 intro: \"500 GFLOPS (out-of-the-box) or 700 GFLOPS (tuned)\""}},
}};

// ---- Walking the lists -----------------------------------------------------------------------------
// Calls f.template operator()<Rung>() for each rung of List, in order:
//   tutorial::for_each_rung<tutorial::ladder>([&]<class R>() { ... R::name ... typename R::gemm ... });
template <class List, class F>
constexpr void for_each_rung(F&& f) {
  [&]<class... R>(std::tuple<R...>*) { (f.template operator()<R>(), ...); }(static_cast<List*>(nullptr));
}

// The size a rung is measured at when n is asked for: n itself, except for rungs about incomplete tiles,
// which take the largest size <= n that is a multiple of none of their tile extents.
template <class R>
constexpr std::size_t problem_size(std::size_t n) {
  if (!R::incomplete_tiles) return n;
  const std::size_t tm = R::gemm::config.tile_m, tn = R::gemm::config.tile_n, tk = R::gemm::config.tile_k;
  const auto whole = [=](std::size_t s) { return s % tm == 0 || s % tn == 0 || s % tk == 0; };
  while (n > 1 && whole(n)) --n;
  return n;
}

}  // namespace tutorial
