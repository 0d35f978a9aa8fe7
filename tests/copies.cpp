// The runtime's transposing copies (runtime/launch.hpp): the packing kernel's transpose, which CPUs run,
// and the transposing kernel through local memory (codegen/transpose.hpp), which GPUs run and which is
// forced here on any device. Each copies a block with an offset and a padded leading dimension, cut by
// its work-groups' edges in both directions, into a scratch copy, for every element width the runtime
// copies (floats, with and without TF32's rounding; doubles; 16-bit words), and two such copies in one
// launch: every element of a copy is compared, bit for bit, with the source's.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
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

struct Shape {
  std::size_t rows, cols, ld, offset;
};

// A source of s.rows x s.cols at s.offset with leading dimension s.ld, NaN around it; and its transposed
// copy's preparation.
template <class T>
struct Source {
  std::vector<T> host;
  cl::Buffer buffer;
  core::Matrix in;
  runtime::detail::PackedCopy copy;

  Source(const Shape& s, std::mt19937_64& rng, bool tf32) : host(s.offset + s.ld * s.cols, gt::poison<T>()) {
    std::uniform_int_distribution<int> bits(0, 65535);
    for (std::size_t j = 0; j < s.cols; ++j)
      for (std::size_t i = 0; i < s.rows; ++i) {
        T& x = host[s.offset + j * s.ld + i];
        if constexpr (sizeof(T) == 2) x = T::from_bits(static_cast<std::uint16_t>(bits(rng)));
        else x = T(std::uniform_real_distribution<double>(-1, 1)(rng));
      }
    buffer = gt::upload(host);
    in = core::Matrix{&buffer, s.offset, s.ld};
    bool trans = false;
    gt::Target& target = gt::target();
    runtime::detail::prepare_copy(copy, target.queue, runtime::queue_target(target.queue), in, trans, s.rows, s.cols,
                                  true, sizeof(T), "test copy");
    REQUIRE(trans);
    REQUIRE(in.ld >= s.cols);
    if (tf32) copy.options = "-DGEMMCL_PACK_TF32";
  }
  // How many elements of the copy differ from the source's.
  std::size_t wrong(const Shape& s, bool tf32) const {
    const std::vector<T> out = gt::download<T>(gt::target().queue, *in.buffer, in.ld * s.rows);
    std::size_t count = 0;
    for (std::size_t i = 0; i < s.rows; ++i)
      for (std::size_t j = 0; j < s.cols; ++j)
        if (!gt::same_bits(out[i * in.ld + j], copied(host[s.offset + j * s.ld + i], tf32))) ++count;
    return count;
  }
};

const Shape shapes[] = {{1, 1, 1, 0}, {37, 150, 40, 3}, {128, 256, 128, 0}, {33, 129, 64, 5}, {300, 7, 301, 1},
                        {65, 300, 67, 0}};

template <class T>
void check_transpose(const element::Info& e, bool tf32, bool tiles) {
  std::mt19937_64 rng(gt::base_seed() + 91);
  gt::Target& target = gt::target();
  const runtime::QueueTarget qt = runtime::queue_target(target.queue);
  for (const Shape& s : shapes) {
    CAPTURE(s.rows);
    CAPTURE(s.cols);
    Source<T> x(s, rng, tf32);
    if (tiles)
      runtime::detail::enqueue_transposes(x.copy, nullptr, target.queue, qt, e, Events{});
    else
      runtime::detail::enqueue_copy(x.copy, target.queue, qt, e, Events{});
    CHECK(x.wrong(s, tf32) == 0);
  }
  // Two copies in one launch, each shape with the next (the larger on either side).
  if (!tiles) return;
  for (std::size_t c = 0; c + 1 < std::size(shapes); ++c) {
    CAPTURE(c);
    Source<T> x(shapes[c], rng, tf32), y(shapes[c + 1], rng, tf32);
    runtime::detail::enqueue_transposes(x.copy, &y.copy, target.queue, qt, e, Events{});
    CHECK(x.wrong(shapes[c], tf32) == 0);
    CHECK(y.wrong(shapes[c + 1], tf32) == 0);
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
