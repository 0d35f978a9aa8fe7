// Packed operands against the standard path, on one OpenCL device (argv[1] = "<platform>:<device>",
// default 0:0, or "gpu"):
//   reuse   a B packed once and used by `reps` products of n^3 (the packing included), against `reps`
//           standard calls of Gemm<> and of the same fixed configuration without packing, for B as
//           stored and transposed (Gemm<> copies a transposed B on CPUs in every call);
//   single  products with A and B packed in each layout, and with one operand packed (packing excluded),
//           against Gemm<> and the fixed configuration unpacked (B as stored and transposed), all
//           timed in turn for 7 rounds.
// The configuration is the one Gemm<> picks for the device kind at n^3 (the CPU table's AVX-512 entry,
// or the NVIDIA table's 256 x 128 entry). Times: OpenCL profiling, first command's start to the last
// command's end, the median of 3 rounds after a warm-up.
//
//   g++ -std=c++20 -O2 -Iinclude bench/tuning/packed_bench.cpp -o /tmp/packed_bench -lOpenCL
//   /tmp/packed_bench [platform:device] [n] [reps]

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using namespace gemmcl;

double median3(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Seconds from the first event's start to the last one's end of what `run` enqueues.
double timed(cl::CommandQueue& q, const std::function<std::vector<cl::Event>()>& run) {
  run();
  q.finish();
  std::vector<double> t;
  for (int r = 0; r < 3; ++r) {
    const std::vector<cl::Event> ev = run();
    q.finish();
    t.push_back(double(ev.back().getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                       ev.front().getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9);
  }
  return median3(t);
}

// One operand packed alone (the other as stored), named for the output.
template <class G, bool IsA>
struct single {
  using gemm = G;
  static constexpr bool is_a = IsA;
  const char* name;
};

template <class Fixed, class PackedCbl, class PackedRbl, class... Singles>
void bench(cl::Context& ctx, cl::CommandQueue& q, std::size_t n, int reps, const Singles&... singles) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> host(n * n);
  for (float& x : host) x = u(rng);
  cl::Buffer a(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data());
  cl::Buffer b(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data());
  cl::Buffer c(ctx, CL_MEM_READ_WRITE, host.size() * 4);
  const double flops = 2.0 * double(n) * double(n) * double(n);
  for (Transpose tb : {Transpose::No, Transpose::Yes}) {
    const auto standard = [&](const auto& g) {
      return [&, g] {
        std::vector<cl::Event> ev;
        for (int i = 0; i < reps; ++i) {
          std::vector<cl::Event> e = g.enqueue_all(q, Layout::ColMajor, Transpose::No, tb, n, n, n, 1.0f, a, 0, n, b,
                                                   0, n, 0.0f, c, 0, n);
          ev.insert(ev.end(), e.begin(), e.end());
        }
        return ev;
      };
    };
    const double t_auto = timed(q, standard(Gemm<>()));
    const double t_fixed = timed(q, standard(Fixed()));
    const double t_packed = timed(q, [&] {
      const PackedCbl g;
      const auto pb = g.pack_b(q, Layout::ColMajor, tb, n, n, b, 0, n);
      std::vector<cl::Event> ev{pb.ready()};
      for (int i = 0; i < reps; ++i)
        ev.push_back(g(q, Layout::ColMajor, Transpose::No, tb, n, n, n, 1.0f, a, 0, n, pb, 0.0f, c, 0, n));
      return ev;
    });
    // The packing alone, and one product on the packed B.
    const PackedCbl g;
    const double t_pack = timed(q, [&] { return std::vector<cl::Event>{g.pack_b(q, Layout::ColMajor, tb, n, n, b, 0, n).ready()}; });
    const auto pb = g.pack_b(q, Layout::ColMajor, tb, n, n, b, 0, n);
    const double t_one = timed(q, [&] {
      return std::vector<cl::Event>{g(q, Layout::ColMajor, Transpose::No, tb, n, n, n, 1.0f, a, 0, n, pb, 0.0f, c, 0, n)};
    });
    std::printf("reuse  %zu^3 x %d, B %s: Gemm<> %.3f s, fixed %.3f s, packed B (packing included) %.3f s: "
                "Gemm<> / packed %.2fx, fixed / packed %.2fx; packing %.1f ms, one packed product %.1f ms, one "
                "Gemm<> product %.1f ms\n",
                n, reps, tb == Transpose::No ? "as stored " : "transposed", t_auto, t_fixed, t_packed,
                t_auto / t_packed, t_fixed / t_packed, t_pack * 1e3, t_one * 1e3, t_auto / reps * 1e3);
    std::fflush(stdout);
  }
  // Products with operands packed beforehand, `reps` a round, against Gemm<> and the same fixed
  // configuration unpacked: all are timed in turn, round after round, so that the GPU's clock (which
  // drifts as it warms) treats them alike; the medians of the rounds. "fixed NT" reads B as stored
  // transposed (n x k): the kernel variant a packed B goes through.
  const auto products = [&](const auto& g, const auto&... operands) {
    return [&, g, operands...] {
      std::vector<cl::Event> ev;
      for (int i = 0; i < reps; ++i)
        ev.push_back(g(q, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0f, operands..., 0.0f, c, 0, n));
      return ev;
    };
  };
  const auto standard = [&](const auto& g, Transpose tb) {
    return [&, g, tb] {
      std::vector<cl::Event> ev;
      for (int i = 0; i < reps; ++i) {
        std::vector<cl::Event> e =
            g.enqueue_all(q, Layout::ColMajor, Transpose::No, tb, n, n, n, 1.0f, a, 0, n, b, 0, n, 0.0f, c, 0, n);
        ev.insert(ev.end(), e.begin(), e.end());
      }
      return ev;
    };
  };
  const PackedCbl cbl;
  const PackedRbl rbl;
  const auto ca = cbl.pack_a(q, Layout::ColMajor, Transpose::No, n, n, a, 0, n);
  const auto cb = cbl.pack_b(q, Layout::ColMajor, Transpose::No, n, n, b, 0, n);
  const auto ra = rbl.pack_a(q, Layout::ColMajor, Transpose::No, n, n, a, 0, n);
  const auto rb = rbl.pack_b(q, Layout::ColMajor, Transpose::No, n, n, b, 0, n);
  std::vector<std::pair<const char*, std::function<std::vector<cl::Event>()>>> runs = {
      {"Gemm<>", standard(Gemm<>(), Transpose::No)},
      {"fixed NN", standard(Fixed(), Transpose::No)},
      {"fixed NT", standard(Fixed(), Transpose::Yes)},
      {"CBL", products(cbl, ca, cb)},
      {"RBL", products(rbl, ra, rb)}};
  // One operand packed alone, to tell their shares apart.
  [[maybe_unused]] const auto add_single = [&](const auto& one) {
    using S = std::decay_t<decltype(one)>;
    const typename S::gemm g;
    if constexpr (S::is_a) {
      const auto pa = g.pack_a(q, Layout::ColMajor, Transpose::No, n, n, a, 0, n);
      runs.push_back({one.name, products(g, pa, b, std::size_t(0), n)});
    } else {
      const auto pb = g.pack_b(q, Layout::ColMajor, Transpose::No, n, n, b, 0, n);
      runs.push_back({one.name, products(g, a, std::size_t(0), n, pb)});
    }
  };
  (add_single(singles), ...);
  constexpr int rounds = 7;
  std::vector<std::vector<double>> t(runs.size());
  for (int round = 0; round < rounds; ++round)
    for (std::size_t x = 0; x < runs.size(); ++x) t[x].push_back(timed(q, runs[x].second) / reps);
  const auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::printf("single %zu^3 (%d products a round, %d rounds in turn): Gemm<> %.1f GFLOPS\n", n, reps, rounds,
              flops / median(t[0]) * 1e-9);
  for (std::size_t x = 1; x < runs.size(); ++x) {
    std::printf("  %-9s %.1f GFLOPS, Gemm<> / it %.3fx; per round:", runs[x].first, flops / median(t[x]) * 1e-9,
                median(t[0]) / median(t[x]));
    for (int r = 0; r < rounds; ++r) std::printf(" %.3f", t[0][r] / t[x][r]);
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  // "<platform>:<device>", or "gpu": the first GPU of any platform.
  std::size_t p = 0, d = 0;
  const bool any_gpu = argc > 1 && std::string(argv[1]) == "gpu";
  if (argc > 1 && !any_gpu) std::sscanf(argv[1], "%zu:%zu", &p, &d);
  const std::size_t n = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1024;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 10;
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  std::vector<cl::Device> devices;
  for (std::size_t i = 0; any_gpu && i < platforms.size(); ++i) {
    platforms[i].getDevices(CL_DEVICE_TYPE_ALL, &devices);
    if (devices.at(0).getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU) {
      p = i;
      break;
    }
  }
  platforms.at(p).getDevices(CL_DEVICE_TYPE_ALL, &devices);
  cl::Device device = devices.at(d);
  cl::Context ctx(device);
  cl::CommandQueue q(ctx, device, CL_QUEUE_PROFILING_ENABLE);
  std::printf("device %s (%s), driver %s\n", device.getInfo<CL_DEVICE_NAME>().c_str(),
              platforms[p].getInfo<CL_PLATFORM_NAME>().c_str(), device.getInfo<CL_DRIVER_VERSION>().c_str());
  if (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) {
    using Base = Gemm<Tile<32, 256, 64>, Vec<16>, WorkPerThread<32, 8>, LocalMemory<Operands::A>, Unroll<4>>;
    using Cbl = Gemm<Tile<32, 256, 64>, Vec<16>, WorkPerThread<32, 8>, LocalMemory<Operands::A>, Unroll<4>,
                     PackedA<layout::CBL<32>>, PackedB<layout::CBL<256>>>;
    using Rbl = Gemm<Tile<32, 256, 64>, Vec<16>, WorkPerThread<32, 8>, LocalMemory<Operands::A>, Unroll<4>,
                     PackedA<layout::RBL<32, 64>>, PackedB<layout::CBL<256>>>;
    // B in panels of each work-item's 8 columns: one contiguous stream per work-item.
    using Runs = Gemm<Tile<32, 256, 64>, Vec<16>, WorkPerThread<32, 8>, LocalMemory<Operands::A>, Unroll<4>,
                      PackedA<layout::CBL<32>>, PackedB<layout::CBL<8>>>;
    bench<Base, Runs, Rbl>(ctx, q, n, reps);
    bench<Base, Cbl, Rbl>(ctx, q, n, reps);
  } else {
    using Base = Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RegisterPrefetch<true>, Padding<4>>;
    using Cbl = Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RegisterPrefetch<true>, Padding<4>,
                     PackedA<layout::CBL<256>>, PackedB<layout::CBL<128>>>;
    using Rbl = Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RegisterPrefetch<true>, Padding<4>,
                     PackedA<layout::RBL<256, 8>>, PackedB<layout::RBL<128, 8>>>;
    using CblA = Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RegisterPrefetch<true>,
                      Padding<4>, PackedA<layout::CBL<256>>>;
    using CblB = Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RegisterPrefetch<true>,
                      Padding<4>, PackedB<layout::CBL<128>>>;
    using RblA = Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RegisterPrefetch<true>,
                      Padding<4>, PackedA<layout::RBL<256, 8>>>;
    using RblB = Gemm<Tile<256, 128, 8>, Vec<4>, WorkPerThread<8, 16>, Prefetch<true>, RegisterPrefetch<true>,
                      Padding<4>, PackedB<layout::RBL<128, 8>>>;
    bench<Base, Cbl, Rbl>(ctx, q, n, reps, single<CblA, true>{"CBL A"}, single<CblB, false>{"CBL B"},
                          single<RblA, true>{"RBL A"}, single<RblB, false>{"RBL B"});
  }
}
