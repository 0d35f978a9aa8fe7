# cmake -DCXX=... -DFLAGS=... -DSOURCE_DIR=... -DBINARY_DIR=... -DPROGRAM=<file> [-DMARKER=<name>] -P plain.cmake
# Builds a program with nothing but the compiler, -I include -lOpenCL, from the repository root, and
# runs it. With MARKER, PROGRAM is a markdown file and the program is the code between
# <!-- MARKER --> and <!-- /MARKER --> in it (the README's example, so that it keeps compiling).
file(MAKE_DIRECTORY "${BINARY_DIR}")
if(DEFINED MARKER)
  file(READ "${SOURCE_DIR}/${PROGRAM}" text)
  string(REGEX MATCH "<!-- ${MARKER} -->\n```cpp\n(.*)\n```\n<!-- /${MARKER} -->" found "${text}")
  if(NOT found)
    message(FATAL_ERROR "no ```cpp block between <!-- ${MARKER} --> markers in ${PROGRAM}")
  endif()
  set(source "${BINARY_DIR}/program.cpp")
  file(WRITE "${source}" "${CMAKE_MATCH_1}\n")
else()
  set(source "${PROGRAM}")
endif()

separate_arguments(flags UNIX_COMMAND "${FLAGS}")
set(command "${CXX}" -std=c++20 ${flags} -I include "${source}" -o "${BINARY_DIR}/program" -lOpenCL)
list(JOIN command " " shown)
message(STATUS "${shown}")
execute_process(COMMAND ${command} WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "compiling with -I include -lOpenCL failed")
endif()
execute_process(COMMAND "${BINARY_DIR}/program" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the program failed: ${result}")
endif()
