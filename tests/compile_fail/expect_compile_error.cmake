# Tries to compile one compile-fail target and reports what happened:
#
#   cmake -DBUILD_DIR=<build tree> -DTARGET=<target> -DEXPECT=<text> [-DCONFIG=<config>] -P expect_compile_error.cmake
#
# It exits with an error only when the build fails AND a static_assert diagnostic line ("static assertion
# failed: ..." from GCC, "static_assert failed ..." from Clang) contains EXPECT, the rule's own message.
# Every other outcome (it compiled; it failed for another reason) exits normally. The compile-fail tests
# are registered with WILL_FAIL, so they pass only in the first case; that this script cannot confirm
# the wrong thing is itself tested on two sources (harness_valid.cpp, harness_other_error.cpp).

foreach(var BUILD_DIR TARGET EXPECT)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    # Reported, but as a normal exit: a broken invocation must never count as an expected failure.
    message("gemmcl-compile-test: ${var} is not set; nothing was checked")
    return()
  endif()
endforeach()

set(config_args)
if(DEFINED CONFIG AND NOT "${CONFIG}" STREQUAL "")
  set(config_args --config "${CONFIG}")
endif()
execute_process(
  COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${TARGET}" ${config_args}
  RESULT_VARIABLE result
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)

if(result EQUAL 0)
  message("gemmcl-compile-test: ${TARGET} compiled, but it must not")
  return()
endif()

# The first line of the output that contains EXPECT.
string(FIND "${output}" "${EXPECT}" at)
if(at EQUAL -1)
  message("gemmcl-compile-test: ${TARGET} failed for another reason: no diagnostic says \"${EXPECT}\"\n"
          "${output}")
  return()
endif()
string(SUBSTRING "${output}" 0 ${at} before)
string(FIND "${before}" "\n" line_start REVERSE)
math(EXPR line_start "${line_start} + 1")
string(SUBSTRING "${output}" ${line_start} -1 rest)
string(FIND "${rest}" "\n" line_end)
string(SUBSTRING "${rest}" 0 ${line_end} line)
if(NOT line MATCHES "static(_| )assert(ion)? failed")
  message("gemmcl-compile-test: ${TARGET} failed for another reason: \"${EXPECT}\" appears, but not in a "
          "failed static_assert:\n${line}\n\n${output}")
  return()
endif()

message(FATAL_ERROR "gemmcl-compile-test: ${TARGET} was rejected as expected:\n${line}")
