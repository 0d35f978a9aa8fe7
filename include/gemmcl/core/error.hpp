#pragma once
// gemmcl::Error: everything the library throws. Argument errors are thrown before anything is enqueued.

#include <stdexcept>
#include <string>
#include <string_view>

#include "../util/cold.hpp"
#include "opencl.hpp"

namespace gemmcl {

enum class ErrorCode {
  InvalidLeadingDimension,  // ld smaller than the stored rows (column-major) or columns (row-major)
  BufferTooSmall,           // offset + extent past the end of the buffer
  NullBuffer,               // a null buffer for a matrix with elements
  InvalidSize,              // a size, offset or ld the kernels cannot index
  InvalidQueue,             // a null command queue
  DoubleUnsupported,        // Element<double> on a device without fp64
  ElementUnsupported,       // another element type on a device without the extension it needs
  WorkGroupTooLarge,        // the configuration needs more work-items than the device or kernel allows
  LocalMemoryExceeded,      // the configuration needs more local memory than the device has
  VendorMismatch,           // a vendor path on another vendor's device
  ImagesUnsupported,        // Images<O> on a device without images made from buffers, or too small ones
  Aliasing,                 // C overlaps A or B in the same memory, or another product's C in a batch
  LayoutMismatch,           // a call's layout or transposes differ from the Gemm's LayoutPolicy
  InvalidEpilogue,          // epilogue arguments that do not fit the Gemm's Epilogue policy
  PackedMismatch,           // a packed operand of another operand, shape, block layout or context
  BuildFailed,              // the OpenCL compiler rejected the program; the message holds the log
  TuningFailed,             // the tuner found no configuration that runs, or cannot write its file
  OpenCL,                   // an OpenCL call failed; cl_status() holds its code
};

constexpr std::string_view to_string(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::InvalidLeadingDimension: return "InvalidLeadingDimension";
    case ErrorCode::BufferTooSmall: return "BufferTooSmall";
    case ErrorCode::NullBuffer: return "NullBuffer";
    case ErrorCode::InvalidSize: return "InvalidSize";
    case ErrorCode::InvalidQueue: return "InvalidQueue";
    case ErrorCode::DoubleUnsupported: return "DoubleUnsupported";
    case ErrorCode::ElementUnsupported: return "ElementUnsupported";
    case ErrorCode::WorkGroupTooLarge: return "WorkGroupTooLarge";
    case ErrorCode::LocalMemoryExceeded: return "LocalMemoryExceeded";
    case ErrorCode::VendorMismatch: return "VendorMismatch";
    case ErrorCode::ImagesUnsupported: return "ImagesUnsupported";
    case ErrorCode::Aliasing: return "Aliasing";
    case ErrorCode::LayoutMismatch: return "LayoutMismatch";
    case ErrorCode::InvalidEpilogue: return "InvalidEpilogue";
    case ErrorCode::PackedMismatch: return "PackedMismatch";
    case ErrorCode::BuildFailed: return "BuildFailed";
    case ErrorCode::TuningFailed: return "TuningFailed";
    case ErrorCode::OpenCL: return "OpenCL";
  }
  return "unknown";
}

