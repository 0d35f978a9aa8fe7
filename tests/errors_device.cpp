// Errors from the device and the program rather than the arguments: what a device lacks (fp64, local
// memory, work-group size), a build that fails, and OpenCL's own errors, each a gemmcl::Error with the
// right code() and a message that names the problem (the argument errors are in errors.cpp).

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <initializer_list>
#include <string>
#include <vector>

#include "support/bad_call.hpp"
#include "support/common.hpp"
#include "support/rejected.hpp"

using namespace gemmcl;
using namespace gt::bad;  // T, G, the valid Call and its helpers

// A vendor path whose helpers are not OpenCL C, so the program cannot build. The vendor slot is how new
// paths plug in, so this reaches the build failure exactly as a real broken path would.
struct BrokenVendor {
  using policy_kind = gemmcl::kind::vendor;
};
template <>
struct gemmcl::target::Target<BrokenVendor> : gemmcl::target::Target<vendor::Generic> {
  static constexpr std::string_view name = "broken-on-purpose";
  template <class Sink>
  static constexpr void helpers(util::text<Sink>& t, const policy::Config&) {
    t.line({"#error gemmcl test: this vendor path does not compile"});
  }
};

namespace {

// Runs f, which must throw a gemmcl::Error of `code` whose message contains each of `says` (and, where
// `status` is given, carries that OpenCL status).
template <class F>
void expect_error(F&& f, ErrorCode code, std::initializer_list<std::string> says, cl_int status = CL_SUCCESS) {
  try {
    f();
    FAIL("no error");
  } catch (const Error& e) {
    INFO(e.what());
    CHECK(e.code() == code);
    if (status != CL_SUCCESS) CHECK(e.cl_status() == status);
    for (const std::string& word : says) CHECK(std::string(e.what()).find(word) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("double on a device without fp64") {
  // PoCL supports fp64, so the check is exercised where it lives: runtime::check_device, which every call
  // runs before building, fed the requirements of a double configuration and the real device's
  // description with fp64 switched off.
  using D = Gemm<Tile<16, 16, 8>, Vec<2>, Element<double>>;
  core::DeviceInfo info = core::device_info(gt::target().device());
  CHECK_MESSAGE(info.fp64, "the test device lacks fp64, so the double configurations of the sweep cannot run");
  runtime::Requirements req;
  req.local[0] = static_cast<std::size_t>(D::config.threads_m());
  req.local[1] = static_cast<std::size_t>(D::config.threads_n());
  req.local_bytes = D::config.local_bytes();
  req.element = &D::config.element;
  req.describe = "double Tile<16,16,8>";
  info.fp64 = true;
  CHECK_NOTHROW(runtime::check_device(info, req));
  info.fp64 = false;
  expect_error([&] { runtime::check_device(info, req); }, ErrorCode::DoubleUnsupported, {"double", info.name});
  req.element = &Gemm<>::config.element;  // float needs no fp64
  CHECK_NOTHROW(runtime::check_device(info, req));
}

TEST_CASE("configuration over the device's local-memory limit") {
  // Both tiles staged and double-buffered: 2 x 512 x (257 + 257) floats = 2,105,344 bytes, just over the
  // 2 MiB PoCL offers (and far over any GPU's).
  using Huge = Gemm<Tile<256, 256, 512>, Vec<4>, Prefetch<true>, Padding<1>>;
  static_assert(Huge::config.local_bytes() == 2105344);
  auto& target = gt::target();
  const core::DeviceInfo& info = core::device_info(target.device());

  SUBCASE("a real configuration the device refuses") {
    if (info.local_mem_size >= Huge::config.local_bytes()) {
      MESSAGE("this device has ", info.local_mem_size, " bytes of local memory; nothing to refuse");
      return;
    }
    Call call(valid_case(Layout::ColMajor, Transpose::No, Transpose::No));
    gt::expect_rejected(ErrorCode::LocalMemoryExceeded,
                    {"local memory", std::to_string(Huge::config.local_bytes()), std::to_string(info.local_mem_size),
                     "Tile<256,256,512>"},
                    call.c, call.o.c_host, [&](const std::vector<cl::Event>& wait) {
                      Huge()(target.queue, Layout::ColMajor, Transpose::No, Transpose::No, 5, 4, 3, 1.0f, call.a,
                             call.o.a.offset, call.o.a.ld, call.b, call.o.b.offset, call.o.b.ld, 0.0f, call.c,
                             call.o.c.offset, call.o.c.ld, wait);
                    });
  }
  SUBCASE("the limit is exact") {
    core::DeviceInfo small = info;
    runtime::Requirements req;
    req.local[0] = req.local[1] = 1;
    req.local_bytes = 32768;
    req.describe = "test configuration";
    small.local_mem_size = 32768;
    CHECK_NOTHROW(runtime::check_device(small, req));
    small.local_mem_size = 32767;
    CHECK_THROWS_WITH_AS(runtime::check_device(small, req), doctest::Contains("local memory"), Error);
    try {
      runtime::check_device(small, req);
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::LocalMemoryExceeded);
    }
  }
}

TEST_CASE("configuration over the device's work-group limit") {
  // No configuration exceeds PoCL's limits (4096 work-items, also gemmcl's compile-time ceiling), so
  // the check is fed a device description with smaller ones: a GPU-like 256 work-items in all, and
  // per-dimension limits.
  using Wide = Gemm<Tile<64, 64, 8>, Vec<1>, WorkPerThread<2, 2>, LocalMemory<Operands::None>>;  // 1024 work-items
  static_assert(Wide::config.threads() == 1024);
  core::DeviceInfo info = core::device_info(gt::target().device());
  runtime::Requirements req;
  req.local[0] = static_cast<std::size_t>(Wide::config.threads_m());
  req.local[1] = static_cast<std::size_t>(Wide::config.threads_n());
  req.local_bytes = Wide::config.local_bytes();
  req.describe = "float Tile<64,64,8> Vec<1> WorkPerThread<2,2> LocalMemory<None>";
  info.max_work_group_size = 1024;
  info.max_work_item_sizes[0] = info.max_work_item_sizes[1] = 1024;
  CHECK_NOTHROW(runtime::check_device(info, req));

  const auto rejects = [&](const core::DeviceInfo& d) {
    expect_error([&] { runtime::check_device(d, req); }, ErrorCode::WorkGroupTooLarge,
                 {"32 x 32", std::string(req.describe)});
  };
  core::DeviceInfo gpu_like = info;
  gpu_like.max_work_group_size = 256;
  rejects(gpu_like);
  core::DeviceInfo narrow = info;
  narrow.max_work_item_sizes[1] = 16;
  rejects(narrow);

  SUBCASE("the compiled kernel's own limit") {
    // After the build the kernel may allow fewer work-items than the device; check_kernel compares
    // against what the built program reports, where that report binds.
    auto& target = gt::target();
    const runtime::ProgramSource source{G::source, util::fnv1a(G::source), {codegen::kernel_name}, "G"};
    auto program = runtime::ProgramCache::instance().get_or_build(target.context(), target.device(), source,
                                                                  "-DGEMMCL_TRANS_A=0 -DGEMMCL_TRANS_B=0 -DGEMMCL_ALIGNED=0");
    runtime::Requirements fits;
    fits.local[0] = program->max_work_group_size();
    fits.describe = "fits";
    CHECK_NOTHROW(runtime::check_kernel(*program, fits, info));
    runtime::Requirements over = fits;
    over.local[1] = 2;
    over.describe = "over";
    if (target::kernel_limit_binds(info)) {
      expect_error([&] { runtime::check_kernel(*program, over, info); }, ErrorCode::WorkGroupTooLarge,
                   {"compiled kernel"});
    }
    // NVIDIA's report is not a limit (target/nvidia.hpp): its builds are not second-guessed.
    core::DeviceInfo nvidia = info;
    nvidia.vendor = "NVIDIA Corporation";
    CHECK_NOTHROW(runtime::check_kernel(*program, over, nvidia));
  }
}

TEST_CASE("a build failure carries the configuration and the build log") {
  auto& target = gt::target();
  SUBCASE("through Gemm, with a vendor path that does not compile") {
    using Broken = Gemm<Tile<16, 16, 8>, Vec<2>, BrokenVendor>;
    Call call(valid_case(Layout::ColMajor, Transpose::No, Transpose::No));
    for (int attempt = 0; attempt < 2; ++attempt) {  // a failed build is not cached as a success
      INFO("attempt ", attempt);
      gt::expect_rejected(ErrorCode::BuildFailed,
                      {"Tile<16,16,8>", "Vec<2>", "broken-on-purpose", "build log", "this vendor path does not compile"},
                      call.c, call.o.c_host, [&](const std::vector<cl::Event>& wait) {
                        try {
                          Broken()(target.queue, Layout::ColMajor, Transpose::No, Transpose::No, 5, 4, 3, 1.0f, call.a,
                                   call.o.a.offset, call.o.a.ld, call.b, call.o.b.offset, call.o.b.ld, 0.0f, call.c,
                                   call.o.c.offset, call.o.c.ld, wait);
                        } catch (const Error& e) {
                          CHECK(e.cl_status() == CL_BUILD_PROGRAM_FAILURE);
                          throw;
                        }
                      });
    }
  }
  SUBCASE("through the program cache") {
    constexpr std::string_view text = "__kernel void f(__global float* x) { x[0] = undeclared_name; }";
    const runtime::ProgramSource source{text, util::fnv1a(text), {"f"}, "a hand-written broken kernel"};
    const std::size_t builds = runtime::ProgramCache::instance().builds();
    // The configuration's name, the build log's words and the status.
    const auto build = [&] {
      runtime::ProgramCache::instance().get_or_build(target.context(), target.device(), source, "");
    };
    expect_error(build, ErrorCode::BuildFailed,
                 {"a hand-written broken kernel", "undeclared_name", "CL_BUILD_PROGRAM_FAILURE"},
                 CL_BUILD_PROGRAM_FAILURE);
    CHECK(runtime::ProgramCache::instance().builds() == builds);
  }
}

TEST_CASE("OpenCL errors carry the error's name") {
  SUBCASE("core::check") {
    expect_error([] { core::check(CL_OUT_OF_RESOURCES, "clEnqueueSomething"); }, ErrorCode::OpenCL,
                 {"clEnqueueSomething", "CL_OUT_OF_RESOURCES"}, CL_OUT_OF_RESOURCES);
    CHECK_NOTHROW(core::check(CL_SUCCESS, "clFine"));
    CHECK(cl_error_name(CL_INVALID_EVENT_WAIT_LIST) == "CL_INVALID_EVENT_WAIT_LIST");
    CHECK(cl_error_name(CL_INVALID_WORK_GROUP_SIZE) == "CL_INVALID_WORK_GROUP_SIZE");
  }
  SUBCASE("from the device") {
    // A real OpenCL call that fails (an unknown info name), routed through the library's check: what
    // the caller sees names the status the OpenCL runtime returned. (PoCL accepts the invalid wait
    // lists one would use to make a gemm call itself fail, so the call is made directly.)
    auto& target = gt::target();
    cl_uint value = 0;
    const cl_int status = clGetDeviceInfo(target.device(), 0x7fffffff, sizeof value, &value, nullptr);
    REQUIRE(status != CL_SUCCESS);
    expect_error([&] { core::check(status, "clGetDeviceInfo"); }, ErrorCode::OpenCL,
                 {std::string(cl_error_name(status)), "CL_INVALID"}, status);
  }
}
