// Must not compile: a vendor tag for which nobody wrote a target (target::Target<Tag>).
#include <gemmcl/gemm.hpp>

struct UnknownVendor {
  using policy_kind = gemmcl::kind::vendor;
};

int main() {
  // Rejected as soon as the type is complete, even if neither `source` nor the call is ever used.
  gemmcl::Gemm<gemmcl::Tile<16, 16, 8>, UnknownVendor> gemm;
  return gemm.config.tile_m;
}
