#pragma once
// The configurations Gemm<> chooses from at run time, per element type and class of device. Each entry
// is a policy combination, so it passes the same static_asserts as a user's, plus two measured numbers:
//   speed     throughput on a large square problem, in percent of the class's reference (cuBLAS SGEMM
//             for the NVIDIA float class); one number, or one per pair of transposes (`speeds`);
//   resident  work-groups that fit on one compute unit at once (registers, local memory).
// For a problem, the runtime scores each entry by speed, the real fraction of the tile area covering C,
// how well its work-groups (after any split of K) occupy the device, and how long each work-group's K
// loop is, and runs the best (gemm.hpp, detail::score).
//
// The numbers behind the choices are in bench/RESULTS.md (H200 for the NVIDIA class, PoCL on this
// project's 2-core CI machine for the CPU class). Entries of the NVIDIA class may name vendor::Nvidia;
// the other classes stay on the generic path.

#include <tuple>

#include "../vendor/nvidia.hpp"
#include "resolve.hpp"
#include "tags.hpp"

namespace gemmcl::policy {

enum class DeviceClass { NvidiaGpu, OtherGpu, Cpu };

// An entry's speed, per pair of transposes as the kernel sees them (after a row-major call is mapped
// onto column-major: row-major TN runs the kernel's NT). One number means the same for all four.
struct speeds {
  int nn, nt, tn, tt;
  constexpr speeds(int all) noexcept : nn(all), nt(all), tn(all), tt(all) {}
  constexpr speeds(int nn_, int nt_, int tn_, int tt_) noexcept : nn(nn_), nt(nt_), tn(tn_), tt(tt_) {}
  constexpr int of(bool trans_a, bool trans_b) const noexcept {
    return trans_a ? (trans_b ? tt : tn) : (trans_b ? nt : nn);
  }
};

template <speeds Speed, int Resident, class T, class... P>
struct entry : resolve<Element<T>, P...> {
  static constexpr speeds speed = Speed;
  static constexpr int resident = Resident;
  // The same policies given to another template, e.g. apply<gemmcl::Gemm> for the explicit type (tests
  // check every entry on whatever device they run on, not only the class that device would pick).
  template <template <class...> class G>
  using apply = G<Element<T>, P...>;
};

template <class T>
struct builtin;

template <>
struct builtin<float> {
  // Speeds per pair: each entry's TFLOPS at 4096^3 through the bench/tuning harness, scaled so that
  // the first entry without transposes is 87 (its old single number), all in one run (H200, after
  // the kernel changes of bench/TUNING.md runs 57-62; run 63). The 128x128 entry is the faster of
  // the two large ones when the kernel reads B transposed (+2% at 4096^3 and 8192^3, run 68) and
  // when it reads neither transposed (+1-3% at 2048^3-8193^3 in two rounds, runs 85-86).
  using nvidia_gpu = std::tuple<
      // 8 x 16 register tile in 256 work-items: one work-group per SM, 1024 FMAs per barrier. Registers
      // read one K step ahead, across the barrier: the first local reads of a step no longer wait on
      // it (+2% at 4096^3 without transposes, runs 58-59).
      entry<speeds{87, 88, 87, 88}, 1, float, Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>,
            Prefetch<true>, RegisterPrefetch<true>>,
      // The same register tile in 128 work-items, for half as many tiles of C; two work-groups per SM.
      entry<speeds{88, 89, 85, 86}, 2, float, Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>,
            RegisterPrefetch<true>>,
      // The 128 x 256 entry's work-group turned around, 256 x 128 as cuBLAS's kernel: its warps each
      // cover all 256 rows of a 16-column strip. Faster than both large entries where the kernel
      // reads A as it lies: at 2048^3-8192^3 +1.2-1.6% over the 128 x 128 one reading B transposed,
      // +2.4-2.7% reading neither; within 0.3% of the 128 x 256 one with A transposed (runs 115-116).
      entry<speeds{90, 90, 87, 87}, 1, float, Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>,
            Prefetch<true>, RegisterPrefetch<true>, Padding<4>>,
      // Registers read one K step ahead (RegisterPrefetch): at 1000^3 and 1024^3 this entry went from
      // 0.70-0.74x to 0.90-1.01x cuBLAS without transposes (run 18). A three-buffer cp.async pipeline
      // added 2-5% at 1000^3-4096^3 (runs 34-35). Eight warps per group: the choice where few groups
      // share a unit (512^3-1024^3 split in the kernel).
      entry<speeds{74, 79, 71, 77}, 3, float, Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>,
            Pipeline<3>, Padding<4>, RegisterPrefetch<true>, vendor::Nvidia<>>,
      // Tall and skinny products (N = 64) with split K; a K step of 16 beat 8 by 5-9% there (runs 16,
      // 19), and the cp.async pipeline another 4% (run 34). With the FMA order of run 61 it is also
      // the fastest entry wherever each unit gets three or more groups (1536^3-4097^3 in four parts,
      // run 64); four warps per group need that company.
      entry<speeds{84, 83, 80, 83}, 3, float, Tile<128, 64, 16>, Vec<4>, WorkPerThread<8, 8>,
            Pipeline<3>, Padding<4>, RegisterPrefetch<true>, vendor::Nvidia<>>,
      // RegisterPrefetch made no difference to this one (run 18). Through vendor::Nvidia so that its
      // parts can be added in the kernel: small products split it into short parts (gemm.hpp,
      // short_parts_entry; runs 120-121).
      entry<speeds{55, 62, 49, 55}, 4, float, Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>,
            Prefetch<true>, vendor::Nvidia<>>,
      // Sliced work-groups for one wave of small products (gemm.hpp, one_wave_entry; runs 154-162):
      // 4 x 8 register tiles in slices of each K step of 32, added in local memory at the end, so K
      // stays whole with no parts to add across work-groups. Taken only by that rule; the speeds of
      // the two 2048-element tiles are 1000 / (microseconds at 512^3) per pair, which ranks their two
      // turns (the kernel's NN and TN run 64 x 32 faster, NT and TT 32 x 64). The 64 x 64 tile, in two
      // slices (four would need 59392 bytes of local memory), serves 576^3-704^3; its speeds are
      // 1000 / (microseconds at 640^3).
      entry<speeds{61, 58, 55, 56}, 2, float, Tile<64, 32, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>,
            Prefetch<true>, Padding<4>, vendor::Nvidia<>>,
      entry<speeds{55, 59, 53, 60}, 2, float, Tile<32, 64, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>,
            Prefetch<true>, Padding<4>, vendor::Nvidia<>>,
      entry<speeds{38, 42, 36, 39}, 1, float, Tile<64, 64, 32>, Vec<4>, WorkPerThread<4, 8>, SliceK<2>,
            Prefetch<true>, Padding<4>, vendor::Nvidia<>>>;
  // Any other GPU or accelerator: 256 work-items and 16 KiB of local memory, within every OpenCL GPU's
  // limits.
  using other_gpu =
      std::tuple<entry<100, 2, float, Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>>,
                 entry<60, 4, float, Tile<32, 32, 16>, Vec<4>, WorkPerThread<4, 4>>>;
  // CPUs: one entry per vector width; Gemm<> takes the widest the device's vector unit holds
  // (CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT). A is staged in local memory, which on a CPU is packing it:
  // its K steps become contiguous, where reading a column-major A directly jumps a whole column per
  // step. On CPUs, Pack<Auto> also copies a transposed A or B into its untransposed order first.
  //  - AVX-512 (16 floats): a 32 x 8 block of C per work-item in 16 vector registers (two float16 of A
  //    times eight broadcast B values). K steps of 64: longer ones built several times slower in PoCL
  //    for no measured gain. 256 columns per work-group (32 work-items) rather than 128: packing a
  //    transposed A costs scalar stores, and the wider tile halves that per multiply (1024^3 with
  //    op(A) = A^T: 0.44x -> 0.55-0.65x OpenBLAS over several runs; no case lost).
  //  - AVX2 (8 floats, 16 registers): the AVX-512 tile spills there (0.25-0.32x OpenBLAS on a 2-core
  //    AMD EPYC); a 16 x 4 block (two float8 of A times four B values, 8 accumulators) reached
  //    0.55-0.78x in every transpose pair, ahead of 16 x 6, 24 x 4 and 32 x 4 (bench/TUNING.md).
  //  - The AVX2 tile in narrower work-groups, for C with few columns or a width the 256 columns do
  //    not divide, whose last work-groups would multiply mostly columns past C: 128 columns at 81
  //    (384^3, 640^3, 896^3, 128 x 128 x 16384: 0.7-0.9x OpenBLAS against 0.35-0.6x), 64 columns
  //    and K steps of 64 at 70 (64^3-320^3 and N = 64: 0.5-1.0x against 0.2-0.6x). Their speeds on
  //    large squares are 0.85-0.9 and 0.6-0.8 of the 256-column tile's (bench/TUNING.md, CPU runs
  //    C1-C7).
  using cpu = std::tuple<entry<100, 1, float, Tile<32, 256, 64>, Vec<16>, WorkPerThread<32, 8>,
                               LocalMemory<Operands::A>, Unroll<4>>,
                         entry<90, 1, float, Tile<16, 256, 128>, Vec<8>, WorkPerThread<16, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>,
                         entry<81, 1, float, Tile<16, 128, 128>, Vec<8>, WorkPerThread<16, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>,
                         entry<70, 1, float, Tile<16, 64, 64>, Vec<8>, WorkPerThread<16, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>>;
};

template <>
struct builtin<double> {
  // cp.async pipelines: 8-14% over register-staged double buffering at 4096^3 (H200, runs 34-35).
  using nvidia_gpu = std::tuple<
      entry<72, 2, double, Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Pipeline<3>, Padding<2>,
            vendor::Nvidia<>>,
      entry<67, 4, double, Tile<64, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Pipeline<4>, Padding<2>,
            RegisterPrefetch<true>, vendor::Nvidia<>>,
      entry<40, 2, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>>;
  using other_gpu =
      std::tuple<entry<100, 2, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>,
                 entry<60, 4, double, Tile<32, 32, 16>, Vec<2>, WorkPerThread<2, 2>>>;
  // AVX-512 (8 doubles) and AVX2 (4 doubles): the float entries' layouts at half the width (AVX2 at
  // 1024^3: 0.71x OpenBLAS, where the AVX-512 entry spilled to 0.31x), narrower AVX2 tiles included
  // (640^3, 333 x 777 x 555, 128 x 128 x 16384, 64^3-320^3 and N = 64 as in float).
  using cpu = std::tuple<entry<100, 1, double, Tile<32, 128, 64>, Vec<8>, WorkPerThread<16, 8>,
                               LocalMemory<Operands::A>, Unroll<4>>,
                         entry<90, 1, double, Tile<8, 256, 128>, Vec<4>, WorkPerThread<8, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>,
                         entry<81, 1, double, Tile<8, 128, 128>, Vec<4>, WorkPerThread<8, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>,
                         entry<70, 1, double, Tile<8, 64, 64>, Vec<4>, WorkPerThread<8, 4>,
                               LocalMemory<Operands::A>, Unroll<2>>>;
};

}  // namespace gemmcl::policy
