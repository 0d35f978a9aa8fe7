#pragma once
// Scratch buffers (split-K workspaces, packed operands) are kept and reused across calls. Fresh
// buffers per call cost about 0.06 ms on an H200 at 1025^3 with both operands packed (NVIDIA's driver
// allocates device memory when a kernel first uses a buffer): a third of that product's time.
//
// A buffer is lent to one call at a time. The next call may take it once the commands of the last one
// that used it have completed, or at once if it enqueues on the same in-order queue, which runs its
// commands after those. A call that made no event (Gemm::enqueue, on an in-order queue) leaves its
// buffers to its queue alone. Like programs, buffers stay until clear().
//
// Zeroed buffers (split-K tickets) are a separate kind: filled with zeros when created, and returned
// to zero by the commands that use them, so a call can count on finding them zero.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "../core/error.hpp"
#include "../core/opencl.hpp"

#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::runtime {

using core::check;

class ScratchPool {
  struct Slot {
    cl_context context = nullptr;
    cl::Buffer buffer;
    std::size_t bytes = 0;
    bool zeroed = false;
    bool in_use = false;
    cl::CommandQueue queue;  // of the last call that used it, retained so its handle is not reused
    bool queue_in_order = false;
    cl::Event last;          // that call's last command using it; null if it enqueued none
    bool queue_only = false;  // that call made no event: only its in-order queue may take the buffer
  };

 public:
  // Never destroyed, for the reason ProgramCache gives.
  static ScratchPool& instance() {
    static ScratchPool* const pool = new ScratchPool;
    return *pool;
  }

  // One call's use of a buffer. used_by() records each command enqueued on it; the buffer returns to
  // the pool when the lease ends, even if the call throws half-way.
  class Lease {
   public:
    Lease() = default;
    // The queue is the calling one, alive for the whole call: the lease keeps its handle unretained.
    Lease(ScratchPool* pool, std::shared_ptr<Slot> slot, cl_command_queue queue, bool in_order)
        : pool_(pool), slot_(std::move(slot)), queue_(queue), in_order_(in_order) {}
    Lease(Lease&& other) noexcept { *this = std::move(other); }
    Lease& operator=(Lease&& other) noexcept {
      if (this != &other) {
        end();
        pool_ = other.pool_;
        slot_ = std::move(other.slot_);
        queue_ = other.queue_;
        in_order_ = other.in_order_;
        last_ = std::move(other.last_);
        queue_only_ = other.queue_only_;
        other.pool_ = nullptr;
      }
      return *this;
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { end(); }

    const cl::Buffer& buffer() const { return slot_->buffer; }
    void used_by(const cl::Event& e) {
      last_ = e;
      queue_only_ = false;
    }
    // The call's last command: until `end` completes, or where the call made no event (null; an
    // in-order queue), for as long as the queue runs the call's commands.
    void used_until(const cl::Event* end) {
      if (end != nullptr) last_ = *end;
      queue_only_ = end == nullptr && in_order_;
    }

   private:
    void end() noexcept {
      if (pool_ != nullptr && slot_) pool_->give_back(*slot_, queue_, in_order_, std::move(last_), queue_only_);
      pool_ = nullptr;
      slot_.reset();
    }
    ScratchPool* pool_ = nullptr;
    std::shared_ptr<Slot> slot_;
    cl_command_queue queue_ = nullptr;
    bool in_order_ = false;
    cl::Event last_;
    bool queue_only_ = false;
  };

  // Split K summed in the kernel: one zeroed counter per tile of C, which the last work-group of each
  // tile puts back to zero. *zero_fill as below.
  Lease tickets(const cl::CommandQueue& queue, cl_context context, bool in_order, std::size_t tiles,
                cl::Event* zero_fill) {
    return acquire(queue, context, in_order, tiles * sizeof(cl_uint), "split-K tickets", zero_fill);
  }