GEMMCL_COLD_BEGIN
// The name of an OpenCL status code, e.g. "CL_OUT_OF_RESOURCES".
constexpr std::string_view cl_error_name(cl_int status) noexcept {
  switch (status) {
#define GEMMCL_CL_ERROR(name) \
  case name: return #name;
    GEMMCL_CL_ERROR(CL_SUCCESS)
    GEMMCL_CL_ERROR(CL_DEVICE_NOT_FOUND)
    GEMMCL_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    GEMMCL_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    GEMMCL_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    GEMMCL_CL_ERROR(CL_OUT_OF_RESOURCES)
    GEMMCL_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    GEMMCL_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    GEMMCL_CL_ERROR(CL_MEM_COPY_OVERLAP)
    GEMMCL_CL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    GEMMCL_CL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    GEMMCL_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    GEMMCL_CL_ERROR(CL_MAP_FAILURE)
    GEMMCL_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    GEMMCL_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    GEMMCL_CL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    GEMMCL_CL_ERROR(CL_LINKER_NOT_AVAILABLE)
    GEMMCL_CL_ERROR(CL_LINK_PROGRAM_FAILURE)
    GEMMCL_CL_ERROR(CL_DEVICE_PARTITION_FAILED)
    GEMMCL_CL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    GEMMCL_CL_ERROR(CL_INVALID_VALUE)
    GEMMCL_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    GEMMCL_CL_ERROR(CL_INVALID_PLATFORM)
    GEMMCL_CL_ERROR(CL_INVALID_DEVICE)
    GEMMCL_CL_ERROR(CL_INVALID_CONTEXT)
    GEMMCL_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    GEMMCL_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    GEMMCL_CL_ERROR(CL_INVALID_HOST_PTR)
    GEMMCL_CL_ERROR(CL_INVALID_MEM_OBJECT)
    GEMMCL_CL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    GEMMCL_CL_ERROR(CL_INVALID_IMAGE_SIZE)
    GEMMCL_CL_ERROR(CL_INVALID_SAMPLER)
    GEMMCL_CL_ERROR(CL_INVALID_BINARY)
    GEMMCL_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    GEMMCL_CL_ERROR(CL_INVALID_PROGRAM)
    GEMMCL_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    GEMMCL_CL_ERROR(CL_INVALID_KERNEL_NAME)
    GEMMCL_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    GEMMCL_CL_ERROR(CL_INVALID_KERNEL)
    GEMMCL_CL_ERROR(CL_INVALID_ARG_INDEX)
    GEMMCL_CL_ERROR(CL_INVALID_ARG_VALUE)
    GEMMCL_CL_ERROR(CL_INVALID_ARG_SIZE)
    GEMMCL_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    GEMMCL_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    GEMMCL_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    GEMMCL_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    GEMMCL_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    GEMMCL_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    GEMMCL_CL_ERROR(CL_INVALID_EVENT)
    GEMMCL_CL_ERROR(CL_INVALID_OPERATION)
    GEMMCL_CL_ERROR(CL_INVALID_GL_OBJECT)
    GEMMCL_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    GEMMCL_CL_ERROR(CL_INVALID_MIP_LEVEL)
    GEMMCL_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    GEMMCL_CL_ERROR(CL_INVALID_PROPERTY)
    GEMMCL_CL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    GEMMCL_CL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    GEMMCL_CL_ERROR(CL_INVALID_LINKER_OPTIONS)
    GEMMCL_CL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef GEMMCL_CL_ERROR
    default: return "unknown OpenCL error";
  }
}
GEMMCL_COLD_END

// The arguments of a Gemm call, numbered by their position in it (1 = the queue), as BLAS numbers the
// parameter an error exit names. none: the error is about no single argument. The arguments that only
// the epilogue and batched calls have follow from 100 on: they name the argument, not a position (in
// those calls a_offset, alpha and beta also stand for the arrays a_offsets, alphas and betas).
enum class Argument {
  none = 0, queue, layout, a_transpose, b_transpose, m, n, k, alpha,
  a, a_offset, a_ld, b, b_offset, b_ld, beta, c, c_offset, c_ld, wait,
  epilogue = 100, a_stride, b_stride, c_stride, batch_count
};

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message, cl_int status = CL_SUCCESS)
      : std::runtime_error("gemmcl: " + message), code_(code), status_(status) {}
  Error(ErrorCode code, const std::string& message, Argument argument)
      : std::runtime_error("gemmcl: " + message), code_(code), status_(CL_SUCCESS), argument_(argument) {}

  ErrorCode code() const noexcept { return code_; }
  // The OpenCL status behind an ErrorCode::OpenCL or BuildFailed error; CL_SUCCESS otherwise.
  cl_int cl_status() const noexcept { return status_; }
  // The argument that is wrong, for errors about the call's arguments; static_cast<int> gives its
  // position in the call.
  Argument argument() const noexcept { return argument_; }

 private:
  ErrorCode code_;
  cl_int status_;
  Argument argument_ = Argument::none;
};

namespace core {

// Throws ErrorCode::OpenCL naming the call and the status, e.g.
// "clEnqueueNDRangeKernel failed: CL_OUT_OF_RESOURCES (-5)".
inline void check(cl_int status, std::string_view call) {
  if (status == CL_SUCCESS) return;
  throw Error(ErrorCode::OpenCL,
              std::string(call) + " failed: " + std::string(cl_error_name(status)) + " (" +
                  std::to_string(status) + ")",
              status);
}

}  // namespace core
}  // namespace gemmcl
