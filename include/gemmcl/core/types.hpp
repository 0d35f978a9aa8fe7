#pragma once
// The public vocabulary of a call besides the policies: storage order, transposes and the events a call
// waits for. (Errors are in error.hpp.)

#include <cstddef>
#include <initializer_list>
#include <vector>

#include "opencl.hpp"

namespace gemmcl {

enum class Layout { RowMajor, ColMajor };
enum class Transpose { No, Yes };

// The events a call waits for: nothing, a vector (by reference or pointer, as CLHPP takes it), or a
// braced list.
class Events {
 public:
  Events() = default;
  Events(std::nullptr_t) {}
  Events(const std::vector<cl::Event>* events) : events_(events) {}
  Events(const std::vector<cl::Event>& events) : events_(&events) {}
  Events(std::initializer_list<cl::Event> events) : own_(events), events_(&own_) {}
  Events(const Events&) = delete;
  Events& operator=(const Events&) = delete;

  std::vector<cl_event> handles() const {
    std::vector<cl_event> h;
    if (events_ != nullptr) {
      h.reserve(events_->size());
      for (const cl::Event& e : *events_) h.push_back(e());
    }
    return h;
  }

 private:
  std::vector<cl::Event> own_;
  const std::vector<cl::Event>* events_ = nullptr;
};

}  // namespace gemmcl
