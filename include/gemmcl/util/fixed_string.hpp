#pragma once
// Program text as data. At compile time (fixed_string) in two passes: a generator writes its text once
// into a counter to learn the size, then once more into a fixed_string of exactly that size. No
// allocation, so the result is a constant expression usable as a static constexpr member.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include "cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::util {

template <std::size_t N>
struct fixed_string {
  char chars[N + 1]{};  // NUL-terminated, so c_str() can be handed to OpenCL as it is

  static constexpr std::size_t size() noexcept { return N; }
  constexpr const char* c_str() const noexcept { return chars; }
  constexpr std::string_view view() const noexcept { return {chars, N}; }
  constexpr operator std::string_view() const noexcept { return view(); }
};

// First pass: only counts.
class size_counter {
 public:
  constexpr void append(std::string_view s) noexcept { size_ += s.size(); }
  constexpr void append(char) noexcept { ++size_; }
  constexpr std::size_t size() const noexcept { return size_; }

 private:
  std::size_t size_ = 0;
};

// Second pass: writes into storage the first pass sized.
class char_writer {
 public:
  constexpr explicit char_writer(char* out) noexcept : out_(out) {}
  constexpr void append(std::string_view s) noexcept {
    for (char ch : s) *out_++ = ch;
  }
  constexpr void append(char ch) noexcept { *out_++ = ch; }

 private:
  char* out_;
};

// At run time: appends to a std::string, so the same generators write text on first use instead of
// into every user's object files.
class string_writer {
 public:
  explicit string_writer(std::string& out) noexcept : out_(&out) {}
  void append(std::string_view s) { out_->append(s); }
  void append(char ch) { out_->push_back(ch); }

 private:
  std::string* out_;
};

// Generator: a type with `template <class Sink> static constexpr void write(Sink&)`.
template <class Generator>
constexpr auto build_fixed_string() {
  constexpr std::size_t n = [] {
    size_counter counter;
    Generator::write(counter);
    return counter.size();
  }();
  fixed_string<n> result{};
  char_writer writer(result.chars);
  Generator::write(writer);
  return result;
}

// FNV-1a; part of the program-cache key, computed at compile time.
constexpr std::uint64_t fnv1a(std::string_view s) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (char ch : s) {
    h ^= static_cast<unsigned char>(ch);
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace gemmcl::util

GEMMCL_COLD_END
