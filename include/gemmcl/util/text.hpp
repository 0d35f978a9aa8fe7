#pragma once
// A small line-oriented writer over a sink (size_counter or char_writer), so code generators read like
// the code they produce: t.line("for (int i = 0; i < ", n, "; ++i)"); t.open(); ...; t.close();

#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>

namespace gemmcl::util {

template <class Sink>
constexpr void put(Sink& s, std::string_view v) {
  s.append(v);
}
template <class Sink>
constexpr void put(Sink& s, const char* v) {
  s.append(std::string_view(v));
}
template <class Sink>
constexpr void put(Sink& s, char v) {
  s.append(v);
}
template <class Sink, std::integral I>
  requires(!std::same_as<I, char> && !std::same_as<I, bool>)
constexpr void put(Sink& s, I v) {
  char digits[24]{};
  int n = 0;
  const bool negative = v < 0;
  // Work in unsigned so the most negative value does not overflow.
  auto u = negative ? static_cast<unsigned long long>(0) - static_cast<unsigned long long>(v)
                    : static_cast<unsigned long long>(v);
  do {
    digits[n++] = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  if (negative) s.append('-');
  while (n > 0) s.append(digits[--n]);
}

template <class Sink>
class text {
 public:
  constexpr explicit text(Sink& sink) noexcept : sink_(sink) {}

  // Appends without a line break or indentation.
  template <class... Args>
  constexpr text& raw(const Args&... args) {
    (put(sink_, args), ...);
    return *this;
  }

  // One indented line; an empty call gives an empty line.
  template <class... Args>
  constexpr text& line(const Args&... args) {
    if constexpr (sizeof...(Args) > 0) {
      for (int i = 0; i < depth_; ++i) sink_.append("  ");
      (put(sink_, args), ...);
    }
    sink_.append('\n');
    return *this;
  }

  // A line ending in "{" and one more level of indentation.
  template <class... Args>
  constexpr text& open(const Args&... args) {
    if constexpr (sizeof...(Args) > 0)
      line(args..., " {");
    else
      line("{");
    ++depth_;
    return *this;
  }

  // Closes a block: "}" plus an optional tail such as " else {".
  template <class... Args>
  constexpr text& close(const Args&... tail) {
    --depth_;
    line("}", tail...);
    return *this;
  }

  // Closes one block and opens the next on the same line: "} else {".
  template <class... Args>
  constexpr text& reopen(const Args&... args) {
    --depth_;
    line("} ", args..., " {");
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
