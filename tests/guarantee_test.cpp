// Run-time side of the Tile/Vec guarantee (guarantee.cpp holds the compile-time side): all 1400
// configurations are there, distinct, and a device refuses one only for exceeding one of its limits.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "support/common.hpp"

std::vector<gemmcl::policy::Config> guarantee_configs_16();
std::vector<gemmcl::policy::Config> guarantee_configs_32();
std::vector<gemmcl::policy::Config> guarantee_configs_64();
std::vector<gemmcl::policy::Config> guarantee_configs_128();
std::vector<gemmcl::policy::Config> guarantee_configs_256();
std::string_view guarantee_sample_16();
std::string_view guarantee_sample_32();
std::string_view guarantee_sample_64();
std::string_view guarantee_sample_128();
std::string_view guarantee_sample_256();

namespace {

std::vector<gemmcl::policy::Config> all_configs() {
  std::vector<gemmcl::policy::Config> all;
  for (auto part : {guarantee_configs_16(), guarantee_configs_32(), guarantee_configs_64(), guarantee_configs_128(),
                    guarantee_configs_256()}) {
    all.insert(all.end(), part.begin(), part.end());
  }
  return all;
}

}  // namespace

TEST_CASE("every Tile/Vec combination of the guarantee resolves") {
  const auto all = all_configs();
  // 5 M x 5 N x (16 K x W in {1, 2, 4} + 8 K divisible by 8 x W = 8).
  CHECK(all.size() == 1400);
  std::set<std::tuple<int, int, int, int>> distinct;
  for (const auto& c : all) distinct.insert({c.tile_m, c.tile_n, c.tile_k, c.vec});
  CHECK(distinct.size() == all.size());
}

TEST_CASE("the device refuses a guaranteed configuration only for one of its limits") {
  auto& target = gt::target();
  const gemmcl::core::DeviceInfo& info = gemmcl::core::device_info(target.device());
  std::size_t accepted = 0, refused = 0;
  for (const auto& c : all_configs()) {
    gemmcl::runtime::Requirements req;
    req.local[0] = static_cast<std::size_t>(c.threads_m());
    req.local[1] = static_cast<std::size_t>(c.threads_n());
    req.local_bytes = c.local_bytes();
    req.describe = "guaranteed configuration";
    const bool fits = req.local[0] * req.local[1] <= info.max_work_group_size &&
                      req.local[0] <= info.max_work_item_sizes[0] && req.local[1] <= info.max_work_item_sizes[1] &&
                      req.local_bytes <= info.local_mem_size;
    try {
      gemmcl::runtime::check_device(info, req);
      ++accepted;
      CHECK_MESSAGE(fits, "accepted although over a limit: ", gt::describe(c));
    } catch (const gemmcl::Error& e) {
      ++refused;
      CHECK_MESSAGE(!fits, "refused within the limits: ", gt::describe(c), ": ", e.what());
      CHECK((e.code() == gemmcl::ErrorCode::WorkGroupTooLarge || e.code() == gemmcl::ErrorCode::LocalMemoryExceeded));
    }
  }
  MESSAGE(target.name, " accepts ", accepted, " of the ", accepted + refused, " configurations");
}

TEST_CASE("sampled texts of the guarantee build on the device") {
  auto& target = gt::target();
  for (std::string_view text : {guarantee_sample_16(), guarantee_sample_32(), guarantee_sample_64(),
                                guarantee_sample_128(), guarantee_sample_256()}) {
    cl::Program program(target.context, std::string(text));
    const cl_int status = program.build({target.device}, "-DGEMMCL_TRANS_A=1 -DGEMMCL_TRANS_B=0");
    std::string log;
    program.getBuildInfo(target.device, CL_PROGRAM_BUILD_LOG, &log);
    CHECK_MESSAGE(status == CL_SUCCESS, text.substr(0, 600), "\n", log);
  }
}
