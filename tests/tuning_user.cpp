// Used by tuning.cpp: the process after the tuner's. It finds the device's tuning file in
// $GEMMCL_CACHE_DIR/tuning/, runs Gemm<> on a few products (the tuner's square among them) and checks
// them against the reference. Exits 0 only when every product is right and Gemm<> planned them from the
// tuning file.
#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <random>

#include "support/cases.hpp"
#include "support/common.hpp"

int main() {
  struct Product {
    std::size_t m, n, k;
    std::size_t combination;
  };
  const Product products[] = {{128, 128, 128, 0}, {128, 128, 128, 4}, {120, 135, 128, 0}, {96, 64, 300, 0},
                              {67, 45, 33, 1},    {128, 128, 128, 2}, {1, 1, 1, 7},       {7, 300, 200, 3}};
  std::mt19937_64 rng(gt::base_seed());
  bool ok = true;
  std::size_t run = 0;
  for (const Product& p : products) {
    auto cs = gt::base_case(gt::all_combinations[p.combination], p.m, p.n, p.k, run % 2 == 0 ? 1.5f : -1.0f,
                            run % 3 == 0 ? 0.0f : 0.5f);
    if (run % 2 == 0)
      gt::unaligned(cs, run);
    else
      gt::aligned(cs, run);
    cs.nan_c = cs.beta == 0.0f;
    ++run;
    const gt::Verdict v = gt::run_case(gemmcl::Gemm<>{}, gt::target().queue, cs, rng);
    if (!v.ok) {
      std::fprintf(stderr, "tuning_user: %s\n%s", cs.describe().c_str(), v.detail.c_str());
      ok = false;
    }
  }
  const gemmcl::TuningStatus st = gemmcl::tuning_status(gt::target().queue);
  std::fprintf(stderr, "tuning_user: tuning file %s, %s%s, %zu calls planned from it\n", st.path.c_str(),
               st.in_use ? "in use" : "not in use: ", st.reason.c_str(), st.plans);
  if (!st.in_use || st.plans == 0) ok = false;
  return ok ? 0 : 1;
}
