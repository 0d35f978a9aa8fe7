#pragma once
// The fused epilogue in the tensor-core programs: the same build options and macros as the SIMT
// kernels' (codegen/activation.hpp), with `real` the accumulators' type (float, or double for DMMA),
// and TC_EPILOGUE(row, col) store_c's epilogue arguments for an element of C (zeros without one);
// with float accumulators, TC_EPILOGUE_PAIR(row, col) those of (row, col) and (row, col + 1) together
// (the bias as a float2).

#include <string_view>

#include "../activation.hpp"
#include "../../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::tensor {

template <class Sink>
constexpr void emit_epilogue_prelude(util::text<Sink>& t, std::string_view accumulator) {
  t.line({"typedef ", accumulator, " real;  // the epilogue's bias and bounds"});
  detail::emit_activation(t, accumulator);
  t.line("// store_c's epilogue arguments for element (row, col): its bias and Clamp's bounds.");
  t.raw("#if GEMMCL_EPILOGUE\n");
  t.line("#define TC_EPILOGUE(row, col) BIAS_S(row, col), act_lo, act_hi");
  if (accumulator == "float")
    t.line("#define TC_EPILOGUE_PAIR(row, col) (float2)(BIAS_S(row, col), BIAS_S(row, col + 1)), act_lo, act_hi");
  t.raw("#else\n");
  t.line("#define TC_EPILOGUE(row, col) 0.0f, 0.0f, 0.0f");
  if (accumulator == "float") t.line("#define TC_EPILOGUE_PAIR(row, col) (float2)(0.0f), 0.0f, 0.0f");
  t.raw("#endif\n");
}

}  // namespace gemmcl::codegen::tensor

GEMMCL_COLD_END
