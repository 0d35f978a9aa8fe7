#pragma once
// Images<O>: A and/or B read as 2D images. An operand stored rows x cols with leading dimension ld
// becomes an image of rows x cols texels (one element each: CL_R/CL_FLOAT for float, two
// CL_UNSIGNED_INT32 channels for double). Where the device allows, the image is a view of the
// caller's buffer (cl_khr_image2d_from_buffer; through a sub-buffer when the operand starts at an
// offset): no copy. Where the row pitch or the start is not aligned as the device requires, the operand
// is first copied (clEnqueueCopyBufferRect) into a scratch buffer with an aligned pitch, and the image
// is made from that. Either way the image is read-only and the caller's buffer is never written.

#include <cstddef>
#include <string>

#include "../core/device.hpp"
#include "../core/error.hpp"
#include "../core/problem.hpp"
#include "enqueue.hpp"
#include "scratch.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

// One operand as an image, and the copy it may need first.
struct ImageOperand {
  cl::Image2D image;
  bool copy = false;  // the operand goes through `scratch` first
  core::Matrix from{};
  std::size_t rows = 0, cols = 0, pitch = 0;  // as stored; pitch of the copy in bytes
  ScratchPool::Lease scratch;
};

namespace detail {

inline std::size_t round_up(std::size_t x, std::size_t to) { return to == 0 ? x : (x + to - 1) / to * to; }

inline cl_image_format image_format(std::size_t element_bytes) {
  return element_bytes == 8 ? cl_image_format{CL_RG, CL_UNSIGNED_INT32} : cl_image_format{CL_R, CL_FLOAT};
}

inline cl::Image2D image_from(const QueueTarget& target, cl_mem buffer, std::size_t rows, std::size_t cols,
                              std::size_t pitch, std::size_t eb) {
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = rows;
  desc.image_height = cols;
  desc.image_row_pitch = pitch;
  desc.mem_object = buffer;
  const cl_image_format format = image_format(eb);
  cl_int status = CL_SUCCESS;
  cl_mem image = clCreateImage(target.context, CL_MEM_READ_ONLY, &format, &desc, nullptr, &status);
  core::check(status, "clCreateImage(image from buffer)");
  return cl::Image2D(image);
}

}  // namespace detail

// Checks, before anything is enqueued, that the device can read an operand of rows x cols as an image.
inline void check_image(const core::DeviceInfo& d, const char* which, std::size_t rows, std::size_t cols) {
  if (!d.images || !d.has_extension("cl_khr_image2d_from_buffer"))
    throw Error(ErrorCode::ImagesUnsupported, std::string("Images<>: ") + d.name +
                                                  " has no images made from buffers (cl_khr_image2d_from_buffer)");
  if (rows > d.image2d_max[0] || cols > d.image2d_max[1])
    throw Error(ErrorCode::ImagesUnsupported,
                std::string("Images<>: ") + which + " is stored as " + std::to_string(rows) + " x " +
                    std::to_string(cols) + " elements; the images of " + d.name + " are at most " +
                    std::to_string(d.image2d_max[0]) + " x " + std::to_string(d.image2d_max[1]) +
                    ": read it from a buffer (leave it out of Images<>)");
}

// The image of an operand; no command is enqueued (a copy, if needed, by enqueue_image_copy).
inline ImageOperand make_image(cl::CommandQueue& queue, const QueueTarget& target, const core::DeviceInfo& d,
                               const core::Matrix& in, std::size_t rows, std::size_t cols, std::size_t eb,
                               const char* what) {
  ImageOperand op;
  op.from = in;
  op.rows = rows;
  op.cols = cols;
  const std::size_t pitch_align = std::size_t(d.image_pitch_alignment > 0 ? d.image_pitch_alignment : 1) * eb;
  const std::size_t base_align =
      std::max<std::size_t>(std::size_t(d.image_base_alignment > 0 ? d.image_base_alignment : 1) * eb,
                            d.mem_base_align_bits / 8);
  const std::size_t pitch = in.ld * eb, start = in.offset * eb, bytes = pitch * cols;
  const std::size_t size = in.buffer->getInfo<CL_MEM_SIZE>();
  if (pitch % pitch_align == 0 && start % base_align == 0 && start + bytes <= size) {
    if (start == 0) {
      op.image = detail::image_from(target, (*in.buffer)(), rows, cols, pitch, eb);
    } else {
      cl_buffer_region region{start, bytes};
      cl_int status = CL_SUCCESS;
      cl_mem sub = clCreateSubBuffer((*in.buffer)(), CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &region,
                                     &status);
      core::check(status, "clCreateSubBuffer(image of an operand)");
      const cl::Buffer view(sub);
      op.image = detail::image_from(target, view(), rows, cols, pitch, eb);
    }
    return op;
  }
  op.copy = true;
  op.pitch = detail::round_up(rows * eb, pitch_align);
  op.scratch = ScratchPool::instance().acquire(queue, target.context, target.in_order, op.pitch * cols, what);
  op.image = detail::image_from(target, op.scratch.buffer()(), rows, cols, op.pitch, eb);
  return op;
}

// The copy into an image's aligned scratch buffer, after the given events.
inline cl::Event enqueue_image_copy(ImageOperand& op, cl::CommandQueue& queue, std::size_t eb,
                                    const std::vector<cl_event>& after) {
  const std::size_t src_origin[3] = {op.from.offset * eb, 0, 0}, dst_origin[3] = {0, 0, 0};
  const std::size_t region[3] = {op.rows * eb, op.cols, 1};
  cl_event event = nullptr;
  core::check(clEnqueueCopyBufferRect(queue(), (*op.from.buffer)(), op.scratch.buffer()(), src_origin, dst_origin,
                                      region, op.from.ld * eb, 0, op.pitch, 0, static_cast<cl_uint>(after.size()),
                                      after.empty() ? nullptr : after.data(), &event),
              "clEnqueueCopyBufferRect(image copy)");
  const cl::Event done(event);
  op.scratch.used_by(done);
  return done;
}

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
