#pragma once
// The one include of OpenCL-CLHPP. CLHPP announces its default target version with a #pragma message
// when none is set, which clang reports as a warning; set the same default quietly. A user who includes
// <CL/opencl.hpp> first, or defines the macro, keeps their own choice.

#ifndef CL_HPP_TARGET_OPENCL_VERSION
#define CL_HPP_TARGET_OPENCL_VERSION 300
#endif

#include <CL/opencl.hpp>
