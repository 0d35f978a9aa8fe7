#pragma once
// Compile-time inspection of generated kernel text, for static_assert.

#include <cstddef>
#include <string_view>

namespace gt::text {

constexpr bool contains(std::string_view s, std::string_view x) { return s.find(x) != std::string_view::npos; }

constexpr std::size_t count(std::string_view s, std::string_view x) {
  std::size_t n = 0;
  for (std::size_t at = s.find(x); at != std::string_view::npos; at = s.find(x, at + x.size())) ++n;
  return n;
}

// A short string built at compile time: "#define TILE_M " + 64 + "\n".
struct line {
  char chars[96]{};
  std::size_t size = 0;
  constexpr line& operator<<(std::string_view s) {
    for (char c : s) chars[size++] = c;
    return *this;
  }
  constexpr line& operator<<(int v) {
    char digits[12]{};
    int n = 0;
    unsigned u = v < 0 ? 0u - static_cast<unsigned>(v) : static_cast<unsigned>(v);
    do {
      digits[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u != 0);
    if (v < 0) chars[size++] = '-';
    while (n > 0) chars[size++] = digits[--n];
    return *this;
  }
  constexpr std::string_view view() const { return {chars, size}; }
};

// The leading comment block: everything before the first line that is neither a comment nor empty.
constexpr std::string_view header(std::string_view s) {
  std::size_t at = 0;
  while (at < s.size()) {
    const std::size_t end = s.find('\n', at);
    const std::string_view l = s.substr(at, end == std::string_view::npos ? s.size() - at : end - at);
    if (!l.empty() && !l.starts_with("//")) return s.substr(0, at);
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return s;
}

// Every {, ( and [ is closed, in order of nesting, ignoring comments.
constexpr bool balanced(std::string_view s) {
  char stack[256]{};
  int depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n') ++i;
      continue;
    }
    if (c == '{' || c == '(' || c == '[') {
      if (depth == 256) return false;
      stack[depth++] = c;
    } else if (c == '}' || c == ')' || c == ']') {
      const char open = c == '}' ? '{' : c == ')' ? '(' : '[';
      if (depth == 0 || stack[--depth] != open) return false;
    }
  }
  return depth == 0;
}

// Readable layout: no tabs, no trailing blanks, and preprocessor lines in column 0 (except #pragma,
// which is indented with the code it annotates).
constexpr bool tidy(std::string_view s) {
  std::size_t at = 0;
  while (at < s.size()) {
    std::size_t end = s.find('\n', at);
    if (end == std::string_view::npos) end = s.size();
    const std::string_view l = s.substr(at, end - at);
    if (l.find('\t') != std::string_view::npos) return false;
    if (!l.empty() && l.back() == ' ') return false;
    std::size_t indent = 0;
    while (indent < l.size() && l[indent] == ' ') ++indent;
    if (indent > 0 && indent < l.size() && l[indent] == '#' && !l.substr(indent).starts_with("#pragma")) return false;
    at = end + 1;
  }
  return true;
}

}  // namespace gt::text
