#pragma once
// Built-in tables for CPU devices (measured with PoCL on the project's 2-core AVX2 machine).

#include "../../core/device.hpp"
#include "../table.hpp"

namespace gemmcl::dispatch::tables {

using namespace gemmcl;

template <class T>
struct cpu {};  // no table for other element types

template <>
struct cpu<float> {
  static bool serves(const core::DeviceInfo& d) { return d.is_cpu(); }
  static constexpr bool last_wave = false;
  // CPUs: one entry per vector width; Gemm<> takes the widest the device's vector unit holds
  // (CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT). A is staged in local memory, which on a CPU is packing it:
  // its K steps become contiguous, where reading a column-major A directly jumps a whole column per
  // step. On CPUs, Pack<Auto> also copies a transposed A or B into its untransposed order first.
  //  - AVX-512 (16 floats): a 32 x 8 block of C per work-item in 16 vector registers (two float16 of A
  //    times eight broadcast B values). K steps of 64: longer ones built several times slower in PoCL
  //    for no measured gain. 256 columns per work-group (32 work-items) rather than 128: packing a
  //    transposed A costs scalar stores, and the wider tile halves that per multiply (faster with
  //    op(A) = A^T at 1024^3, and no case lost).
  //  - AVX2 (8 floats, 16 registers): the AVX-512 tile spills there; a 16 x 4 block (two float8 of A
  //    times four B values, 8 accumulators) was the fastest in every transpose pair, ahead of 16 x 6,
  //    24 x 4 and 32 x 4 (a 2-core AMD EPYC; bench/results/cpu.md, "PoCL on a 2-core AMD EPYC").
  //  - The AVX2 tile in narrower work-groups, for C with few columns or a width the 256 columns do
  //    not divide, whose last work-groups would multiply mostly columns past C: 128 columns at 81
  //    (384^3, 640^3, 896^3, 128 x 128 x 16384), 64 columns and K steps of 64 at 70 (64^3-320^3 and
  //    N = 64), each well ahead of the 256-column tile there. Their scores are their speeds on large
  //    squares beside the 256-column tile's (0.85-0.9 and 0.6-0.8 of it).
  using entries = std::tuple<entry<100, 1, float, Tile<32, 256, 64>, Vec<16>, WorkPerThread<32, 8>,
                               LocalMemory<Operands::A>, Unroll<4>>,
                         entry<90, 1, float, Tile<16, 256, 128>, Vec<8>, WorkPerThread<16, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>,
                         entry<81, 1, float, Tile<16, 128, 128>, Vec<8>, WorkPerThread<16, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>,
                         entry<70, 1, float, Tile<16, 64, 64>, Vec<8>, WorkPerThread<16, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>>;
};

template <>
struct cpu<double> {
  static bool serves(const core::DeviceInfo& d) { return d.is_cpu(); }
  static constexpr bool last_wave = false;
  // AVX-512 (8 doubles) and AVX2 (4 doubles): the float entries' layouts at half the width (on AVX2
  // the AVX-512 entry spills, as in float), narrower AVX2 tiles included
  // (640^3, 333 x 777 x 555, 128 x 128 x 16384, 64^3-320^3 and N = 64 as in float).
  using entries = std::tuple<entry<100, 1, double, Tile<32, 128, 64>, Vec<8>, WorkPerThread<16, 8>,
                               LocalMemory<Operands::A>, Unroll<4>>,
                         entry<90, 1, double, Tile<8, 256, 128>, Vec<4>, WorkPerThread<8, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>,
                         entry<81, 1, double, Tile<8, 128, 128>, Vec<4>, WorkPerThread<8, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>,
                         entry<70, 1, double, Tile<8, 64, 64>, Vec<4>, WorkPerThread<8, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>>;
};

}  // namespace gemmcl::dispatch::tables