  // A buffer of at least `bytes` in the queue's context; `what` names it in errors. With `zero_fill`,
  // a zeroed buffer: a new one is filled on `queue` first, and *zero_fill receives that command's event
  // (null when the buffer was already zero), which the caller's first use must wait for.
  Lease acquire(const cl::CommandQueue& queue, cl_context context, bool in_order, std::size_t bytes,
                std::string_view what, cl::Event* zero_fill = nullptr) {
    const bool zeroed = zero_fill != nullptr;
    if (zeroed) *zero_fill = cl::Event();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      std::shared_ptr<Slot> best;
      for (const auto& s : slots_) {
        if (s->in_use || s->zeroed != zeroed || s->context != context || s->bytes < bytes) continue;
        // Asking the driver whether a slot's last command has ended costs microseconds on NVIDIA's, so
        // only a slot that would beat the best so far is asked.
        if (best && s->bytes >= best->bytes) continue;
        if (free_for(*s, queue, in_order)) best = s;
      }
      if (best) {
        best->in_use = true;
        return Lease(this, best, queue(), in_order);
      }
    }
    auto slot = std::make_shared<Slot>();
    slot->context = context;
    slot->bytes = bytes;
    cl_int status = CL_SUCCESS;
    cl_mem raw = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &status);
    check(status, "clCreateBuffer(" + std::to_string(bytes) + " bytes of " + std::string(what) + ")");
    slot->buffer = cl::Buffer(raw);
    slot->zeroed = zeroed;
    slot->in_use = true;
    if (zeroed) {
      const cl_uchar zero = 0;
      cl_event fill = nullptr;
      check(clEnqueueFillBuffer(queue(), raw, &zero, 1, 0, bytes, 0, nullptr, &fill),
            "clEnqueueFillBuffer(" + std::string(what) + ")");
      *zero_fill = cl::Event(fill);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    slots_.push_back(slot);
    evict();
    return Lease(this, slot, queue(), in_order);
  }

  // Drops every buffer not lent out at the moment.
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::shared_ptr<Slot>> kept;
    for (auto& s : slots_)
      if (s->in_use) kept.push_back(s);
    slots_.swap(kept);
  }

  std::size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return slots_.size();
  }

 private:
  // A slot seen complete forgets its last command and queue, so that it is not asked again and the
  // queue (which its caller may have released) is not kept alive.
  static bool free_for(Slot& s, const cl::CommandQueue& queue, bool in_order) {
    if (s.queue_only) return in_order && s.queue() == queue();
    if (s.last() == nullptr) return true;
    if (in_order && s.queue_in_order && s.queue() == queue()) return true;
    cl_int status = CL_COMPLETE;
    if (clGetEventInfo(s.last(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr) !=
        CL_SUCCESS)
      return false;
    if (status != CL_COMPLETE) return false;  // a negative status (an error) leaves the buffer aside
    s.last = cl::Event();
    s.queue = cl::CommandQueue();
    return true;
  }

  // Retains the queue only when it differs from the slot's: NVIDIA's driver takes about a microsecond
  // for each release of a command queue, which a call on the same queue as the last need not pay.
  void give_back(Slot& s, cl_command_queue queue, bool in_order, cl::Event&& last, bool queue_only) noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    if (last() != nullptr || queue_only) {
      s.last = std::move(last);
      if (s.queue() != queue) s.queue = cl::CommandQueue(queue, true);
      s.queue_in_order = in_order;
      s.queue_only = queue_only;
    }
    s.in_use = false;
  }

  // Keeps at most 16 buffers: the oldest idle ones go first (OpenCL frees each once its commands end).
  void evict() {
    while (slots_.size() > 16) {
      bool removed = false;
      for (auto it = slots_.begin(); it != slots_.end(); ++it) {
        if (!(*it)->in_use) {
          slots_.erase(it);
          removed = true;
          break;
        }
      }
      if (!removed) return;
    }
  }

  mutable std::mutex mutex_;
  std::vector<std::shared_ptr<Slot>> slots_;
};

}  // namespace gemmcl::runtime
GEMMCL_COLD_END
