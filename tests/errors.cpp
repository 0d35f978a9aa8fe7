// Bad input: every error the library promises for a call's arguments is a gemmcl::Error with the right
// code() and a message that names the problem, thrown before anything is enqueued and with C untouched
// (errors_device.cpp: what the device or the program refuses).
//
// "Before anything is enqueued" is observed, not assumed: each rejected call gets a wait list holding a
// user event that is still incomplete, so anything it enqueued would wait on it; afterwards a marker on
// the same in-order queue completes only if nothing did.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <chrono>
#include <climits>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/bad_call.hpp"
#include "support/cases.hpp"
#include "support/common.hpp"
#include "support/rejected.hpp"

using namespace gemmcl;
using namespace gt::bad;  // T, G, the valid Call and its helpers

TEST_CASE("the rejection check notices an enqueued command") {
  // Checks the check: a command waiting on the gate must be seen.
  auto& target = gt::target();
  cl::UserEvent gate(target.context);
  const std::vector<cl::Event> wait{gate};
  cl::Event held;
  target.queue.enqueueMarkerWithWaitList(&wait, &held);
  CHECK(gt::something_waits_on_gate(target.queue));
  gate.setStatus(CL_COMPLETE);
  target.queue.finish();
  CHECK_FALSE(gt::something_waits_on_gate(target.queue));
}

TEST_CASE("leading dimension smaller than the stored rows or columns") {
  for (Layout layout : {Layout::ColMajor, Layout::RowMajor}) {
    for (Which w : {Which::A, Which::B, Which::C}) {
      for (Transpose t : {Transpose::No, Transpose::Yes}) {
        if (w == Which::C && t == Transpose::Yes) continue;  // C is never transposed
        const gt::Case<T> cs = valid_case(layout, w == Which::A ? t : Transpose::No, w == Which::B ? t : Transpose::No);
        INFO(name_of(layout), " ", name_of(w), " transposed: ", name_of(t));
        Call call(cs);
        gt::View a = call.o.a, b = call.o.b, c = call.o.c;
        gt::View& x = pick(w, a, b, c);
        const std::size_t lead = x.lead();
        x.ld = lead - 1;
        const std::string ld_name = std::string(1, static_cast<char>(name_of(w)[0] - 'A' + 'a')) + "_ld";
        gt::expect_rejected(ErrorCode::InvalidLeadingDimension,
                        {ld_name + " = " + std::to_string(lead - 1), std::to_string(lead)}, call.c, call.o.c_host,
                        [&](const std::vector<cl::Event>& wait) { call(a, b, c, wait); },
                        w == Which::A ? Argument::a_ld : w == Which::B ? Argument::b_ld : Argument::c_ld);

        // The smallest valid ld works, and gives the right answer.
        gt::Case<T> tight = cs;
        (w == Which::A ? tight.a_pad : w == Which::B ? tight.b_pad : tight.c_pad) = 0;
        const gt::Verdict v = gt::run_case(G(), gt::target().queue, tight, rng());
        CHECK_MESSAGE(v.ok, v.detail);
      }
    }
  }
}

