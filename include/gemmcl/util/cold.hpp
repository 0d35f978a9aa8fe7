#pragma once
// Code compiled for a fast build, not a fast run.
//
// gemmcl is header-only, so its run-time code is compiled in every file of a user's program that calls
// it, and what that costs the user's compiler matters as much as what it costs at run time. Most of
// that code runs once per process, device, program or configuration: the kernel text generators
// (codegen writes each text at run time, on first use), device queries, program builds, scratch
// buffers, error messages. The launcher runs per call, but its work is a few dozen branches and
// assignments next to the OpenCL calls it makes: compiled without optimization, the host time of a
// call did not change measurably (about 2 us on PoCL, almost all of it clEnqueueNDRangeKernel), while
// a file with one Gemm call compiled about half a second faster. GEMMCL_COLD_BEGIN / GEMMCL_COLD_END
// enclose such definitions: with GCC they are compiled without optimization whatever the user's flags.
// Constant evaluation (Gemm<...>::source) is unaffected. Other compilers take the user's flags
// throughout. Define GEMMCL_OPTIMIZE_COLD_CODE to compile everything with the user's flags.

#if defined(__GNUC__) && !defined(__clang__) && !defined(GEMMCL_OPTIMIZE_COLD_CODE)
#define GEMMCL_COLD_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"O0\")")
#define GEMMCL_COLD_END _Pragma("GCC pop_options")
#else
#define GEMMCL_COLD_BEGIN
#define GEMMCL_COLD_END
#endif
