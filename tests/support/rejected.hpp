#pragma once
// Rejected calls: a call that must throw a gemmcl::Error with the right code, argument and words,
// before anything is enqueued, leaving C untouched.
//
// "Before anything is enqueued" is observed, not assumed: the call gets a wait list holding a user
// event that is still incomplete, so anything it enqueued would wait on it; afterwards a marker on the
// same in-order queue completes only if nothing did.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <chrono>
#include <functional>
#include <initializer_list>
#include <string>
#include <thread>
#include <vector>

#include "common.hpp"

namespace gt {

// Whether a command that waits on `gate` was enqueued on `queue`: a marker after it cannot complete.
inline bool something_waits_on_gate(cl::CommandQueue& queue) {
  cl::Event marker;
  queue.enqueueMarkerWithWaitList(nullptr, &marker);
  queue.flush();
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (std::chrono::steady_clock::now() < until) {
    if (marker.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() == CL_COMPLETE) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

// Runs a call that must be rejected: `call` gets a wait list to pass on to the library.
template <class T>
void expect_rejected(gemmcl::ErrorCode code, std::initializer_list<std::string> says, const cl::Buffer& c,
                     const std::vector<T>& c_before,
                     const std::function<void(const std::vector<cl::Event>&)>& call,
                     gemmcl::Argument argument = gemmcl::Argument::none) {
  using namespace gemmcl;
  auto& target = gt::target();
  cl::UserEvent gate(target.context);
  const std::vector<cl::Event> wait{gate};
  const std::size_t builds = runtime::ProgramCache::instance().builds();
  bool threw = false;
  try {
    call(wait);
  } catch (const Error& e) {
    threw = true;
    INFO("message: ", e.what());
    CHECK_MESSAGE(e.code() == code, "code() is ", to_string(e.code()), ", expected ", to_string(code));
    // The argument at fault, by its position in the call, where one is.
    CHECK(static_cast<int>(e.argument()) == static_cast<int>(argument));
    for (const std::string& s : says) CHECK_MESSAGE(std::string(e.what()).find(s) != std::string::npos, "message lacks \"", s, "\"");
  }
  CHECK_MESSAGE(threw, "no gemmcl::Error thrown; expected ", to_string(code));
  const bool enqueued = something_waits_on_gate(target.queue);
  gate.setStatus(CL_COMPLETE);
  target.queue.finish();
  CHECK_MESSAGE(!enqueued, "the rejected call enqueued a command");
  const auto c_after = gt::download<T>(target.queue, c, c_before.size());
  bool same = true;
  for (std::size_t i = 0; i < c_before.size(); ++i) same = same && gt::same_bits(c_after[i], c_before[i]);
  CHECK_MESSAGE(same, "C was modified by a rejected call");
  // Argument errors come before any program is built (a build failure is the one exception).
  if (code != ErrorCode::BuildFailed) CHECK(runtime::ProgramCache::instance().builds() == builds);
}

}  // namespace gt
