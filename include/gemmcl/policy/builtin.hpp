#pragma once
// The configurations Gemm<> chooses from at run time, per element type and class of device. Each entry
// is a policy combination, so it passes the same static_asserts as a user's, plus two measured numbers:
//   speed     throughput on a large square problem, in percent of the class's reference (cuBLAS SGEMM
//             for the NVIDIA float class);
//   resident  work-groups that fit on one compute unit at once (registers, local memory);
// and, where measured, how its speed changes with the transposes of the operands (per_transpose).
// For a problem, the runtime scores each entry by its speed for the problem's transposes, the real fraction of the tile area covering C,
// how well its work-groups (after any split of K) occupy the device, and how long each work-group's K
// loop is, and runs the best (gemm.hpp, detail::score).
//
// The numbers behind the choices are in bench/RESULTS.md (H200 for the NVIDIA class, PoCL on this
// project's 2-core CI machine for the CPU class).

#include <tuple>

#include "resolve.hpp"
#include "tags.hpp"

namespace gemmcl::policy {

enum class DeviceClass { NvidiaGpu, OtherGpu, Cpu };

// An entry's throughput per transpose pair of the kernel's operands (NN, NT, TN, TT; row-major calls
// are already mapped onto column-major), in percent of its `speed`. Whether an operand's tile is
// contiguous along K or along M/N changes how it is fetched and stored into local memory, and entries
// differ in how much that costs them.
template <int NN, int NT, int TN, int TT>
struct per_transpose {
  static constexpr int percent[4] = {NN, NT, TN, TT};
};
using same_for_all_transposes = per_transpose<100, 100, 100, 100>;

template <int Speed, int Resident, class Transposes, class T, class... P>
struct entry_by_transpose : resolve<Element<T>, P...> {
  static constexpr int speed = Speed;
  static constexpr int resident = Resident;
  static constexpr double speed_for(bool trans_a, bool trans_b) {
    return Speed * Transposes::percent[(trans_a ? 2 : 0) + (trans_b ? 1 : 0)] / 100.0;
  }
  // The same policies given to another template, e.g. apply<gemmcl::Gemm> for the explicit type (tests
  // check every entry on whatever device they run on, not only the class that device would pick).
  template <template <class...> class G>
  using apply = G<Element<T>, P...>;
};

template <int Speed, int Resident, class T, class... P>
using entry = entry_by_transpose<Speed, Resident, same_for_all_transposes, T, P...>;

template <class T>
struct builtin;

template <>
struct builtin<float> {
  using nvidia_gpu = std::tuple<
      // 8 x 16 register tile in 256 work-items: one work-group per SM, 1024 FMAs per barrier.
      entry<87, 1, float, Tile<128, 256, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>>,
      // The same register tile in 128 work-items, for half as many tiles of C.
      entry<86, 2, float, Tile<128, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>>,
      // The mid-size entries differ by transpose pair (H100, 1024^3, over cuBLAS; bench/TUNING.md run 14):
      // 64x128x16 is the fastest except without transposes (NN 0.74, NT 0.92, TN 1.00, TT 1.06), where
      // 64x64x16 wins (0.87, 0.82, 0.96, 0.93).
      entry_by_transpose<72, 3, per_transpose<80, 99, 107, 114>, float, Tile<64, 128, 16>, Vec<4>,
                         WorkPerThread<4, 8>, Prefetch<true>>,
      // Tall and skinny products (N = 64) with split K.
      entry_by_transpose<67, 3, per_transpose<95, 85, 114, 105>, float, Tile<128, 64, 8>, Vec<4>,
                         WorkPerThread<8, 8>, Prefetch<true>>,
      entry_by_transpose<60, 4, per_transpose<97, 92, 107, 104>, float, Tile<64, 64, 16>, Vec<4>,
                         WorkPerThread<4, 4>, Prefetch<true>>>;
  // Any other GPU or accelerator: 256 work-items and 16 KiB of local memory, within every OpenCL GPU's
  // limits.
  using other_gpu =
      std::tuple<entry<100, 2, float, Tile<64, 64, 16>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>>,
                 entry<60, 4, float, Tile<32, 32, 16>, Vec<4>, WorkPerThread<4, 4>>>;
  // CPUs: a 32 x 8 block of C per work-item in 16 vector registers (AVX-512: two float16 of A times
  // eight broadcast B values). A is staged in local memory, which on a CPU is packing it: its K steps
  // become contiguous, where reading a column-major A directly jumps a whole column per step.
  // K steps of 64: longer ones built several times slower in PoCL for no measured gain. 256 columns per
  // work-group (32 work-items) rather than 128: packing a transposed A costs scalar stores, and the
  // wider tile halves that per multiply (1024^3 with op(A) = A^T: 0.44x -> 0.65x OpenBLAS; no case lost).
  using cpu = std::tuple<entry<100, 1, float, Tile<32, 256, 64>, Vec<16>, WorkPerThread<32, 8>,
                               LocalMemory<Operands::A>, Unroll<4>>>;
};

template <>
struct builtin<double> {
  using nvidia_gpu = std::tuple<
      entry<66, 2, double, Tile<128, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Prefetch<true>>,
      entry<61, 4, double, Tile<64, 64, 8>, Vec<2>, WorkPerThread<8, 8>, Prefetch<true>>,
      entry<40, 2, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>>;
  using other_gpu =
      std::tuple<entry<100, 2, double, Tile<64, 64, 16>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>>,
                 entry<60, 4, double, Tile<32, 32, 16>, Vec<2>, WorkPerThread<2, 2>>>;
  using cpu = std::tuple<entry<100, 1, double, Tile<32, 128, 64>, Vec<8>, WorkPerThread<16, 8>,
                               LocalMemory<Operands::A>, Unroll<4>>>;
};

}  // namespace gemmcl::policy
