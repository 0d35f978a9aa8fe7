// The first-use self-check (runtime/self_check.hpp): a vendor-specific kernel that computes wrong
// results is caught on its first call, reported once, and its calls run the generic kernel, with
// right results; with the check off, the same kernel's results are wrong, which shows the check is
// what saves them. A vendor kernel that computes right is checked once and then used.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;

// A vendor path whose loads double every element of A: a kernel that builds and runs, but is wrong.
struct WrongVendor {
  using policy_kind = gemmcl::kind::vendor;
};
template <>
struct gemmcl::target::Target<WrongVendor> : gemmcl::target::Target<vendor::Generic> {
  static constexpr std::string_view name = "wrong-on-purpose";
  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config&) {
    t.line("#define LOAD_GLOBAL(p) ((real)2 * *(p))");
    t.line("#define VLOAD_GLOBAL(p) ((real)2 * VLOAD(p))");
  }
};

// The same loads done right, on a vendor tag of its own: checked, passes, used.
struct RightVendor {
  using policy_kind = gemmcl::kind::vendor;
};
template <>
struct gemmcl::target::Target<RightVendor> : gemmcl::target::Target<vendor::Generic> {
  static constexpr std::string_view name = "right-on-purpose";
};

namespace {

using Wrong = Gemm<Tile<16, 16, 8>, Vec<2>, LocalMemory<Operands::None>, WrongVendor>;
using Right = Gemm<Tile<16, 16, 8>, Vec<2>, LocalMemory<Operands::None>, RightVendor>;

template <class G>
gt::Verdict one_call(std::size_t run) {
  static std::mt19937_64 rng(gt::base_seed());
  auto cs = gt::base_case(gt::all_combinations[run % 8], 37, 29, 21, 1.5f, 0.5f);
  gt::unaligned(cs, run);
  return gt::run_case(G{}, gt::target().queue, cs, rng);
}

}  // namespace

TEST_CASE("a wrong vendor kernel is caught on first use, reported once, and replaced by the generic one") {
  set_cache_directory((std::filesystem::temp_directory_path() /
                       ("gemmcl-self-check-" + std::to_string(std::random_device{}())))
                          .string());  // no verdict from an earlier run
  std::vector<std::string> reports;
  set_self_check_report([&](const std::string& r) { reports.push_back(r); });
  for (std::size_t run = 0; run < 4; ++run) {
    const gt::Verdict v = one_call<Wrong>(run);
    CHECK_MESSAGE(v.ok, v.detail);
  }
  REQUIRE(reports.size() == 1);
  CHECK(reports[0].find("wrong-on-purpose") != std::string::npos);
  CHECK(reports[0].find("generic kernel") != std::string::npos);

  // The check is what saves those calls: without it the kernel's results are wrong.
  set_self_check(false);
  CHECK_FALSE(one_call<Wrong>(0).ok);
  set_self_check(true);
  set_cache_directory("");
  set_self_check_report(nullptr);
}

TEST_CASE("a right vendor kernel passes its check and runs") {
  std::vector<std::string> reports;
  set_self_check_report([&](const std::string& r) { reports.push_back(r); });
  const std::size_t builds = runtime::ProgramCache::instance().builds();
  for (std::size_t run = 0; run < 3; ++run) {
    const gt::Verdict v = one_call<Right>(run);
    CHECK_MESSAGE(v.ok, v.detail);
  }
  CHECK(reports.empty());
  CHECK(runtime::ProgramCache::instance().builds() > builds);  // its own programs, not the generic ones'
  set_self_check_report(nullptr);
}

// The check splits K as its call does, so that it builds the program the call runs: a first call that
// adds its parts in the kernel makes one program, checked or not (the check used to build one without
// the split beside it).
struct SplitVendor {
  using policy_kind = gemmcl::kind::vendor;
};
template <>
struct gemmcl::target::Target<SplitVendor> : gemmcl::target::Target<vendor::Generic> {
  static constexpr std::string_view name = "split-on-purpose";
};

TEST_CASE("a vendor kernel's check builds the program its call runs") {
  set_cache_directory((std::filesystem::temp_directory_path() /
                       ("gemmcl-self-check-" + std::to_string(std::random_device{}())))
                          .string());  // no verdict from an earlier run: the check runs
  std::vector<std::string> reports;
  set_self_check_report([&](const std::string& r) { reports.push_back(r); });
  using InKernel =
      Gemm<Tile<16, 16, 8>, Vec<2>, LocalMemory<Operands::None>, SplitK<3, Reduction::InKernel>, SplitVendor>;
  std::mt19937_64 rng(gt::base_seed());
  // 37 x 29 x 21: three K steps of 8, three parts added in the kernel.
  const auto cs = gt::base_case(gt::all_combinations[0], 37, 29, 21, 1.5f, 0.5f);
  const std::size_t builds = runtime::ProgramCache::instance().builds();
  const gt::Verdict v = gt::run_case(InKernel{}, gt::target().queue, cs, rng);
  CHECK_MESSAGE(v.ok, v.detail);
  CHECK(runtime::ProgramCache::instance().builds() - builds == 1);
  CHECK(reports.empty());
  set_cache_directory("");
  set_self_check_report(nullptr);
}

