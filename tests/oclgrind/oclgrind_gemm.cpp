// Runs small GEMMs of one configuration on the first OpenCL device, meant to be that of Oclgrind:
//
//   oclgrind --data-races --uninitialized --check-api oclgrind_gemm <configuration>
//
// Oclgrind reports data races, out-of-bounds accesses, uses of uninitialised values (private and local
// memory, and the split-K workspace) and API errors; CTest fails the test on any such report
// (tests/CMakeLists.txt). Each buffer ends exactly at its matrix's last element, so reading past a
// matrix is out of bounds; the gaps before and between its rows hold NaN, so a read of them that reached
// the result shows there. (Leaving the gaps unwritten for --uninitialized to catch was tried and
// dropped: Oclgrind 21.10 takes memory written by clEnqueueWriteBuffer at a nonzero offset for
// uninitialised, and here also some filled in by a copy kernel, so it reported correct kernels.)
// Results are checked against the CPU reference, and the gaps around C must keep their bits.

#include <gemmcl/gemm.hpp>

#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "support/cases.hpp"
#include "support/common.hpp"
#include "support/tensor_path.hpp"
#include "oclgrind/features.hpp"

using namespace gemmcl;

namespace {

struct Device {
  cl::Context context;
  cl::Device device;
  cl::CommandQueue queue;
};

template <class G>
bool run_case(Device& d, const gt::Case<typename G::value_type, typename G::c_type>& cs, std::mt19937_64& rng,
              double input_rounding = 0.0) {
  using T = typename G::value_type;
  using CT = typename G::c_type;
  gt::Operands<T, CT> o = gt::make_operands(cs, rng);
  cl::Buffer a = cs.null_ab ? cl::Buffer() : gt::upload(o.a_host, d.context);
  cl::Buffer b = cs.null_ab ? cl::Buffer() : gt::upload(o.b_host, d.context);
  cl::Buffer c = gt::upload(o.c_host, d.context);
  std::vector<T> a_after = o.a_host, b_after = o.b_host;
  try {
    G()(d.queue, cs.layout, cs.ta, cs.tb, cs.m, cs.n, cs.k, cs.alpha, a, o.a.offset, o.a.ld, b, o.b.offset, o.b.ld,
        cs.beta, c, o.c.offset, o.c.ld)
        .wait();
    if (!cs.null_ab) {
      a_after = gt::download<T>(d.queue, a, o.a_host.size());
      b_after = gt::download<T>(d.queue, b, o.b_host.size());
    }
  } catch (const std::exception& e) {
    std::cout << "FAILED " << cs.describe() << ": threw " << e.what() << "\n";
    return false;
  }
  const gt::Verdict v = gt::judge(cs, o, a_after, b_after, gt::download<CT>(d.queue, c, o.c_host.size()),
                                   input_rounding);
  if (!v.ok) std::cout << "FAILED " << cs.describe() << "\n" << v.detail;
  return v.ok;
}

// The four transpose pairs (row-major calls run the same four kernels with A and B swapped) on a few
// tiny shapes: edges, whole tiles with aligned operands, k = 0 and alpha = 0; the split-k
// configuration splits all of them.
template <class G>
int run_all(Device& d) {
  using T = typename G::value_type;
  using CT = typename G::c_type;
  using S = gt::scalar_of<T>;
  std::mt19937_64 rng(gt::base_seed());
  const std::size_t tm = G::config.tile_m, tn = G::config.tile_n, tk = G::config.tile_k;
  int failures = 0, cases = 0;
  for (const auto& combo : {gt::all_combinations[0], gt::all_combinations[1], gt::all_combinations[2],
                            gt::all_combinations[3]}) {
    const auto make = [&](std::size_t m, std::size_t n, std::size_t k, S alpha, S beta) {
      gt::Case<T, CT> cs = gt::case_of<T, CT>(combo, m, n, k, alpha, beta);
      cs.a_off = 1;
      cs.b_off = 2;
      cs.c_off = 3;
      cs.a_pad = 1;
      cs.b_pad = 2;
      cs.c_pad = 3;
      cs.tail = 0;  // buffers end at the last element: a read past it is out of bounds
      return cs;
    };
    std::vector<gt::Case<T, CT>> list;
    auto edges = make(tm + 1, tn - 1, 2 * tk + 1, S(1.5), S(0));  // C not read: NaN in it must not leak
    edges.nan_c = true;
    list.push_back(edges);
    auto whole = make(2 * tm, tn, 2 * tk, S(-1), S(0.5));          // whole tiles, aligned to 16
    whole.a_off = whole.b_off = whole.c_off = 16;
    whole.a_pad = (16 - whole.a_view().lead() % 16) % 16;
    whole.b_pad = (16 - whole.b_view().lead() % 16) % 16;
    whole.c_pad = (16 - whole.c_view().lead() % 16) % 16;
    list.push_back(whole);
    // Edge tiles holding whole vectors, and vectors wholly past m and n, aligned and unpadded: the
    // copies of those past the edge read their line's first vector instead; anything past the
    // matrices' last column would be out of bounds.
    auto past = make(tm + 8, tn + 8, 2 * tk, S(1), S(1));
    past.a_off = past.b_off = past.c_off = 16;
    past.a_pad = past.b_pad = past.c_pad = 0;
    list.push_back(past);
    list.push_back(make(1, tn + 1, 1, S(2), S(-1)));
    auto k0 = make(3, 5, 0, S(1), S(0.5));  // C := beta * C, A and B null
    k0.null_ab = true;
    list.push_back(k0);
    auto a0 = make(tm - 1, 2, 3, S(0), S(2));  // alpha = 0: A and B not read, NaN in them must not leak
    a0.nan_ab = true;
    list.push_back(a0);
    for (const auto& cs : list) {
      std::cerr << "case: " << cs.describe() << std::endl;  // interleaves with Oclgrind's reports
      ++cases;
      if (!run_case<G>(d, cs, rng)) ++failures;
    }
  }
  std::cout << cases - failures << " of " << cases << " cases right\n";
  return failures;
}

// One small problem per transpose pair, with edges in every direction, misaligned A (packed first) and a
// NaN-poisoned C; the emulation makes each one slow under Oclgrind.
template <class T, class CT, bool Hopper = false>
int run_tensor(Device& d) {
  // Instructions emulated (GEMMCL_TC_EMULATE); Hopper: DMMA by TMA, its boxes copied as TMA would.
  using G = gt::TensorPath<T, CT, true, Epilogue<Activation::Identity>, Hopper>;
  using S = gt::scalar_of<T>;
  std::mt19937_64 rng(gt::base_seed());
  int failures = 0, cases = 0;
  for (const auto& combo : {gt::all_combinations[0], gt::all_combinations[1], gt::all_combinations[2],
                            gt::all_combinations[3]}) {
    gt::Case<T, CT> cs = gt::case_of<T, CT>(combo, 19, 11, 21, S(1.5), S(0));
    cs.a_off = 1;
    cs.c_off = 2;
    cs.c_pad = 1;
    cs.tail = 0;
    cs.nan_c = true;
    std::cerr << "case: " << cs.describe() << std::endl;
    ++cases;
    // TF32 rounds each float input to 10 fraction bits: a product may be off by 2^-10 of its size.
    if (!run_case<G>(d, cs, rng, std::is_same_v<T, float> ? 0x1p-10 : 0.0)) ++failures;
  }
  std::cout << cases - failures << " of " << cases << " cases right\n";
  return failures;
}

// Two DMMA cases of m x n x k (transpose pairs first and second of all_combinations), A and C offset,
// beta reading C; instructions emulated, and with Hopper by TMA.
template <bool Hopper>
int run_dmma_pair(Device& d, std::size_t m, std::size_t n, std::size_t k, std::size_t first, std::size_t second) {
  using G = gt::TensorPath<double, double, true, Epilogue<Activation::Identity>, Hopper>;
  std::mt19937_64 rng(gt::base_seed());
  int failures = 0;
  for (const std::size_t i : {first, second}) {
    gt::Case<double, double> cs = gt::case_of<double, double>(gt::all_combinations[i], m, n, k, 1.5, -0.5);
    cs.a_off = 2;
    cs.c_off = 1;
    cs.tail = 0;
    std::cerr << "case: " << cs.describe() << std::endl;
    if (!run_case<G>(d, cs, rng, 0.0)) ++failures;
  }
  std::cout << 2 - failures << " of 2 cases right\n";
  return failures;
}

// DMMA by TMA in 64 x 128 tiles of eight warps (forced: Oclgrind reports one compute unit, where no
// product takes them), A M-contiguous and B K-major as they take them, in both layouts: one tile with
// edges in m, n and K.
int run_dmma_turned(Device& d) {
  ::setenv("GEMMCL_DMMA_VARIANT", "12", 1);
  const auto kernel = runtime::tensor::kernel_for(element::info_of<double>, core::device_info(d.device()), true,
                                                  false, 40, 100, 21, true, false, false);
  if (kernel.tile_m != 64 || kernel.tile_n != 128 || kernel.threads != 256) {
    std::cout << "FAILED: " << kernel.tile_m << " x " << kernel.tile_n << " tiles, not 64 x 128\n";
    return 1;
  }
  return run_dmma_pair<true>(d, 40, 100, 21, 0, 4);
}

// DMMA by TMA in the one-wave tiles of few-tile products (forced, as above): 96 x 64 tiles of eight warps,
// two tiles in m, the second of four rows, cut by n and K; 64 x 32 tiles of four warps, cut the same way; and
// 32 x 32 tiles (K steps of 32 in four stages), cut in m, n and K.
int run_dmma_mid(Device& d) {
  ::setenv("GEMMCL_DMMA_VARIANT", "14", 1);
  return run_dmma_pair<true>(d, 100, 40, 21, 1, 6);
}
int run_dmma_fine(Device& d) {
  ::setenv("GEMMCL_DMMA_VARIANT", "13", 1);
  return run_dmma_pair<true>(d, 70, 40, 21, 2, 5);
}
int run_dmma_finest(Device& d) {
  ::setenv("GEMMCL_DMMA_VARIANT", "16", 1);
  return run_dmma_pair<true>(d, 40, 40, 45, 3, 7);
}

// DMMA with K in two parts added by the kernel itself (forced: on one compute unit no product splits):
// the last work-group of each tile reads the other's part through the workspace. Edges in m, n and K
// (the second part is short).
int run_dmma_split(Device& d) {
  ::setenv("GEMMCL_TC_SPLITS", "2", 1);
  return run_dmma_pair<false>(d, 19, 11, 150, 0, 7);
}

// The Hopper (wgmma) kernel with its instructions emulated, in the tile variant named (forced through
// GEMMCL_WGMMA_VARIANT, set before the library first reads it: on one compute unit the wide one would be
// chosen). The kernel is persistent, and C has more tiles than it launches work-groups (two a compute
// unit, one of the wide variant; Oclgrind reports one unit), so work-group 0 takes a second tile, its
// copies running on from one tile's last K step into the next tile's first. A tile costs about half a
// minute per K step under Oclgrind (a wide one four times that), so K is one step deep.
template <class T, class CT>
int run_wgmma(Device& d, gt::Case<T, CT> cs, const char* variant, std::size_t tile_n, std::size_t tile_m = 128) {
  using G = gt::TensorPath<T, CT, true, Epilogue<Activation::Identity>, true>;
  ::setenv("GEMMCL_WGMMA_VARIANT", variant, 1);
  const core::DeviceInfo& info = core::device_info(d.device());
  const runtime::tensor::Kernel kernel =
      runtime::tensor::kernel_for(element::info_of<T>, info, true, false, cs.m, cs.n, cs.k, true);
  const std::size_t tiles = runtime::tensor::tile_count(cs.m, cs.n, kernel.tile_m, kernel.tile_n);
  // Else the case would not be what it claims: the variable read before, or more units reported.
  if (kernel.tile_n != tile_n || kernel.tile_m != tile_m || tiles <= kernel.resident * info.compute_units) {
    std::cout << "FAILED: " << tiles << " tiles " << kernel.tile_m << " x " << kernel.tile_n << " (not " << tile_m
              << " x " << tile_n << "), "
              << kernel.resident << " work-groups a unit on " << info.compute_units << " units\n";
    return 1;
  }
  std::mt19937_64 rng(gt::base_seed());
  cs.tail = 0;  // buffers end at the last element: a read past it is out of bounds
  std::cerr << "case: " << cs.describe() << std::endl;
  // TF32 rounds each float input to 10 fraction bits: a product may be off by 2^-10 of its size.
  const bool ok = run_case<G>(d, cs, rng, std::is_same_v<T, float> ? 0x1p-10 : 0.0);
  std::cout << (ok ? 1 : 0) << " of 1 cases right\n";
  return ok ? 0 : 1;
}

// 16-bit, narrow (128 x 64): NN, aligned, one whole K step (64), so tiles 0 and 1 lie wholly inside C
// and take the unchecked copies while tile 2 is cut by m; C NaN-poisoned and not read.
int run_wgmma_half(Device& d) {
  gt::Case<half, half> cs = gt::case_of<half, half>(gt::all_combinations[0], 259, 64, 64, 1.5f, 0.0f);
  cs.a_off = cs.b_off = cs.c_off = 8;  // 16 bytes, and leading dimensions of 16-byte multiples
  cs.a_pad = cs.c_pad = 5;
  cs.nan_c = true;
  return run_wgmma(d, cs, "narrow", 64);
}

// 16-bit, short (64 x 128 tiles of one warpgroup): a C of 64 rows, NT, aligned, one whole K step:
// tiles 0 and 1 take the unchecked copies, tile 2 is cut by n; C read (beta).
int run_wgmma_short(Device& d) {
  gt::Case<half, half> cs = gt::case_of<half, half>(gt::all_combinations[1], 64, 300, 64, 0.75f, -0.5f);
  cs.a_off = cs.b_off = 8;  // 16 bytes, and leading dimensions of 16-byte multiples
  cs.a_pad = 8;
  cs.b_pad = 4;
  return run_wgmma(d, cs, "short", 128, 64);
}

// TF32: edges in m, n and K (part of one step of 32), beta reading C. Narrow (NT, three tiles): A
// misaligned, copied first and read from registers, B copied K-major (rounded on the way); wide (TN,
// 128 x 256, two tiles): A aligned, read through a descriptor, both rounded in local memory. Neither
// runs as C^T (its copies would not pay either).
// TF32's case cs on the variant, once the choice it is meant to reach holds (`chosen`, decided after
// GEMMCL_WGMMA_VARIANT is set); otherwise a failure naming what `missed`, never a run of another path.
int run_wgmma_tf32_if(Device& d, const gt::Case<float, float>& cs, const char* variant, std::size_t tile_n,
                      bool chosen, const char* missed) {
  if (!chosen) {
    std::cout << "FAILED: " << missed << "\n";
    return 1;
  }
  return run_wgmma(d, cs, variant, tile_n);
}

int run_wgmma_tf32(Device& d, std::size_t m, const char* variant, std::size_t tile_n, bool misaligned_a) {
  const gt::Combination combo = gt::all_combinations[misaligned_a ? 1 : 2];
  gt::Case<float, float> cs = gt::case_of<float, float>(combo, m, 11, 19, -1.0f, 0.5f);
  cs.a_off = misaligned_a ? 1 : 4;
  cs.a_pad = misaligned_a ? 0 : 1;  // A stored 19 x m: a leading dimension of 20 floats, 16-byte runs
  ::setenv("GEMMCL_WGMMA_VARIANT", variant, 1);  // before the choices below read it
  const bool ta = combo.ta == Transpose::Yes, tb = combo.tb == Transpose::Yes;
  const bool chosen = runtime::tensor::tf32_a_in_registers(ta, !misaligned_a, cs.n, false) == misaligned_a &&
                      !runtime::tensor::tf32_as_transpose(element::info_of<float>, core::device_info(d.device()), ta,
                                                          tb, !misaligned_a, true, cs.m, cs.n, cs.k);
  cs.c_off = 2;
  cs.c_pad = 1;
  return run_wgmma_tf32_if(d, cs, variant, tile_n, chosen,
                           misaligned_a ? "A would not come from registers, or C^T be computed"
                                        : "A would come from registers, or C^T be computed");
}

// TF32 as C^T (tf32_as_transpose): TT with 40 rows of C, where B's transposing copy would not pay; C^T,
// an NN product, copies only the misaligned B (its A, from registers). C stored transposed, cut in both
// directions, at an offset, beta reading it.
int run_wgmma_tf32_transposed(Device& d) {
  gt::Case<float, float> cs = gt::case_of<float, float>(gt::all_combinations[3], 40, 300, 19, 0.75f, -0.5f);
  cs.b_off = 1;
  cs.c_off = 3;
  cs.c_pad = 2;
  ::setenv("GEMMCL_WGMMA_VARIANT", "narrow", 1);
  const bool chosen = runtime::tensor::tf32_as_transpose(element::info_of<float>, core::device_info(d.device()), true,
                                                         true, true, false, cs.m, cs.n, cs.k);
  return run_wgmma_tf32_if(d, cs, "narrow", 64, chosen, "C^T would not be computed");
}

// TF32 with B loaded by TMA (emulated: the same boxes, rounding and zeros outside B): NN, B aligned (an
// offset of 4 floats, a leading dimension of 20), A from registers; B cut by the ends of K and of N.
int run_wgmma_tf32_tma(Device& d) {
  gt::Case<float, float> cs = gt::case_of<float, float>(gt::all_combinations[0], 259, 150, 19, 1.25f, -0.5f);
  cs.b_off = 4;
  cs.b_pad = 1;
  cs.c_off = 1;
  ::setenv("GEMMCL_WGMMA_VARIANT", "default", 1);
  const auto& f32 = element::info_of<float>;
  const auto kernel = runtime::tensor::kernel_for(f32, core::device_info(d.device()), true, false, cs.m, cs.n, cs.k, true);
  return run_wgmma_tf32_if(d, cs, "default", 128, runtime::tensor::tf32_by_tma(kernel), "B would not come by TMA");
}

template <class... P>
std::pair<std::string, std::function<int(Device&)>> config(const char* name) {
  return {name, [](Device& d) { return run_all<Gemm<P...>>(d); }};
}

}  // namespace

