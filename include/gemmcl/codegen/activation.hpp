#pragma once
// The fused epilogue's text (Epilogue<A, B>): C := act(alpha * op(A) * op(B) + beta * C + bias). Like
// the transposes, it is chosen when a program is built, so one kernel text serves every epilogue and
// programs without one compile as if it did not exist:
//   GEMMCL_ACTIVATION  0 none, 1 ReLU, 2 GELU (tanh form), 3 clamp(act_lo, act_hi)
//   GEMMCL_BIAS        0 none, 1 one value per row of the column-major C, 2 one per column
// GEMMCL_EPILOGUE (set when either is) adds the arguments bias, bias_offset, act_lo and act_hi. The
// writers of C apply EPILOGUE_S(x, row, col) to an element, or EPILOGUE_V(x, row, col) to a vector
// (rows row to row + VW - 1 of one column), just before storing it; with split K only the pass that
// writes C does.

#include <string_view>

#include "common.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen::detail {

// The macros, for a program of element type `element` (float literals take an f suffix).
template <class Sink>
constexpr void emit_activation(util::text<Sink>& t, std::string_view element) {
  const std::string_view f = element == "double" ? "" : "f";
  t.line("#ifndef GEMMCL_ACTIVATION");
  t.line("#define GEMMCL_ACTIVATION 0");
  t.line("#endif");
  t.line("#ifndef GEMMCL_BIAS");
  t.line("#define GEMMCL_BIAS 0");
  t.line("#endif");
  t.line("#define GEMMCL_EPILOGUE (GEMMCL_ACTIVATION != 0 || GEMMCL_BIAS != 0)");
  t.raw("#if GEMMCL_EPILOGUE\n");
  t.line("// The bias of element (row, col) of C (S), or of rows row to row + VW - 1 of column col (V).");
  t.raw("#if GEMMCL_BIAS == 1\n");
  t.line("#define BIAS_S(row, col) bias[bias_offset + (row)]");
  t.line("#define BIAS_V(row, col) VLOAD(bias + bias_offset + (row))");
  t.raw("#elif GEMMCL_BIAS == 2\n");
  t.line("#define BIAS_S(row, col) bias[bias_offset + (col)]");
  t.line("#define BIAS_V(row, col) ((realv)(bias[bias_offset + (col)]))");
  t.raw("#else\n");
  t.line("#define BIAS_S(row, col) ((real)(0))");
  t.line("#define BIAS_V(row, col) ((realv)(0))");
  t.raw("#endif\n");
  t.line("// Activations keep NaN: a comparison with NaN is false, so x passes through.");
  t.raw("#if GEMMCL_ACTIVATION == 1\n");
  t.line("#define ACTIVATE(x, T) ((x) < (T)(0) ? (T)(0) : (x))");
  t.raw("#elif GEMMCL_ACTIVATION == 2\n");
  t.line({"#define ACTIVATE(x, T) ((T)(0.5", f, ") * (x) * ((T)(1) + tanh((T)(0.7978845608028654", f,
          ") * ((x) + (T)(0.044715", f, ") * (x) * (x) * (x)))))"});
  t.raw("#elif GEMMCL_ACTIVATION == 3\n");
  t.line("#define ACTIVATE(x, T) ((x) < (T)(act_lo) ? (T)(act_lo) : (x) > (T)(act_hi) ? (T)(act_hi) : (x))");
  t.raw("#else\n");
  t.line("#define ACTIVATE(x, T) (x)");
  t.raw("#endif\n");
  t.line("#define EPILOGUE_S(x, row, col) do { x += BIAS_S(row, col); x = ACTIVATE(x, real); } while (0)");
  t.line("#define EPILOGUE_V(x, row, col) do { x += BIAS_V(row, col); x = ACTIVATE(x, realv); } while (0)");
  t.raw("#else\n");
  t.line("#define EPILOGUE_S(x, row, col) do { } while (0)");
  t.line("#define EPILOGUE_V(x, row, col) do { } while (0)");
  t.raw("#endif\n");
}

// The epilogue's arguments in a kernel signature (only in programs built with one).
template <class Sink>
constexpr void emit_activation_arguments(util::text<Sink>& t, std::string_view indent) {
  t.raw("#if GEMMCL_EPILOGUE\n");
  t.line({indent, "const __global real* restrict bias, const ulong bias_offset, const real act_lo,"});
  t.line({indent, "const real act_hi,"});
  t.raw("#endif\n");
}

}  // namespace gemmcl::codegen::detail

GEMMCL_COLD_END
