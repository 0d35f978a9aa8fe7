#pragma once
// The first lines of the auxiliary programs (reduce, pack): the element type as `real`.

#include "../element/element.hpp"
#include "../util/text.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

// The element type of an auxiliary program: `real`, with its extension enabled.
template <class Sink>
constexpr void emit_element(util::text<Sink>& t, const element::Info& e) {
  if (!e.extension.empty()) t.line({"#pragma OPENCL EXTENSION ", e.extension, " : enable"});
  t.line({"typedef ", e.name, " real;"});
  t.line();
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
