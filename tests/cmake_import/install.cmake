# cmake -DBUILD_DIR=... -DPREFIX=... -P install.cmake
# Installs the main build into a fresh prefix and checks that the package files are where consumers
# look for them.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${result}")
endif()
foreach(file include/gemmcl/gemm.hpp
             share/cmake/gemmcl/gemmclConfig.cmake
             share/cmake/gemmcl/gemmclConfigVersion.cmake
             share/cmake/gemmcl/gemmclTargets.cmake)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "the install has no ${file}")
  endif()
endforeach()