// With an epilogue (its activation and bias direction are build options), the check runs the call's
// epilogue on values of its own: still one program, and the call's result right. One vendor tag per
// epilogue, so that no earlier verdict on the same kernel spares it the check.
template <int I>
struct EpilogueVendor {
  using policy_kind = gemmcl::kind::vendor;
};
template <int I>
struct gemmcl::target::Target<EpilogueVendor<I>> : gemmcl::target::Target<vendor::Generic> {
  // Names of their own: a kernel's text (and with it its verdict in the disk cache) carries the name.
  static constexpr std::string_view name = I == 0 ? "epilogue-relu" : I == 1 ? "epilogue-gelu" : "epilogue-clamp";
};

namespace {

// One first call of G: its programs counted, its result against double (bias per row or column,
// lo and hi for Clamp) with a norm-wise bound.
template <class G>
void first_call_with_epilogue(Activation act, Bias where, float lo, float hi) {
  const std::size_t m = 37, n = 29, k = 21;
  std::mt19937_64 rng(gt::base_seed() + 5);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> a(m * k), b(k * n), bias(where == Bias::PerRow ? m : n), c(m * n, -7.0f);
  for (std::vector<float>* v : {&a, &b, &bias})
    for (float& x : *v) x = u(rng);
  auto& t = gt::target();
  cl::Buffer da(t.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a.size() * 4, a.data());
  cl::Buffer db(t.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b.size() * 4, b.data());
  cl::Buffer dbias(t.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bias.size() * 4, bias.data());
  cl::Buffer dc(t.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, c.size() * 4, c.data());
  const std::size_t builds = runtime::ProgramCache::instance().builds();
  typename G::epilogue_args args;
  if (where != Bias::None) args.bias = &dbias;
  args.lo = lo;
  args.hi = hi;
  G{}(t.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, da, 0, m, db, 0, k, 0.0f, dc, 0, m,
      args);
  t.queue.enqueueReadBuffer(dc, CL_TRUE, 0, c.size() * 4, c.data());
  CHECK(runtime::ProgramCache::instance().builds() - builds == 1);
  double err = 0, norm = 0;
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < m; ++i) {
      double x = where == Bias::PerRow ? bias[i] : where == Bias::PerColumn ? bias[j] : 0.0;
      for (std::size_t l = 0; l < k; ++l) x += double(a[i + l * m]) * double(b[l + j * k]);
      if (act == Activation::ReLU) x = x < 0 ? 0 : x;
      if (act == Activation::GELU) x = 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
      if (act == Activation::Clamp) x = x < lo ? lo : x > hi ? hi : x;
      err += (c[i + j * m] - x) * (c[i + j * m] - x);
      norm += x * x;
    }
  CHECK(std::sqrt(err) <= 1e-5 * std::sqrt(norm));
}

template <int I, class E>
using EpilogueGemm =
    Gemm<Tile<16, 16, 8>, Vec<2>, LocalMemory<Operands::None>, SplitK<3, Reduction::InKernel>, E, EpilogueVendor<I>>;

}  // namespace

TEST_CASE("a vendor kernel's check takes its call's epilogue") {
  set_cache_directory((std::filesystem::temp_directory_path() /
                       ("gemmcl-self-check-" + std::to_string(std::random_device{}())))
                          .string());
  std::vector<std::string> reports;
  set_self_check_report([&](const std::string& r) { reports.push_back(r); });
  first_call_with_epilogue<EpilogueGemm<0, Epilogue<Activation::ReLU, Bias::PerRow>>>(Activation::ReLU, Bias::PerRow,
                                                                                      0, 0);
  first_call_with_epilogue<EpilogueGemm<1, Epilogue<Activation::GELU, Bias::PerColumn>>>(Activation::GELU,
                                                                                         Bias::PerColumn, 0, 0);
  first_call_with_epilogue<EpilogueGemm<2, Epilogue<Activation::Clamp>>>(Activation::Clamp, Bias::None, -0.25f,
                                                                         0.5f);
  CHECK(reports.empty());  // the check's own reference agrees with every epilogue
  set_cache_directory("");
  set_self_check_report(nullptr);
}
