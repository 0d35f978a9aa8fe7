#pragma once
// LayoutPolicy: the storage order of A, B and C (and, if wanted, the transposes) fixed in the Gemm's
// type. Such a Gemm builds and runs only the kernel of that layout; a call whose run-time layout or
// transposes differ throws ErrorCode::LayoutMismatch. Without a LayoutPolicy every call chooses at run
// time, as BLAS does.
//
//   Gemm<layout::RowMajor>                                              row-major, any transposes
//   Gemm<layout::ColMajor::With<Transpose::No, Transpose::Yes>>         column-major, C = A * B^T only

#include "../core/types.hpp"
#include "tags.hpp"

namespace gemmcl::layout {

template <Layout L, bool FixedTransposes, Transpose A = Transpose::No, Transpose B = Transpose::No>
struct Standard {
  using policy_kind = kind::layout;
  static constexpr Layout storage = L;
  static constexpr bool transposes_fixed = FixedTransposes;
  static constexpr Transpose a_transpose = A;
  static constexpr Transpose b_transpose = B;
  // The same storage order with both transposes fixed too.
  template <Transpose TA, Transpose TB>
  using With = Standard<L, true, TA, TB>;
};

using ColMajor = Standard<Layout::ColMajor, false>;
using RowMajor = Standard<Layout::RowMajor, false>;

}  // namespace gemmcl::layout
