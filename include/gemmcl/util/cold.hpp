#pragma once
// Cold code is compiled for a fast build, not a fast run.
//
// gemmcl is header-only, so all its run-time code is compiled in every file of a user's program that
// calls it; what matters for the user's build is how long that takes. Most of that code runs once per
// process, device, program or configuration: the kernel text generators (codegen writes each text at
// run time, on first use), device queries, program builds, error messages. Compiled with full
// optimization it cost users' compilers more than a second per file, for no measurable gain at run
// time (writing a kernel text takes well under a millisecond; building it, milliseconds to seconds).
// GEMMCL_COLD_BEGIN / GEMMCL_COLD_END enclose such definitions: with GCC they are compiled without
// optimization whatever the user's flags. Constant evaluation (Gemm<...>::source) is unaffected, and
// the code of every call (argument checks, dispatch, enqueueing) keeps the user's flags. Other
// compilers take the user's flags throughout. Define GEMMCL_OPTIMIZE_COLD_CODE to opt out.

#if defined(__GNUC__) && !defined(__clang__) && !defined(GEMMCL_OPTIMIZE_COLD_CODE)
#define GEMMCL_COLD_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"O0\")")
#define GEMMCL_COLD_END _Pragma("GCC pop_options")
#else
#define GEMMCL_COLD_BEGIN
#define GEMMCL_COLD_END
#endif
