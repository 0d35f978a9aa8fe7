#pragma once
// The reduce program, built only for calls that use it: the second pass of split K, and C := beta * C
// for calls with no product (k = 0 or alpha = 0); either with the fused epilogue where built with one.

#include <string_view>

#include "activation.hpp"
#include "element_header.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

inline constexpr std::string_view reduce_kernel_name = "gemmcl_reduce";

namespace detail {

// Second pass of split K: C := alpha * (sum of the partial products) + beta * C. The splits are added
// in a fixed order, so the result does not depend on how work-groups were scheduled. C's elements are
// `stored`, read with LOAD_C and written with STORE_C: the parts' type, or a 16-bit storage type.
template <class Sink>
constexpr void emit_reduce(util::text<Sink>& t) {
  t.line({"__kernel void ", reduce_kernel_name, "(const int m, const int n, const int splits,"});
  t.line("                            const real alpha, const real beta, const __global real* restrict w,");
  t.line("                            const int ldw, __global stored* c, const ulong c_offset,");
  emit_activation_arguments(t, "                            ");
  t.line("                            const int ldc)");
  t.open();
  t.line("const int i = get_global_id(0);");
  t.line("const int j = get_global_id(1);");
  t.line("if (i >= m || j >= n) return;");
  t.line("const ulong slice = (ulong)ldw * n;");
  t.line("const __global real* p = w + (ulong)j * ldw + i;");
  t.line("real s = 0;");
  t.line("for (int q = 0; q < splits; ++q) s += p[q * slice];");
  t.line("__global stored* pc = c + c_offset + (ulong)j * ldc + i;");
  t.line("real x = beta != (real)0 ? alpha * s + beta * LOAD_C(pc) : alpha * s;");
  t.line("EPILOGUE_S(x, i, j);");
  t.line("STORE_C(x, pc);");
  t.close();
}

}  // namespace detail

// The whole reduce program for an element type. For a storage type (half, bfloat16) the parts are of
// its compute type and C is stored narrow: read widened, written rounded to nearest even, so that a
// split product with a 16-bit C needs no float copy of C.
template <class Sink>
constexpr void write_reduce(Sink& sink, const element::Info& e) {
  util::text<Sink> t(sink);
  const element::Info& parts = e.compute != nullptr ? *e.compute : e;
  t.line({"// gemmcl: second pass of split K, C := alpha * (sum of the parts) + beta * C (", e.name, ")"});
  detail::emit_element(t, parts);
  if (e.compute != nullptr) {
    t.raw(e.convert);
    t.line({"typedef ", e.storage, " stored;"});
    t.line("#define LOAD_C(p) LOAD_NARROW(p)");
    t.line("#define STORE_C(x, p) STORE_NARROW(x, p)");
  } else {
    t.line("typedef real stored;");
    t.line("#define LOAD_C(p) (*(p))");
    t.line("#define STORE_C(x, p) (*(p) = (x))");
  }
  detail::emit_activation(t, parts.name);
  detail::emit_reduce(t);
}

}  // namespace gemmcl::codegen

GEMMCL_COLD_END