TEST_CASE("offset + extent past the end of a buffer") {
  for (Layout layout : {Layout::ColMajor, Layout::RowMajor}) {
    for (Which w : {Which::A, Which::B, Which::C}) {
      for (Transpose t : {Transpose::No, Transpose::Yes}) {
        if (w == Which::C && t == Transpose::Yes) continue;
        gt::Case<T> cs = valid_case(layout, w == Which::A ? t : Transpose::No, w == Which::B ? t : Transpose::No);
        INFO(name_of(layout), " ", name_of(w), " transposed: ", name_of(t));
        // Buffers end exactly at each matrix's last element (tail = 0): the offset is the largest valid.
        const gt::Verdict v = gt::run_case(G(), gt::target().queue, cs, rng());
        CHECK_MESSAGE(v.ok, v.detail);

        Call call(cs);
        gt::View a = call.o.a, b = call.o.b, c = call.o.c;
        gt::View& x = pick(w, a, b, c);
        x.offset += 1;
        const std::size_t bytes = (w == Which::A ? call.o.a_host : w == Which::B ? call.o.b_host : call.o.c_host).size() * sizeof(T);
        const Argument buffer = w == Which::A ? Argument::a : w == Which::B ? Argument::b : Argument::c;
        gt::expect_rejected(ErrorCode::BufferTooSmall, {std::string(name_of(w)) + " reaches", std::to_string(bytes) + " bytes"},
                        call.c, call.o.c_host, [&](const std::vector<cl::Event>& wait) { call(a, b, c, wait); },
                        buffer);

        // A larger ld pushes the end past the buffer just the same.
        gt::View a2 = call.o.a, b2 = call.o.b, c2 = call.o.c;
        pick(w, a2, b2, c2).ld += 1;
        gt::expect_rejected(ErrorCode::BufferTooSmall, {std::string(name_of(w)) + " reaches"}, call.c, call.o.c_host,
                        [&](const std::vector<cl::Event>& wait) { call(a2, b2, c2, wait); }, buffer);
      }
    }
  }
  SUBCASE("offsets that overflow") {
    Call call(valid_case(Layout::ColMajor, Transpose::No, Transpose::No));
    gt::View a = call.o.a;
    a.offset = SIZE_MAX - 2;
    gt::expect_rejected(ErrorCode::BufferTooSmall, {"overflows"}, call.c, call.o.c_host,
                    [&](const std::vector<cl::Event>& wait) { call(a, call.o.b, call.o.c, wait); }, Argument::a);
  }
}

TEST_CASE("null buffers") {
  auto& target = gt::target();
  const gt::Case<T> cs = valid_case(Layout::ColMajor, Transpose::No, Transpose::No);
  SUBCASE("with elements: rejected") {
    for (Which w : {Which::A, Which::B, Which::C}) {
      INFO("null ", name_of(w));
      Call call(cs);
      const cl::Buffer real_c = call.c;
      (w == Which::A ? call.a : w == Which::B ? call.b : call.c) = cl::Buffer();
      gt::expect_rejected(ErrorCode::NullBuffer, {std::string("buffer of ") + name_of(w) + " is null"}, real_c,
                      call.o.c_host, [&](const std::vector<cl::Event>& wait) { call(call.o.a, call.o.b, call.o.c, wait); },
                      w == Which::A ? Argument::a : w == Which::B ? Argument::b : Argument::c);
    }
  }
  SUBCASE("without elements: accepted") {
    // k = 0: A (m x 0) and B (0 x n) have no elements; C := beta * C.
    gt::Case<T> k0 = cs;
    k0.k = 0;
    k0.null_ab = true;
    const gt::Verdict v = gt::run_case(G(), target.queue, k0, rng());
    CHECK_MESSAGE(v.ok, v.detail);
    // m = 0 or n = 0: nothing has elements; the call returns an event that completes.
    cl::Buffer none;
    for (std::size_t m : {0, 5}) {
      const std::size_t n = m == 0 ? 4 : 0;
      cl::Event e;
      CHECK_NOTHROW(e = G()(target.queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, 3, 1.0f, none, 0, 5,
                            none, 0, 3, 0.0f, none, 0, 5));
      CHECK_NOTHROW(e.wait());
    }
  }
}


TEST_CASE("a null queue") {
  Call call(valid_case(Layout::ColMajor, Transpose::No, Transpose::No));
  cl::CommandQueue none;
  try {
    G()(none, Layout::ColMajor, Transpose::No, Transpose::No, 5, 4, 3, 1.0f, call.a, call.o.a.offset, call.o.a.ld,
        call.b, call.o.b.offset, call.o.b.ld, 0.0f, call.c, call.o.c.offset, call.o.c.ld);
    FAIL("no error for a null queue");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::InvalidQueue);
    CHECK(static_cast<int>(e.argument()) == 1);  // the queue is the call's first argument
  }
  const auto c_after = gt::download<T>(gt::target().queue, call.c, call.o.c_host.size());
  bool same = true;
  for (std::size_t i = 0; i < c_after.size(); ++i) same = same && gt::same_bits(c_after[i], call.o.c_host[i]);
  CHECK(same);
}

