#pragma once
// Batched products in one launch: work-groups (., ., i) compute product i of the batch, whose A, B and
// C lie at their own offsets. Chosen when the program is built, so that other calls compile as if it
// did not exist:
//   GEMMCL_BATCHED  0 one product; 1 strided (a_stride, b_stride, c_stride apart); 2 offsets and
//                   scalars per product, from arrays (batch_offsets: A, B, C of product i at 3i, 3i + 1,
//                   3i + 2; batch_scalars: its alpha and beta at 2i, 2i + 1)
// A batched call never splits K: the batch itself fills the device.

#include <string_view>

#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

template <class Sink>
constexpr void emit_batch_defines(util::text<Sink>& t) {
  t.line("// Batched calls (GEMMCL_BATCHED 1: strided, 2: offsets and scalars from arrays): work-groups");
  t.line("// (., ., i) compute product i, and K is not split.");
  t.line("#ifndef GEMMCL_BATCHED");
  t.line("#define GEMMCL_BATCHED 0");
  t.line("#endif");
}

// alpha and beta in the signature: per product from batch_scalars in array-batched programs.
template <class Sink>
constexpr void emit_scalar_arguments(util::text<Sink>& t, std::string_view indent) {
  t.raw("#if GEMMCL_BATCHED == 2\n");
  t.line({indent, "const real alpha_unused, const real beta_unused,"});
  t.raw("#else\n");
  t.line({indent, "const real alpha, const real beta,"});
  t.raw("#endif\n");
}

template <class Sink>
constexpr void emit_batch_arguments(util::text<Sink>& t, std::string_view indent) {
  t.raw("#if GEMMCL_BATCHED == 1\n");
  t.line({indent, "const ulong a_stride, const ulong b_stride, const ulong c_stride,"});
  t.raw("#elif GEMMCL_BATCHED == 2\n");
  t.line({indent, "const __global ulong* restrict batch_offsets, const __global real* restrict batch_scalars,"});
  t.raw("#endif\n");
}

// The split index (split K) or the product's operands (batched). a and b are pointers unless the
// operand is read from an image (never in a batched call).
template <class Sink>
constexpr void emit_batch_offsets(util::text<Sink>& t, bool image_a, bool image_b) {
  t.raw("#if GEMMCL_BATCHED\n");
  t.line("const int batch = (int)get_group_id(2);");
  t.line("const int split = 0;");
  t.raw("#if GEMMCL_BATCHED == 1\n");
  if (!image_a) t.line("a += (ulong)batch * a_stride;");
  if (!image_b) t.line("b += (ulong)batch * b_stride;");
  t.line("c += (ulong)batch * c_stride;");
  t.raw("#else\n");
  if (!image_a) t.line("a += batch_offsets[3 * batch];");
  if (!image_b) t.line("b += batch_offsets[3 * batch + 1];");
  t.line("c += batch_offsets[3 * batch + 2];");
  t.line("const real alpha = batch_scalars[2 * batch], beta = batch_scalars[2 * batch + 1];");
  t.raw("#endif\n");
  t.raw("#else\n");
  t.line("const int split = (int)get_group_id(2);");
  t.raw("#endif\n");
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