int main(int argc, char** argv) {
  const std::map<std::string, std::function<int(Device&)>> configs = {
      config<>("defaults"),
      config<Tile<16, 16, 4>, Vec<1>, LocalMemory<Operands::None>>("none-vec1"),
      config<Tile<16, 16, 8>, Vec<4>>("both-vec4"),
      config<Tile<16, 16, 8>, Vec<2>, LocalMemory<Operands::A>, Padding<1>>("a-padding"),
      config<Tile<16, 32, 4>, Vec<2>, LocalMemory<Operands::B>, Prefetch<true>>("b-prefetch"),
      config<Tile<32, 16, 8>, Vec<4>, WorkPerThread<4, 4>, Prefetch<true>, Padding<2>>("both-prefetch-padding"),
      config<Tile<16, 32, 8>, Vec<2>, WorkPerThread<2, 4>, Prefetch<true>, RegisterPrefetch<true>>("register-prefetch"),
      config<Tile<16, 32, 8>, Vec<4>, WorkPerThread<4, 4>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>>("pipeline"),
      config<Tile<24, 16, 8>, Vec<2>, WorkPerThread<6, 4>, Pipeline<2>>("pipeline-odd"),
      config<Tile<16, 16, 8>, Vec<2>, WorkPerThread<2, 2>, Element<double>>("double"),
      config<Tile<16, 16, 16>, Vec<16>>("both-vec16"),
      // 16-bit storage: A and B widened to float copies, C rounded back (or float C).
      config<Tile<16, 16, 8>, Vec<2>, Element<half>>("half"),
      config<Tile<16, 16, 8>, Vec<4>, Element<bfloat16, float>>("bfloat16-float"),
      {"tensor-half", [](Device& d) { return run_tensor<half, half>(d); }},
      {"tensor-tf32", [](Device& d) { return run_tensor<float, float>(d); }},
      {"tensor-dmma", [](Device& d) { return run_tensor<double, double>(d); }},
      {"tensor-dmma-tma", [](Device& d) { return run_tensor<double, double, true>(d); }},
      {"tensor-dmma-tma-turned", run_dmma_turned},
      {"tensor-dmma-tma-mid", run_dmma_mid},
      {"tensor-dmma-tma-fine", run_dmma_fine},
      {"tensor-dmma-tma-finest", run_dmma_finest},
      {"tensor-dmma-split-in-kernel", run_dmma_split},
      // The Hopper kernel, emulated (tests/CMakeLists.txt gives these 256 KiB of local memory).
      {"tensor-wgmma-half", run_wgmma_half},
      {"tensor-wgmma-tf32", [](Device& d) { return run_wgmma_tf32(d, 259, "narrow", 64, true); }},
      {"tensor-wgmma-wide-tf32", [](Device& d) { return run_wgmma_tf32(d, 129, "wide", 256, false); }},
      {"tensor-wgmma-tf32-transposed", run_wgmma_tf32_transposed},
      {"tensor-wgmma-tf32-tma", run_wgmma_tf32_tma},
      {"tensor-wgmma-short", run_wgmma_short},
      // Batches, a fused epilogue, packed operands, the GPUs' transposing copy (oclgrind/features.hpp).
      {"batched", [](Device& d) { return oclgrind_features::run_batched(d); }},
      {"epilogue", [](Device& d) { return oclgrind_features::run_epilogue(d); }},
      {"packed", [](Device& d) { return oclgrind_features::run_packed(d); }},
      {"transpose", [](Device& d) { return oclgrind_features::run_transpose(d); }},
      config<Tile<16, 16, 8>, Vec<2>, SplitK<3>>("split-k"),
      config<Tile<16, 16, 8>, Vec<4>, SplitK<3, Reduction::InKernel>>("split-k-in-kernel"),
      config<Tile<16, 16, 8>, Vec<4>, Pack<Packing::Always>>("pack"),
      config<Tile<16, 16, 8>, Vec<2>, WorkPerThread<4, 4>, Prefetch<true>, SliceK<2>>("slice-k"),
      config<Tile<16, 16, 8>, Vec<2>, WorkPerThread<4, 4>, SliceK<4>, SplitK<3, Reduction::InKernel>>(
          "slice-k-split"),
      // The sliced NVIDIA entries' combination (four slices, padded rows, prefetch) at a small size.
      config<Tile<16, 32, 16>, Vec<4>, WorkPerThread<4, 8>, SliceK<4>, Prefetch<true>, Padding<4>>(
          "slice-k-padding"),
  };
  if (argc != 2 || configs.count(argv[1]) == 0) {
    std::cerr << "usage: " << argv[0] << " <configuration>; one of:";
    for (const auto& [name, run] : configs) std::cerr << " " << name;
    std::cerr << "\n";
    return 2;
  }
  int failures = 0;
  {
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    const std::string platform = platforms.at(0).getInfo<CL_PLATFORM_NAME>();
    if (const char* expect = std::getenv("GEMMCL_EXPECT_PLATFORM")) {
      if (platform.find(expect) == std::string::npos) {
        std::cerr << "the first platform is \"" << platform << "\", not " << expect << "\n";
        return 2;
      }
    }
    std::vector<cl::Device> devices;
    platforms[0].getDevices(CL_DEVICE_TYPE_ALL, &devices);
    Device d{cl::Context(devices.at(0)), devices.at(0), {}};
    d.queue = cl::CommandQueue(d.context, d.device);
    failures = configs.at(argv[1])(d);
    // Release every OpenCL object before exit: Oclgrind crashes when its context is destroyed during
    // static destruction, which is when the program cache would otherwise let go of it.
    runtime::ProgramCache::instance().clear();
  }
  return failures == 0 ? 0 : 1;
}
