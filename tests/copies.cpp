// The runtime's transposing copies (runtime/launch.hpp): the packing kernel's transpose, which CPUs run,
// and the transposing kernel through local memory (codegen/transpose.hpp), which GPUs run and which is
// forced here on any device. Each copies a block with an offset and a padded leading dimension, cut by
// its work-groups' edges in both directions, into a scratch copy, for every element width the runtime
// copies (floats, with and without TF32's rounding; doubles; 16-bit words): every element of the copy is
// compared, bit for bit, with the source's.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "support/common.hpp"

using namespace gemmcl;

namespace {

// An element's value after the copy: TF32's copies round floats to nearest, ties to even.
template <class T>
T copied(T x, bool tf32) {
  if constexpr (std::is_same_v<T, float>) {
    if (!tf32) return x;
    const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
    return std::bit_cast<float>((u + 0x0FFFu + ((u >> 13) & 1u)) & 0xFFFFE000u);
  } else {
    return x;
  }
}

template <class T>
void check_transpose(const element::Info& e, bool tf32, bool tiles) {
  gt::Target& target = gt::target();
  std::mt19937_64 rng(gt::base_seed() + 91);
  const runtime::QueueTarget qt = runtime::queue_target(target.queue);
  struct Shape {
    std::size_t rows, cols, ld, offset;
  };
  for (const Shape s : {Shape{1, 1, 1, 0}, Shape{37, 150, 40, 3}, Shape{128, 256, 128, 0}, Shape{33, 129, 64, 5},
                        Shape{300, 7, 301, 1}, Shape{65, 300, 67, 0}}) {
    CAPTURE(s.rows);
    CAPTURE(s.cols);
    std::vector<T> src(s.offset + s.ld * s.cols);
    std::uniform_int_distribution<int> bits(0, 65535);
    for (std::size_t j = 0; j < s.cols; ++j)
      for (std::size_t i = 0; i < s.ld; ++i) {
        T& x = src[s.offset + j * s.ld + i];
        if (i >= s.rows) x = gt::poison<T>();
        else if constexpr (sizeof(T) == 2) x = T::from_bits(static_cast<std::uint16_t>(bits(rng)));
        else x = T(std::uniform_real_distribution<double>(-1, 1)(rng));
      }
    for (std::size_t i = 0; i < s.offset; ++i) src[i] = gt::poison<T>();
    const cl::Buffer buffer = gt::upload(src);
    core::Matrix in{&buffer, s.offset, s.ld};
    bool trans = false;
    runtime::detail::PackedCopy pk;
    runtime::detail::prepare_copy(pk, target.queue, qt, in, trans, s.rows, s.cols, true, sizeof(T), "test copy");
    if (tf32) pk.options = "-DGEMMCL_PACK_TF32";
    runtime::detail::enqueue_copy(pk, target.queue, qt, e, Events{}, tiles);
    REQUIRE(trans);
    REQUIRE(in.ld >= s.cols);
    const std::vector<T> out = gt::download<T>(target.queue, *in.buffer, in.ld * s.rows);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < s.rows; ++i)
      for (std::size_t j = 0; j < s.cols; ++j)
        if (!gt::same_bits(out[i * in.ld + j], copied(src[s.offset + j * s.ld + i], tf32))) ++wrong;
    CHECK(wrong == 0);
  }
}

template <class T>
void check_both(const element::Info& e, bool tf32 = false) {
  SUBCASE("through local memory") { check_transpose<T>(e, tf32, true); }
  SUBCASE("as the device's rule chooses") { check_transpose<T>(e, tf32, false); }
}

}  // namespace

TEST_CASE("transposing copies: floats") { check_both<float>(element::info_of<float>); }
TEST_CASE("transposing copies: floats rounded to TF32") { check_both<float>(element::info_of<float>, true); }
TEST_CASE("transposing copies: doubles") {
  if (!core::device_info(gt::target().device()).fp64) return;
  check_both<double>(element::info_of<double>);
}
TEST_CASE("transposing copies: 16-bit words") { check_both<half>(runtime::tensor::words16); }
