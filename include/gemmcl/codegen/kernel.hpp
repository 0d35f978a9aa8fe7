#pragma once
// The GEMM kernel, assembled from its stages as OpenCL C text for one configuration and target:
//
//   header comment   header.hpp       what it computes and its configuration
//   #defines         defines.hpp      build-time switches, element and vector types, the numbers
//   target helpers   target/<name>    LOAD_GLOBAL, VLOAD_GLOBAL, GLOBAL_FENCE, COPY_* (Pipeline)
//   attributes       prologue.hpp     work-group shape, and the target's own attributes (optional)
//   prologue         prologue.hpp     signature, indexing, offsets, local tiles, acc = 0
//   main loop        mainloop/        the walk over K, one file per loop, chosen by the configuration
//   epilogue         epilogue.hpp     SliceK's sums, then C := alpha * acc + beta * C
//   split K          split_reduce.hpp the last work-group of a tile adds the parts (programs built for it)
//
// The kernel computes C := alpha * op(A) * op(B) + beta * C on column-major matrices; the host maps
// row-major calls onto it by swapping A and B. op() is chosen when the program is built
// (GEMMCL_TRANS_A, GEMMCL_TRANS_B), so one text serves all eight layout/transpose combinations.
//
// Edges: a work-group whose tile lies inside C and whose K step lies inside K takes unguarded vector
// loads; otherwise every element is bounds-checked and padded with zeros. Vectors wholly past an edge
// read inside the matrix instead, where that keeps an edge tile's loads unchecked: A's with Pipeline<S>
// (codegen/copies.hpp), both operands' with SliceK<S> (codegen/fetch.hpp). Nothing outside the
// matrices is read or written.

#include "defines.hpp"
#include "epilogue.hpp"
#include "header.hpp"
#include "mainloop/all.hpp"
#include "prologue.hpp"
#include "split_reduce.hpp"
#include "../target/target.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

template <class Tag, class Sink>
constexpr void write_kernel(Sink& sink, const policy::Config& c) {
  using path = target::Target<Tag>;
  util::text<Sink> t(sink);
  detail::emit_header(t, c, path::name);
  detail::emit_defines(t, c);
  path::helpers(t, c);
  t.line("#ifndef GROUP_M");
  t.line("// The tile of C this work-group computes: tile (GROUP_M(), GROUP_N()). A target may reorder them.");
  t.line("#define GROUP_M() ((int)get_group_id(0))");
  t.line("#define GROUP_N() ((int)get_group_id(1))");
  t.line("#endif");
  t.line("#ifndef GLOBAL_FENCE");
  t.line("// Orders this work-item's global stores before its later accesses, for every compute unit.");
  t.line("#define GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)");
  t.line("#endif");
  if (c.stages > 0) {
    t.line();
    if constexpr (requires { path::copies(t, c); })
      path::copies(t, c);
    else
      target::write_synchronous_copies(t);
  }
  t.line();
  detail::emit_kernel_attributes(t, c);
  if constexpr (requires { path::attributes(t, c); }) path::attributes(t, c);
  detail::emit_prologue(t, c);
  mainloop::emit<Tag>(t, c);
  t.line();
  if (c.slices > 1) {
    detail::emit_slice_sums(t, c);
    t.line();
  }
  detail::emit_store(t, c);
  t.line();
  detail::emit_split_reduce(t);
  t.close();
}

}  // namespace gemmcl::codegen

GEMMCL_COLD_END
