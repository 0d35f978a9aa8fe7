// Used by disk_cache.cpp: one process that builds (or loads) the test's programs through the disk
// cache in $GEMMCL_CACHE_DIR and checks a product. Exits 0 when the result is right.
#include <gemmcl/gemm.hpp>

#include <cstdio>
#include <random>

#include "support/cases.hpp"
#include "support/common.hpp"

int main() {
  using G = gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, gemmcl::Vec<2>>;
  std::mt19937_64 rng(gt::base_seed());
  for (std::size_t i : {0u, 2u}) {  // the two programs disk_cache.cpp uses
    auto cs = gt::base_case(gt::all_combinations[i], 37, 29, 21, 1.5f, 0.5f);
    gt::unaligned(cs, 1);
    const gt::Verdict v = gt::run_case(G{}, gt::target().queue, cs, rng);
    if (!v.ok) {
      std::fprintf(stderr, "disk_cache_writer: %s\n", v.detail.c_str());
      return 1;
    }
  }
  return 0;
}
