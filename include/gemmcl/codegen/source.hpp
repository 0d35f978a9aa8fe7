#pragma once
// Program texts. The same builders write them in two ways:
//   - at compile time, as a constant (fixed_source), for whoever asks for Gemm<...>::source;
//   - at run time, on first use (Kernel::source()), which is how calls get them: a user's compiler
//     then writes no kernel text at all, however many configurations Gemm<> may choose from.
// A Kernel is what dispatch hands the runtime: a configuration, its target as values, and its text.

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../target/target.hpp"
#include "../util/fixed_string.hpp"
#include "convert.hpp"
#include "describe.hpp"
#include "kernel.hpp"
#include "pack.hpp"
#include "packed.hpp"
#include "reduce.hpp"
#include "transpose.hpp"
#include "tensor/dmma.hpp"
#include "tensor/mma_sync.hpp"
#include "tensor/wgmma.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::codegen {

template <class Tag, class Resolved>
struct kernel_text {
  template <class Sink>
  static constexpr void write(Sink& sink) {
    write_kernel<Tag>(sink, Resolved::config);
  }
};

// The kernel text of a resolved configuration (a type with a static constexpr policy::Config config).
template <class Tag, class Resolved>
inline constexpr auto fixed_source = util::build_fixed_string<kernel_text<Tag, Resolved>>();

// The auxiliary programs of an element type, as constants (for tests and tools; calls write them at
// run time like the kernel).
template <class T>
struct reduce_text {
  template <class Sink>
  static constexpr void write(Sink& sink) {
    write_reduce(sink, element::info_of<T>);
  }
};
template <class T>
struct pack_text {
  template <class Sink>
  static constexpr void write(Sink& sink) {
    write_pack(sink, element::info_of<T>);
  }
};
template <class T>
inline constexpr auto fixed_reduce_source = util::build_fixed_string<reduce_text<T>>();
template <class T>
inline constexpr auto fixed_pack_source = util::build_fixed_string<pack_text<T>>();

// A program's text and what identifies it.
struct Source {
  std::string text;
  std::uint64_t hash = 0;  // of text: the program cache's key
  std::string describe;    // the configuration, for messages
  std::string_view kernel; // the entry point
};

template <class Tag>
Source make_source(const policy::Config& c) {
  Source s;
  util::string_writer w(s.text);
  write_kernel<Tag>(w, c);
  s.hash = util::fnv1a(s.text);
  s.describe = describe(c, target::Target<Tag>::name);
  s.kernel = kernel_name;
  return s;
}

// One configuration's text, written once per process.
template <class Tag, class Resolved>
const Source& source_of() {
  static const Source s = make_source<Tag>(Resolved::config);
  return s;
}

struct Kernel {
  policy::Config config;
  const target::Info* target;
  const Source& (*source)();  // null for a kernel of a tuning file, whose text is `written`
  const Source* written = nullptr;
  bool tuned = false;  // from a tuning file: checked on first use like a vendor path's kernel

  const Source& text() const { return written != nullptr ? *written : source(); }
};

template <class Tag, class Resolved>
inline constexpr Kernel kernel_of{Resolved::config, &target::info_of<Tag>, &source_of<Tag, Resolved>};

namespace detail {
template <class Write>
const Source& element_program(const element::Info& e, std::string_view kernel, std::string_view what,
                              Write write) {
  static std::mutex mutex;
  // One per element type: a list searched in order.
  static std::vector<std::pair<std::string_view, std::unique_ptr<const Source>>> sources;
  std::lock_guard<std::mutex> lock(mutex);
  for (const auto& [name, x] : sources)
    if (name == e.name) return *x;
  Source s;
  util::string_writer w(s.text);
  write(w, e);
  s.hash = util::fnv1a(s.text);
  s.describe = std::string(what) + " (" + std::string(e.name) + ")";
  s.kernel = kernel;
  sources.emplace_back(e.name, std::make_unique<const Source>(std::move(s)));
  return *sources.back().second;
}
}  // namespace detail

// The auxiliary programs of an element type, written once per process.
inline const Source& reduce_source(const element::Info& e) {
  return detail::element_program(e, reduce_kernel_name, "split-K reduction",
                                 [](util::string_writer& w, const element::Info& x) { write_reduce(w, x); });
}
inline const Source& widen_source(const element::Info& e) {
  return detail::element_program(e, widen_kernel_name, "widening copy",
                                 [](util::string_writer& w, const element::Info& x) { write_widen(w, x); });
}
inline const Source& narrow_source(const element::Info& e) {
  return detail::element_program(e, narrow_kernel_name, "narrowing copy",
                                 [](util::string_writer& w, const element::Info& x) { write_narrow(w, x); });
}
// The tensor-core program of a 16-bit element type (codegen/tensor/).
inline const Source& mma_sync_source(const element::Info& e) {
  return detail::element_program(e, tensor::kernel_name, "tensor-core mma.sync",
                                 [](util::string_writer& w, const element::Info& x) { tensor::write_mma_sync(w, x); });
}
// The Hopper (wgmma) program of a 16-bit element type; built only through the PTX step (runtime/ptx_patch.hpp).
inline const Source& wgmma_source(const element::Info& e) {
  return detail::element_program(e, tensor::wgmma_kernel_name, "tensor-core wgmma",
                                 [](util::string_writer& w, const element::Info& x) { tensor::write_wgmma(w, x); });
}
// The FP64 tensor-core (DMMA) program.
inline const Source& dmma_source(const element::Info& e) {
  return detail::element_program(e, tensor::dmma_kernel_name, "tensor-core DMMA",
                                 [](util::string_writer& w, const element::Info&) { tensor::write_dmma(w); });
}
// The program that packs an operand into a block layout (PackedA, PackedB).
inline const Source& pack_blocks_source(const element::Info& e) {
  return detail::element_program(e, pack_blocks_kernel_name, "block packing",
                                 [](util::string_writer& w, const element::Info& x) { write_pack_blocks(w, x); });
}
inline const Source& pack_source(const element::Info& e) {
  return detail::element_program(e, pack_kernel_name, "packing copy",
                                 [](util::string_writer& w, const element::Info& x) { write_pack(w, x); });
}
inline const Source& transpose_source(const element::Info& e) {
  return detail::element_program(e, transpose_kernel_name, "transposing copy",
                                 [](util::string_writer& w, const element::Info& x) { write_transpose(w, x); });
}

}  // namespace gemmcl::codegen

GEMMCL_COLD_END