TEST_CASE("sizes the kernels cannot index") {
  Call call(valid_case(Layout::ColMajor, Transpose::No, Transpose::No));
  const std::size_t huge = static_cast<std::size_t>(INT_MAX);
  gt::expect_rejected(ErrorCode::InvalidSize, {"m = " + std::to_string(huge)}, call.c, call.o.c_host,
                  [&](const std::vector<cl::Event>& wait) {
                    G()(gt::target().queue, Layout::ColMajor, Transpose::No, Transpose::No, huge, 4, 3, 1.0f, call.a, 0,
                        huge, call.b, 0, 3, 0.0f, call.c, 0, huge, wait);
                  },
                  Argument::m);
  gt::View b = call.o.b;
  b.ld = huge + 1;
  gt::expect_rejected(ErrorCode::InvalidSize, {"b_ld"}, call.c, call.o.c_host,
                  [&](const std::vector<cl::Event>& wait) { call(call.o.a, b, call.o.c, wait); }, Argument::b_ld);
}

// Reference BLAS requires every leading dimension to be at least max(1, the stored rows) whatever the
// sizes, so the netlib testers' error exits with empty matrices must be errors here too.
TEST_CASE("leading dimensions of empty matrices and empty calls follow BLAS") {
  Call call(valid_case(Layout::ColMajor, Transpose::No, Transpose::No));
  const auto run = [&](std::size_t m, std::size_t n, std::size_t k, std::size_t lda, std::size_t ldb,
                       std::size_t ldc) {
    return [&, m, n, k, lda, ldb, ldc](const std::vector<cl::Event>& wait) {
      G()(gt::target().queue, Layout::ColMajor, Transpose::No, Transpose::No, m, n, k, 1.0f, call.a, 0, lda, call.b,
          0, ldb, 0.0f, call.c, 0, ldc, wait);
    };
  };
  // m = 0: A is 0 x 3, yet lda = 0 is below 1.
  gt::expect_rejected(ErrorCode::InvalidLeadingDimension, {"a_ld = 0", "at least 1"}, call.c, call.o.c_host,
                  run(0, 4, 3, 0, 3, 1), Argument::a_ld);
  // n = 0: the call does nothing, yet ldb = 2 is below B's 3 rows.
  gt::expect_rejected(ErrorCode::InvalidLeadingDimension, {"b_ld = 2"}, call.c, call.o.c_host, run(5, 0, 3, 5, 2, 5),
                  Argument::b_ld);
  // k = 0: A is 5 x 0, and lda = 4 is below its 5 rows; C's ldc = 0 likewise with m = 0.
  gt::expect_rejected(ErrorCode::InvalidLeadingDimension, {"a_ld = 4"}, call.c, call.o.c_host, run(5, 4, 0, 4, 1, 5),
                  Argument::a_ld);
  gt::expect_rejected(ErrorCode::InvalidLeadingDimension, {"c_ld = 0"}, call.c, call.o.c_host, run(0, 4, 3, 1, 3, 0),
                  Argument::c_ld);
  // The smallest valid ones are accepted: 1 for empty matrices.
  CHECK_NOTHROW(run(0, 4, 3, 1, 3, 1)({}));
  gt::target().queue.finish();
}

