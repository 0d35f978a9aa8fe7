// The TMA tensor maps gemmcl writes (runtime/tensor_map.hpp): their words against maps that
// libcuda's cuTensorMapEncodeTiled wrote (recorded on an H200, driver 580: bench/results/h200-tma-tf32.txt),
// the parameters it refuses, and, where libcuda and a CUDA device are present (the GPU machine), against
// libcuda's encoder itself over random extents, strides and boxes of the forms the runtime uses.

#include <doctest/doctest.h>

#include <gemmcl/runtime/device_address.hpp>
#include <gemmcl/runtime/tensor_map.hpp>

#include <dlfcn.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>

#include "support/device.hpp"

using namespace gemmcl;
using runtime::tma::MapType;
using runtime::tma::tiled_2d;

TEST_CASE("TMA tensor maps: the words libcuda writes") {
  // FLOAT32, 4096 x 4096, rows 16384 bytes apart, boxes of 32 x 128, 128-byte swizzle.
  const auto f32 = tiled_2d(MapType::Float32, 4, 4096, 4096, 16384, 32, 128);
  const std::array<std::uint64_t, 16> libcuda_f32{0x123450, 0x0000040000006390, 0, 0, 0x00000fff00000fff, 0,
                                                  0x1f00000000000000, 0x7f, 0x4000, 0x400};
  // BFLOAT16, 64 x 16, rows 256 bytes apart, boxes of 32 x 8, 128-byte swizzle.
  const auto bf16 = tiled_2d(MapType::BFloat16, 2, 64, 16, 256, 32, 8);
  const std::array<std::uint64_t, 16> libcuda_bf16{0x10000, 0x0000001000006510, 0, 0, 0x0000000f0000003f, 0,
                                                   0x1f00000000000000, 0x7, 0x200, 0x400};
  // FLOAT64 (DMMA's operands), 4096 x 4096, rows 32768 bytes apart, boxes of 16 x 128: libcuda's type
  // field is 9 (CUDA's FLOAT64 is 8 in its enum).
  const auto f64 = tiled_2d(MapType::Float64, 8, 4096, 4096, 32768, 16, 128);
  const std::array<std::uint64_t, 16> libcuda_f64{0x10000, 0x0000080000006490, 0, 0, 0x00000fff00000fff, 0,
                                                  0x0f00000000000000, 0x7f, 0x4000, 0x400};
  for (std::size_t i = 1; i < 16; ++i) CHECK(f64.words[i] == libcuda_f64[i]);
  CHECK(f32.words[0] == 0);  // the address: written by the kernel
  CHECK(bf16.words[0] == 0);
  for (std::size_t i = 1; i < 16; ++i) {
    INFO("word ", i);
    CHECK(f32.words[i] == libcuda_f32[i]);
    CHECK(bf16.words[i] == libcuda_bf16[i]);
  }
  // TFLOAT32 is FLOAT32 with the rounding flag (bit 16 of word 1), as libcuda's maps of both types differ.
  const auto tf32 = tiled_2d(MapType::TFloat32, 4, 4096, 4096, 16384, 32, 128);
  CHECK(tf32.words[1] == (libcuda_f32[1] | (1ull << 16)));
  // What a map cannot describe is refused.
  CHECK_THROWS_AS(tiled_2d(MapType::Float32, 4, 64, 16, 260, 32, 8), Error);  // stride not of 16 bytes
  CHECK_THROWS_AS(tiled_2d(MapType::Float32, 4, 64, 16, 256, 64, 8), Error);  // rows of 256 bytes
  CHECK_THROWS_AS(tiled_2d(MapType::Float32, 4, 64, 16, 256, 3, 8), Error);   // rows of 12 bytes
  CHECK_THROWS_AS(tiled_2d(MapType::Float32, 4, 64, 16, 256, 32, 512), Error);  // box beyond 256
  CHECK_THROWS_AS(tiled_2d(MapType::Float32, 4, 0, 16, 256, 32, 8), Error);
}

