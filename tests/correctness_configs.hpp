#pragma once
// The configurations of the correctness sweep (correctness.cpp), each with what it covers, and their
// test names. Each policy family appears in a few of them, not all (correctness.cpp says what each
// costs PoCL to build).

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

namespace gt::sweep {

using namespace gemmcl;

// Gemm<>: the built-in choice per device (on PoCL, the CPU table).
using Defaults = Gemm<>;
using DefaultsDouble = Gemm<Element<double>>;
// Small tile, scalar loads, nothing in local memory (no barriers), register tile derived.
using SmallNoLocal = Gemm<Tile<16, 16, 8>, Vec<1>, LocalMemory<Operands::None>>;
// Only A staged in local memory, padded rows that break vector alignment, Vec<2>.
using LocalAPadded = Gemm<Tile<32, 32, 8>, Vec<2>, LocalMemory<Operands::A>, Padding<1>>;
// Only B staged, explicit register tile, double; the policies deliberately out of order.
using LocalBDouble = Gemm<Element<double>, LocalMemory<Operands::B>, WorkPerThread<4, 4>, Vec<4>, Tile<32, 16, 16>>;
// Both staged (the default), double-buffered, padded by a whole vector, Vec<8>.
using PrefetchVec8 = Gemm<Tile<32, 16, 8>, Vec<8>, Prefetch<true>, Padding<8>>;
// Both staged, double-buffered, registers read one K step ahead; the NVIDIA entries' layout in small.
using RegisterPrefetchRect = Gemm<Tile<32, 64, 8>, Vec<4>, WorkPerThread<4, 8>, Prefetch<true>, RegisterPrefetch<true>>;
// Pipeline<S>: local buffers filled straight from global memory (plain copies here, cp.async on NVIDIA),
// registers read one K step ahead, padded rows (the NVIDIA entries' layout in small).
using PipelineRect = Gemm<Tile<32, 64, 8>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>>;
// Pipeline<4> without RegisterPrefetch, where the work-group (16) and the units per line of A (12) do
// not divide one another: each copy's place is computed, not folded.
using PipelineOdd = Gemm<Tile<24, 16, 8>, Vec<2>, WorkPerThread<6, 4>, Pipeline<4>>;
// The API example's large tile (sgemm).
using Large = Gemm<Tile<128, 128, 16>, Vec<4>>;
// The API example's double configuration (dgemm).
using DoubleApi = Gemm<Tile<64, 64, 16>, Vec<2>, Element<double>>;
// Only A staged and double-buffered, rectangular tile with a long K step, double.
using PrefetchADouble = Gemm<Tile<64, 32, 32>, Vec<4>, LocalMemory<Operands::A>, Prefetch<true>, Element<double>>;
// Only B staged and double-buffered, the smallest K step, padded, Vec<1>.
using PrefetchBNarrow = Gemm<Tile<16, 64, 4>, Vec<1>, LocalMemory<Operands::B>, Prefetch<true>, Padding<3>>;
// Nothing staged, explicit register tile, vector width derived, double.
using NoLocalDouble = Gemm<Tile<32, 32, 8>, WorkPerThread<4, 4>, LocalMemory<Operands::None>, Element<double>>;
// Only a register tile given: tile and vector width derived from it.
using OnlyWorkPerThread = Gemm<WorkPerThread<2, 4>>;
// Misaligned A and B always packed into aligned copies first (on GPUs Gemm<> does so for large products).
using PackedAlways = Gemm<Tile<32, 32, 8>, Vec<4>, Pack<Packing::Always>>;
// K always split in (at most) three, a partly unrolled inner loop; the last work-group of each tile
// adds the parts (Auto, for few parts).
using SplitThree = Gemm<Tile<32, 32, 16>, Vec<4>, Unroll<4>, SplitK<3>>;
// Five parts added by a second kernel; then by the last work-group of each tile, with Vec<2> (rows of
// the partial tiles that are not whole vectors).
using SplitSecondPass = Gemm<Tile<32, 16, 8>, Vec<4>, SplitK<5, Reduction::SecondPass>>;
using SplitInKernel = Gemm<Tile<16, 32, 8>, Vec<2>, WorkPerThread<2, 4>, SplitK<5, Reduction::InKernel>>;
// SliceK<S>: four slices of 16 work-items, each with an 8 x 8 register tile and 4 of every 16 K steps
// read one step ahead, their tiles added in two rounds; then two slices double-buffered with a partly
// unrolled loop and K split in the kernel (the slices' sums are the part each tile's last group adds);
// two slices fed by Pipeline<3> with registers read ahead (4 K steps per slice); and four slices of
// tiles with fewer vectors (2) than slices, so two slices store nothing.
using SlicedFour = Gemm<Tile<32, 32, 16>, Vec<4>, WorkPerThread<8, 8>, Prefetch<true>, RegisterPrefetch<true>, SliceK<4>>;
using SlicedSplit = Gemm<Tile<32, 32, 16>, Vec<2>, WorkPerThread<4, 8>, Prefetch<true>, Unroll<2>, SliceK<2>,
                         SplitK<3, Reduction::InKernel>>;
using SlicedPipeline = Gemm<Tile<32, 64, 8>, Vec<4>, WorkPerThread<8, 8>, Pipeline<3>, Padding<4>,
                            RegisterPrefetch<true>, SliceK<2>>;
using SlicedFewVectors = Gemm<Tile<16, 16, 32>, Vec<2>, WorkPerThread<2, 2>, SliceK<4>, Element<double>>;

}  // namespace gt::sweep

