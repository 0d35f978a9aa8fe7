#pragma once
// A LayoutPolicy's check: a call's layout and transposes against those fixed in the Gemm's type.

#include <string>

#include "../core/error.hpp"
#include "../core/types.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

inline std::string name_of(Layout l) { return l == Layout::ColMajor ? "Layout::ColMajor" : "Layout::RowMajor"; }
inline std::string name_of(Transpose t) { return t == Transpose::No ? "Transpose::No" : "Transpose::Yes"; }

template <class Resolved>
void check_layout(Layout layout, Transpose ta, Transpose tb) {
  if constexpr (Resolved::layout_fixed) {
    using L = typename Resolved::layout;
    const auto reject = [](const std::string& what, const std::string& fixed, const std::string& given, Argument a) {
      throw Error(ErrorCode::LayoutMismatch,
                  what + " is " + given + ", but this Gemm's LayoutPolicy fixes it to " + fixed +
                      " (its kernel is built for that alone)",
                  a);
    };
    if (layout != L::storage) reject("the layout", name_of(L::storage), name_of(layout), Argument::layout);
    if constexpr (L::transposes_fixed) {
      if (ta != L::a_transpose) reject("a_transpose", name_of(L::a_transpose), name_of(ta), Argument::a_transpose);
      if (tb != L::b_transpose) reject("b_transpose", name_of(L::b_transpose), name_of(tb), Argument::b_transpose);
    }
  } else {
    (void)layout, (void)ta, (void)tb;
  }
}

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
