# Runs one netlib Level 3 BLAS tester and judges its report. cmake -P with
#   EXE      the tester (netlib_sblat3 or netlib_dblat3)
#   INPUT    its input file, given on standard input
#   SUMMARY  the summary file the input names (relative to WORKDIR)
#   ROUTINE  SGEMM or DGEMM
#   WORKDIR  where the tester runs, in the build tree
# Passes only when the tester exits normally, its summary says "<ROUTINE> PASSED THE TESTS OF ERROR-EXITS"
# and "<ROUTINE> PASSED THE COMPUTATIONAL TESTS (<n> CALLS)", it reached "END OF TESTS", no line reports
# a failure ("FAIL", "SUSPECT", "FATAL", "*****"), and the gemmcl wrapper counted n calls plus the error
# exits: the calls were served by the wrapper, not by the system BLAS.
foreach(v EXE INPUT SUMMARY ROUTINE WORKDIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_blat3.cmake: ${v} is not set")
  endif()
endforeach()

file(REMOVE "${WORKDIR}/${SUMMARY}")
execute_process(COMMAND "${EXE}" INPUT_FILE "${INPUT}" WORKING_DIRECTORY "${WORKDIR}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(EXISTS "${WORKDIR}/${SUMMARY}")
  file(READ "${WORKDIR}/${SUMMARY}" summary)
else()
  set(summary "")
endif()
message("---- ${WORKDIR}/${SUMMARY}\n${summary}---- standard output\n${out}---- standard error\n${err}----")

set(problems)
if(NOT rc STREQUAL "0")
  list(APPEND problems "the tester exited with ${rc}")
endif()
string(REPLACE ";" "," summary_lines "${summary}")
string(REPLACE "\n" ";" summary_lines "${summary_lines}")
set(passed_errors OFF)
set(passed_computations OFF)
set(ended OFF)
set(calls "")
foreach(line IN LISTS summary_lines)
  if(line MATCHES "^ ${ROUTINE}  PASSED THE TESTS OF ERROR-EXITS")
    set(passed_errors ON)
  elseif(line MATCHES "^ ${ROUTINE}  PASSED THE COMPUTATIONAL TESTS \\( *([0-9]+) CALLS\\)")
    set(passed_computations ON)
    set(calls "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^ END OF TESTS")
    set(ended ON)
  endif()
  if(line MATCHES "FAIL|SUSPECT|FATAL|\\*\\*\\*\\*\\*")
    list(APPEND problems "the tester reports: ${line}")
  endif()
endforeach()
if(NOT passed_errors)
  list(APPEND problems "no line \" ${ROUTINE}  PASSED THE TESTS OF ERROR-EXITS\"")
endif()
if(NOT passed_computations)
  list(APPEND problems "no line \" ${ROUTINE}  PASSED THE COMPUTATIONAL TESTS (n CALLS)\"")
endif()
if(NOT ended)
  list(APPEND problems "no line \" END OF TESTS\"")
endif()

# The wrapper's report at exit, e.g. "gemmcl netlib wrapper: sgemm_ on <device>: called 17524 times, 17520 of them
# through gemmcl; error exits: 28 (4 by the wrapper's TRANSA/TRANSB check, 24 from gemmcl::Error)".
string(TOLOWER "${ROUTINE}_" symbol)
if(err MATCHES "gemmcl netlib wrapper: ${symbol} on [^\n]*: called ([0-9]+) times, ([0-9]+) of them through gemmcl; error exits: ([0-9]+)")
  set(wrapper_calls ${CMAKE_MATCH_1})
  set(exits ${CMAKE_MATCH_3})
  if(calls STREQUAL "" OR NOT exits GREATER 0)
    list(APPEND problems "the wrapper counted ${wrapper_calls} calls with ${exits} error exits")
  else()
    math(EXPR expected "${calls} + ${exits}")
    if(NOT wrapper_calls EQUAL expected)
      list(APPEND problems "the wrapper counted ${wrapper_calls} calls, not the tester's ${calls} plus ${exits} error exits")
    endif()
  endif()
else()
  list(APPEND problems "no count of calls from the gemmcl wrapper: was ${symbol} taken from the system BLAS?")
endif()

if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "netlib ${ROUTINE}:\n  ${text}")
endif()
message("netlib ${ROUTINE}: passed: ${calls} calls checked by the tester, ${exits} error exits, "
        "all ${wrapper_calls} calls served by gemmcl's wrapper")