// Test names: doctest filters split on commas, so the names avoid them.
TYPE_TO_STRING_AS("Gemm<> float", gt::sweep::Defaults);
TYPE_TO_STRING_AS("Gemm<Element<double>>", gt::sweep::DefaultsDouble);
TYPE_TO_STRING_AS("float Tile<16x16x8> Vec<1> LocalMemory<None>", gt::sweep::SmallNoLocal);
TYPE_TO_STRING_AS("float Tile<32x32x8> Vec<2> LocalMemory<A> Padding<1>", gt::sweep::LocalAPadded);
TYPE_TO_STRING_AS("double Tile<32x16x16> Vec<4> WorkPerThread<4x4> LocalMemory<B>", gt::sweep::LocalBDouble);
TYPE_TO_STRING_AS("float Tile<32x16x8> Vec<8> Prefetch Padding<8>", gt::sweep::PrefetchVec8);
TYPE_TO_STRING_AS("float Tile<32x64x8> Vec<4> WorkPerThread<4x8> Prefetch RegisterPrefetch", gt::sweep::RegisterPrefetchRect);
TYPE_TO_STRING_AS("float Tile<32x64x8> Vec<4> WorkPerThread<4x8> Pipeline<3> Padding<4> RegisterPrefetch", gt::sweep::PipelineRect);
TYPE_TO_STRING_AS("float Tile<24x16x8> Vec<2> WorkPerThread<6x4> Pipeline<4>", gt::sweep::PipelineOdd);
TYPE_TO_STRING_AS("float Tile<128x128x16> Vec<4>", gt::sweep::Large);
TYPE_TO_STRING_AS("double Tile<64x64x16> Vec<2>", gt::sweep::DoubleApi);
TYPE_TO_STRING_AS("double Tile<64x32x32> Vec<4> LocalMemory<A> Prefetch", gt::sweep::PrefetchADouble);
TYPE_TO_STRING_AS("float Tile<16x64x4> Vec<1> LocalMemory<B> Prefetch Padding<3>", gt::sweep::PrefetchBNarrow);
TYPE_TO_STRING_AS("double Tile<32x32x8> WorkPerThread<4x4> LocalMemory<None>", gt::sweep::NoLocalDouble);
TYPE_TO_STRING_AS("float WorkPerThread<2x4> only", gt::sweep::OnlyWorkPerThread);
TYPE_TO_STRING_AS("float Tile<32x32x8> Vec<4> Pack<Always>", gt::sweep::PackedAlways);
TYPE_TO_STRING_AS("float Tile<32x32x16> Vec<4> Unroll<4> SplitK<3>", gt::sweep::SplitThree);
TYPE_TO_STRING_AS("float Tile<32x16x8> Vec<4> SplitK<5 SecondPass>", gt::sweep::SplitSecondPass);
TYPE_TO_STRING_AS("float Tile<16x32x8> Vec<2> WorkPerThread<2x4> SplitK<5 InKernel>", gt::sweep::SplitInKernel);
TYPE_TO_STRING_AS("float Tile<32x32x16> Vec<4> WorkPerThread<8x8> Prefetch RegisterPrefetch SliceK<4>", gt::sweep::SlicedFour);
TYPE_TO_STRING_AS("float Tile<32x32x16> Vec<2> WorkPerThread<4x8> Prefetch Unroll<2> SliceK<2> SplitK<3 InKernel>", gt::sweep::SlicedSplit);
TYPE_TO_STRING_AS("float Tile<32x64x8> Vec<4> WorkPerThread<8x8> Pipeline<3> Padding<4> RegisterPrefetch SliceK<2>", gt::sweep::SlicedPipeline);
TYPE_TO_STRING_AS("double Tile<16x16x32> Vec<2> WorkPerThread<2x2> SliceK<4>", gt::sweep::SlicedFewVectors);