TEST_CASE("TMA tensor maps: as libcuda's encoder writes them (GPU machine)") {
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) {
    MESSAGE("libcuda is not here: the maps were compared with its encoder's on the GPU machine only");
    return;
  }
  using Encode = int (*)(void*, int, unsigned, void*, const std::uint64_t*, const std::uint64_t*, const unsigned*,
                         const unsigned*, int, int, int, int);
  const auto encode = reinterpret_cast<Encode>(dlsym(lib, "cuTensorMapEncodeTiled"));
  const auto init = reinterpret_cast<int (*)(unsigned)>(dlsym(lib, "cuInit"));
  const auto retain = reinterpret_cast<int (*)(void**, int)>(dlsym(lib, "cuDevicePrimaryCtxRetain"));
  const auto push = reinterpret_cast<int (*)(void*)>(dlsym(lib, "cuCtxPushCurrent_v2"));
  const auto pop = reinterpret_cast<int (*)(void**)>(dlsym(lib, "cuCtxPopCurrent_v2"));
  REQUIRE((encode && init && retain && push && pop));
  void* context = nullptr;
  if (init(0) != 0 || retain(&context, 0) != 0) {
    MESSAGE("libcuda is here but no CUDA device: nothing to compare with");
    return;
  }
  REQUIRE(push(context) == 0);
  std::mt19937 rng(2026);
  for (int i = 0; i < 300; ++i) {
    // TF32 and FLOAT32 as TF32's operands (boxes of 32 x the wgmma variants' BN: 64, 128, 256); FLOAT64
    // as DMMA's (16 x BM or BN, or 16 x a K step of 16).
    const int kind = i % 3;
    const bool tf32 = kind == 0, fp64 = kind == 2;
    const unsigned bytes = fp64 ? 8 : 4, box_inner = 128 / bytes;
    const std::uint64_t inner = 1 + rng() % 100000, outer = 1 + rng() % 50000;
    const std::uint64_t stride = (inner * bytes + 15) / 16 * 16 + 16 * (rng() % 8);
    const unsigned box_outer = fp64 ? 16u << (rng() % 4) : 64u << (rng() % 3);
    const MapType type = fp64 ? MapType::Float64 : tf32 ? MapType::TFloat32 : MapType::Float32;
    const auto ours = tiled_2d(type, bytes, inner, outer, stride, box_inner, box_outer);
    alignas(64) std::array<std::uint64_t, 16> theirs{};
    const std::uint64_t dims[2] = {inner, outer}, strides[1] = {stride};
    const unsigned box[2] = {box_inner, box_outer}, element_strides[2] = {1, 1};
    // CU_TENSOR_MAP_DATA_TYPE_TFLOAT32 = 11, FLOAT32 = 7, FLOAT64 = 8; interleave none, swizzle 128B = 3,
    // no L2 promotion, zeros outside.
    REQUIRE(encode(theirs.data(), fp64 ? 8 : tf32 ? 11 : 7, 2, reinterpret_cast<void*>(0x10000), dims, strides, box,
                   element_strides, 0, 3, 0, 0) == 0);
    INFO("inner ", inner, ", outer ", outer, ", stride ", stride, ", box rows ", box_outer,
         fp64 ? ", FLOAT64" : tf32 ? ", TF32" : "");
    for (std::size_t w = 1; w < 16; ++w) CHECK(ours.words[w] == theirs[w]);
  }
  void* old = nullptr;
  CHECK(pop(&old) == 0);
}

// The device addresses that whole maps carry (runtime/device_address.hpp), on the test device: asked once
// per buffer and kept while it lives; a sub-buffer lies at its origin inside its parent; a released
// buffer's entry goes.
TEST_CASE("TMA tensor maps: buffers' device addresses") {
  gt::Target& t = gt::target();
  runtime::DeviceAddresses& book = runtime::DeviceAddresses::instance();
  const std::size_t align = [&] {
    cl_uint bits = 0;
    clGetDeviceInfo(t.device(), CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(bits), &bits, nullptr);
    return std::size_t(bits / 8);
  }();
  cl_mem handles[2] = {};
  {
    cl::Buffer parent(t.context, CL_MEM_READ_WRITE, 4 * align);
    CHECK_FALSE(book.knows(parent()));
    const std::uint64_t at = book.of(t.context(), t.device(), parent());
    CHECK(at != 0);
    CHECK(book.knows(parent()));
    CHECK(book.of(t.context(), t.device(), parent()) == at);
    cl_buffer_region region{align, align};
    cl_int status = CL_SUCCESS;
    cl::Buffer sub(clCreateSubBuffer(parent(), CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &status));
    REQUIRE(status == CL_SUCCESS);
    CHECK(book.of(t.context(), t.device(), sub()) == at + align);
    handles[0] = parent();
    handles[1] = sub();
  }
  // A runtime may call destructor callbacks later (NVIDIA's does): at most a second.
  t.queue.finish();
  const auto known = [&] { return book.knows(handles[0]) || book.knows(handles[1]); };
  for (int i = 0; i < 1000 && known(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  CHECK_FALSE(known());
}