// C is written while A and B are read: sharing memory with either would read overwritten values.
TEST_CASE("C overlapping A or B is rejected; disjoint parts of one buffer are not") {
  auto& target = gt::target();
  const std::size_t n = 24;
  std::vector<T> host(3 * n * n);
  std::mt19937_64& r = rng();
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (T& x : host) x = u(r);
  cl::Buffer all = gt::upload(host);
  const auto call = [&](std::size_t a_off, std::size_t c_off, const cl::Buffer& c) {
    return [&, a_off, c_off](const std::vector<cl::Event>& wait) {
      G()(target.queue, Layout::ColMajor, Transpose::No, Transpose::No, n, n, n, 1.0f, all, a_off, n, all, n * n, n,
          0.0f, const_cast<cl::Buffer&>(c), c_off, n, wait);
    };
  };
  // C at A's place, then half over B.
  gt::expect_rejected(ErrorCode::Aliasing, {"C overlaps A"}, all, host, call(0, 0, all), Argument::c);
  gt::expect_rejected(ErrorCode::Aliasing, {"C overlaps B"}, all, host, call(0, n * n + n * n / 2, all), Argument::c);
  // C as a sub-buffer over A's part of the same buffer.
  cl_buffer_region region{0, n * n * sizeof(T)};
  cl_int status = CL_SUCCESS;
  cl::Buffer view(clCreateSubBuffer(all(), CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &status));
  REQUIRE(status == CL_SUCCESS);
  gt::expect_rejected(ErrorCode::Aliasing, {"C overlaps A"}, all, host, call(0, 0, view), Argument::c);
  // A, B and C in three disjoint parts of one buffer: accepted and right.
  call(0, 2 * n * n, all)({});
  const auto after = gt::download<T>(target.queue, all, host.size());
  double worst = 0;
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < n; ++i) {
      double sum = 0;
      for (std::size_t l = 0; l < n; ++l) sum += double(host[i + l * n]) * double(host[n * n + l + j * n]);
      worst = std::max(worst, std::abs(sum - double(after[2 * n * n + i + j * n])));
    }
  CHECK(worst < 1e-4);
  std::size_t changed = 0;  // of A and B
  for (std::size_t i = 0; i < 2 * n * n; ++i) changed += gt::same_bits(after[i], host[i]) ? 0 : 1;
  CHECK(changed == 0);
}

// A LayoutPolicy fixes the layout (and, with ::With, the transposes) in the type: calls that agree run
// as usual, the others are LayoutMismatch errors naming the argument.
TEST_CASE("calls against the Gemm's LayoutPolicy") {
  using Fixed = Gemm<Tile<16, 16, 8>, Vec<2>, layout::RowMajor::With<Transpose::No, Transpose::Yes>>;
  using RowsOnly = Gemm<Tile<16, 16, 8>, Vec<2>, layout::RowMajor>;
  const gt::Case<T> agree = gt::base_case(gt::Combination{Layout::RowMajor, Transpose::No, Transpose::Yes}, 19, 13, 7,
                                          1.5f, 0.5f);
  const gt::Verdict v = gt::run_case(Fixed(), gt::target().queue, agree, rng());
  CHECK_MESSAGE(v.ok, v.detail);
  const gt::Verdict w = gt::run_case(RowsOnly(), gt::target().queue, agree, rng());
  CHECK_MESSAGE(w.ok, w.detail);

  Call call(valid_case(Layout::RowMajor, Transpose::No, Transpose::Yes));
  const auto with = [&](auto gemm, Layout l, Transpose ta, Transpose tb) {
    return [&, gemm, l, ta, tb](const std::vector<cl::Event>& wait) {
      gemm(gt::target().queue, l, ta, tb, 5, 4, 3, 1.0f, call.a, 1, 5, call.b, 3, 5, 0.0f, call.c, 1, 5, wait);
    };
  };
  gt::expect_rejected(ErrorCode::LayoutMismatch, {"the layout is Layout::ColMajor", "fixes it to Layout::RowMajor"},
                      call.c, call.o.c_host, with(RowsOnly(), Layout::ColMajor, Transpose::No, Transpose::No),
                      Argument::layout);
  gt::expect_rejected(ErrorCode::LayoutMismatch, {"b_transpose is Transpose::No", "fixes it to Transpose::Yes"},
                      call.c, call.o.c_host, with(Fixed(), Layout::RowMajor, Transpose::No, Transpose::No),
                      Argument::b_transpose);
  gt::expect_rejected(ErrorCode::LayoutMismatch, {"a_transpose is Transpose::Yes"}, call.c, call.o.c_host,
                      with(Fixed(), Layout::RowMajor, Transpose::Yes, Transpose::Yes), Argument::a_transpose);
}
