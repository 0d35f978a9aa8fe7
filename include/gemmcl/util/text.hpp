#pragma once
// A small line-oriented writer over a sink (size_counter, char_writer or string_writer), so code
// generators read like the code they produce: t.line("for (int i = 0; i < ", n, "; ++i)"); t.open();
// ...; t.close();

#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <string_view>
#include <type_traits>
#include "cold.hpp"

GEMMCL_COLD_BEGIN

namespace gemmcl::util {

// One argument of a line: a string, a character or an integer. A call's arguments become a list of
// pieces, so that the writer itself is one function however many distinct calls the generators make:
// every kernel's text is also written at run time, in users' programs, and compile time counts there.
class piece {
 public:
  constexpr piece(const char* v) noexcept : piece(std::string_view(v)) {}
  constexpr piece(std::string_view v) noexcept : kind_(kind::text), text_(v.data()), value_(v.size()) {}
  constexpr piece(char v) noexcept : kind_(kind::character), value_(static_cast<unsigned char>(v)) {}
  template <std::integral I>
    requires(!std::same_as<I, char> && !std::same_as<I, bool>)
  constexpr piece(I v) noexcept : kind_(kind::number), value_(static_cast<long long>(v)) {}

  template <class Sink>
  constexpr void write(Sink& s) const {
    switch (kind_) {
      case kind::text: s.append(std::string_view(text_, static_cast<std::size_t>(value_))); return;
      case kind::character: s.append(static_cast<char>(value_)); return;
      case kind::number: break;
    }
    char digits[24]{};
    int n = 0;
    const bool negative = value_ < 0;
    // Work in unsigned so the most negative value does not overflow.
    auto u = negative ? static_cast<unsigned long long>(0) - static_cast<unsigned long long>(value_)
                      : static_cast<unsigned long long>(value_);
    do {
      digits[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u != 0);
    if (negative) s.append('-');
    while (n > 0) s.append(digits[--n]);
  }

 private:
  enum class kind { text, character, number };
  kind kind_;
  const char* text_ = nullptr;
  long long value_ = 0;  // a text's length, a character, or a number
};

template <class Sink>
class text {
 public:
  constexpr explicit text(Sink& sink) noexcept : sink_(sink) {}

  // Appends without a line break or indentation.
  constexpr text& raw(std::string_view s) { return raw({piece(s)}); }
  constexpr text& raw(std::initializer_list<piece> ps = {}) {
    for (const piece& p : ps) p.write(sink_);
    return *this;
  }

  // One indented line; an empty call gives an empty line.
  constexpr text& line(std::string_view s) { return line({piece(s)}); }
  constexpr text& line(std::initializer_list<piece> ps = {}) {
    if (ps.size() > 0) {
      for (int i = 0; i < depth_; ++i) sink_.append("  ");
      for (const piece& p : ps) p.write(sink_);
    }
    sink_.append('\n');
    return *this;
  }

  // A line ending in "{" and one more level of indentation.
  constexpr text& open(std::string_view s) { return open({piece(s)}); }
  constexpr text& open(std::initializer_list<piece> ps = {}) {
    if (ps.size() > 0) {
      for (int i = 0; i < depth_; ++i) sink_.append("  ");
      for (const piece& p : ps) p.write(sink_);
      sink_.append(" {\n");
    } else {
      line({"{"});
    }
    ++depth_;
    return *this;
  }

  // Closes a block: "}" plus an optional tail such as " else {".
  constexpr text& close(std::string_view s) { return close({piece(s)}); }
  constexpr text& close(std::initializer_list<piece> ps = {}) {
    --depth_;
    for (int i = 0; i < depth_; ++i) sink_.append("  ");
    sink_.append('}');
    for (const piece& p : ps) p.write(sink_);
    sink_.append('\n');
    return *this;
  }

  // Closes one block and opens the next on the same line: "} else {".
  constexpr text& reopen(std::string_view s) { return reopen({piece(s)}); }
  constexpr text& reopen(std::initializer_list<piece> ps = {}) {
    --depth_;
    for (int i = 0; i < depth_; ++i) sink_.append("  ");
    sink_.append("} ");
    for (const piece& p : ps) p.write(sink_);
    sink_.append(" {\n");
    ++depth_;
    return *this;
  }

  constexpr text& indent() noexcept {
    ++depth_;
    return *this;
  }
  constexpr text& dedent() noexcept {
    --depth_;
    return *this;
  }
  constexpr int depth() const noexcept { return depth_; }

 private:
  Sink& sink_;
  int depth_ = 0;
};

}  // namespace gemmcl::util

GEMMCL_COLD_END
