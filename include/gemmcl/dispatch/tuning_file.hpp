#pragma once
// A tuning file's contents, and their text. gemmcl-tune (tune/) writes one per device; Gemm<> reads it
// (runtime/tuning.hpp) and chooses from its entries (tuned.hpp). The text is meant to be read:
//
//   gemmcl-tuning 1
//   device NVIDIA H100 80GB HBM3
//   driver 580.159.04
//   section float
//   elsewhere builtin
//   entry 0 nvidia tile=128x128x8 vec=4 wpt=8x16 local=ab padding=0 prefetch=1 regprefetch=1 stages=0 unroll=0 warp=0 slices=1 speeds=88,89,85,86 resident=2
//   shape nn 1000 1000 1000 entry=0 split=2 gflops=41234.5 builtin=39876.1
//   shape nn 128 128 65536 entry=builtin split=1 gflops=9876.5 builtin=9876.5
//
// A section holds the entries of one element type and its shape rules: for a product of about that
// shape with those transposes (as the kernel sees them), run that entry with K in at most that many
// parts, or Gemm<>'s built-in choice where the tuner found nothing faster. `elsewhere` says who chooses
// for products near no rule: the built-in table, or the section's entries by the cost model.
// Lines starting with '#' are comments. Anything else that does not parse makes the whole file
// unusable (parse() says which line and why): a tuning file is never half trusted.

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../policy/config.hpp"
#include "../policy/rules.hpp"
#include "table.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl::dispatch::tuning {

inline constexpr int kFormat = 1;
inline constexpr std::size_t kBuiltin = std::size_t(-1);

struct Entry {
  std::string target;  // a tunable target's key (tunable.hpp)
  policy::Config config;
  speeds speed{100};
  int resident = 1;
};

struct Shape {
  bool trans_a = false, trans_b = false;
  std::size_t m = 0, n = 0, k = 0;
  std::size_t entry = 0;         // kBuiltin: the built-in table's choice was faster there
  int split = 1;                 // parts of K (1: whole)
  double gflops = 0, builtin = 0;  // measured, with this rule and with the built-in table
};

struct Section {
  std::string element;  // element::Info::name
  std::vector<Entry> entries;
  std::vector<Shape> shapes;
  // Products near no shape rule: true, the built-in table chooses them; false, the entries do.
  bool elsewhere_builtin = false;
};

struct File {
  std::string device, driver;
  std::vector<Section> sections;
  const Section* find(std::string_view element) const {
    for (const Section& s : sections)
      if (s.element == element) return &s;
    return nullptr;
  }
};

namespace detail {

inline std::string pair_name(bool ta, bool tb) { return std::string(ta ? "t" : "n") + (tb ? "t" : "n"); }

inline std::string local_name(const policy::Config& c) {
  return c.local_a ? (c.local_b ? "ab" : "a") : (c.local_b ? "b" : "none");
}

// Splits at spaces.
inline std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

// A whole number or a decimal, and nothing else (strtoll and strtod on a copy: a word is short).
template <class N>
bool number(std::string_view s, N& out) {
  if (s.empty() || s.size() > 40 || s[0] == ' ' || s[0] == '+') return false;
  const std::string copy(s);
  char* end = nullptr;
  errno = 0;
  if constexpr (std::is_floating_point_v<N>) {
    out = N(std::strtod(copy.c_str(), &end));
  } else {
    const long long v = std::strtoll(copy.c_str(), &end, 10);
    if (v < 0 && std::is_unsigned_v<N>) return false;
    out = N(v);
    if (static_cast<long long>(out) != v) return false;
  }
  return errno == 0 && end == copy.c_str() + copy.size();
}

// "a<sep>b<sep>c" into up to `count` integers; true when exactly `count` were there.
inline bool numbers(std::string_view s, char sep, int* out, int count) {
  for (int i = 0; i < count; ++i) {
    const std::size_t end = i + 1 == count ? s.size() : s.find(sep);
    if (end == std::string_view::npos || !number(s.substr(0, end), out[i])) return false;
    s = i + 1 == count ? std::string_view() : s.substr(end + 1);
  }
  return true;
}

inline bool flag(std::string_view s, bool& out) {
  if (s != "0" && s != "1") return false;
  out = s == "1";
  return true;
}

// One `key=value` of an entry line into the entry; false if unknown or malformed.
inline bool entry_field(std::string_view key, std::string_view value, Entry& e) {
  policy::Config& c = e.config;
  int v[4];
  if (key == "tile" && numbers(value, 'x', v, 3)) { c.tile_m = v[0]; c.tile_n = v[1]; c.tile_k = v[2]; return true; }
  if (key == "wpt" && numbers(value, 'x', v, 2)) { c.wpt_m = v[0]; c.wpt_n = v[1]; return true; }
  if (key == "speeds" && numbers(value, ',', v, 4)) { e.speed = speeds(v[0], v[1], v[2], v[3]); return true; }
  if (key == "local") {
    if (value != "ab" && value != "a" && value != "b" && value != "none") return false;
    c.local_a = value == "ab" || value == "a";
    c.local_b = value == "ab" || value == "b";
    return true;
  }
  if (key == "prefetch") return flag(value, c.prefetch);
  if (key == "regprefetch") return flag(value, c.register_prefetch);
  if (key == "vec") return number(value, c.vec);
  if (key == "padding") return number(value, c.padding);
  if (key == "stages") return number(value, c.stages);
  if (key == "unroll") return number(value, c.unroll);
  if (key == "warp") return number(value, c.warp_lanes_m);
  if (key == "slices") return number(value, c.slices);
  if (key == "resident") return number(value, e.resident) && e.resident >= 1;
  return false;
}

}  // namespace detail

template <class Unused = void>
std::string entry_line(std::size_t index, const Entry& e) {
  const policy::Config& c = e.config;
  char line[512];
  std::snprintf(line, sizeof line,
                "entry %zu %s tile=%dx%dx%d vec=%d wpt=%dx%d local=%s padding=%d prefetch=%d regprefetch=%d "
                "stages=%d unroll=%d warp=%d slices=%d speeds=%d,%d,%d,%d resident=%d",
                index, e.target.c_str(), c.tile_m, c.tile_n, c.tile_k, c.vec, c.wpt_m, c.wpt_n,
                detail::local_name(c).c_str(), c.padding, int(c.prefetch), int(c.register_prefetch), c.stages,
                c.unroll, c.warp_lanes_m, c.slices, e.speed.nn, e.speed.nt, e.speed.tn, e.speed.tt, e.resident);
  return line;
}

template <class Unused = void>
std::string shape_line(const Shape& s) {
  char line[256];
  const std::string entry = s.entry == kBuiltin ? "builtin" : std::to_string(s.entry);
  std::snprintf(line, sizeof line, "shape %s %zu %zu %zu entry=%s split=%d gflops=%.1f builtin=%.1f",
                detail::pair_name(s.trans_a, s.trans_b).c_str(), s.m, s.n, s.k, entry.c_str(), s.split, s.gflops,
                s.builtin);
  return line;
}

template <class Unused = void>
std::string write(const File& f, std::string_view comment = {}) {
  std::string out = "# gemmcl tuning file: written by gemmcl-tune, read by Gemm<> on this device (docs/tuning.md).\n";
  if (!comment.empty()) out += "# " + std::string(comment) + "\n";
  out += "gemmcl-tuning " + std::to_string(kFormat) + "\ndevice " + f.device + "\ndriver " + f.driver + "\n";
  for (const Section& s : f.sections) {
    out += "section " + s.element + "\n";
    out += std::string("elsewhere ") + (s.elsewhere_builtin ? "builtin" : "entries") + "\n";
    for (std::size_t i = 0; i < s.entries.size(); ++i) out += entry_line(i, s.entries[i]) + "\n";
    for (const Shape& r : s.shapes) out += shape_line(r) + "\n";
  }
  return out;
}

// The file in `text` into `f`; false with `why` set to the first line that does not parse and the reason
// (parse: the same as an optional).
// Entries must pass the same rules as a Gemm<...> (policy/rules.hpp); whether their targets exist and
// serve the device is for the reader to check (tuned.hpp). A second section of one element type is an
// error.
template <class Unused = void>
bool parse_into(std::string_view text, File& f, std::string& why) {
  f = File{};
  bool header = false;
  std::size_t number = 0;
  const auto fail = [&](const std::string& reason) {
    why = "line " + std::to_string(number) + ": " + reason;
    return false;
  };
  while (!text.empty()) {
    ++number;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string_view> w = detail::words(line);
    if (w.empty()) continue;  // spaces only
    const std::string_view kind = w[0];
    // The rest of the line after the keyword and one space (device and driver names hold spaces).
    const std::size_t after = std::size_t(kind.data() - line.data()) + kind.size() + 1;
    const std::string rest(line.substr(std::min(line.size(), after)));
    if (!header) {
      int format = 0;
      if (kind != "gemmcl-tuning" || w.size() != 2 || !detail::number(w[1], format) || format != kFormat)
        return fail("expected 'gemmcl-tuning " + std::to_string(kFormat) + "'");
      header = true;
    } else if (kind == "device") {
      f.device = rest;
    } else if (kind == "driver") {
      f.driver = rest;
    } else if (kind == "section") {
      if (w.size() != 2) return fail("expected 'section <element type>'");
      if (f.find(w[1]) != nullptr) return fail("a second section " + std::string(w[1]));
      f.sections.push_back(Section{std::string(w[1]), {}, {}});
    } else if (kind == "elsewhere") {
      if (f.sections.empty()) return fail("'elsewhere' before any section");
      if (w.size() != 2 || (w[1] != "builtin" && w[1] != "entries"))
        return fail("expected 'elsewhere builtin' or 'elsewhere entries'");
      f.sections.back().elsewhere_builtin = w[1] == "builtin";
    } else if (kind == "entry") {
      if (f.sections.empty()) return fail("an entry before any section");
      Section& s = f.sections.back();
      std::size_t index = 0;
      if (w.size() < 3 || !detail::number(w[1], index) || index != s.entries.size())
        return fail("expected 'entry " + std::to_string(s.entries.size()) + " <target> key=value...'");
      Entry e;
      e.target = w[2];
      for (std::size_t i = 3; i < w.size(); ++i) {
        const std::size_t eq = w[i].find('=');
        if (eq == std::string_view::npos || !detail::entry_field(w[i].substr(0, eq), w[i].substr(eq + 1), e))
          return fail("cannot read '" + std::string(w[i]) + "'");
      }
      const policy::Config& c = e.config;
      const bool sizes = c.tile_m >= 1 && c.tile_n >= 1 && c.tile_k >= 1 && c.vec >= 1 && c.wpt_m >= 1 &&
                         c.wpt_n >= 1 && c.slices >= 1 && c.unroll >= 0 && c.stages >= 0 && c.padding >= 0 &&
                         c.warp_lanes_m >= 0 && c.warp_lanes_m <= 32 && c.tile_m <= 4096 && c.tile_n <= 4096 &&
                         c.tile_k <= 4096 && c.vec <= 16 && c.padding <= 64 && c.stages <= 8 && c.slices <= 16;
      if (!sizes) return fail("a size out of range");
      if (!policy::rule::valid(c)) return fail("the configuration breaks a rule of gemmcl's policies");
      s.entries.push_back(std::move(e));
    } else if (kind == "shape") {
      if (f.sections.empty()) return fail("a shape before any section");
      Section& s = f.sections.back();
      Shape r;
      const std::string_view pair = w.size() > 1 ? w[1] : std::string_view();
      if (w.size() != 9 || pair.size() != 2 || (pair[0] != 'n' && pair[0] != 't') || (pair[1] != 'n' && pair[1] != 't') ||
          !detail::number(w[2], r.m) || !detail::number(w[3], r.n) || !detail::number(w[4], r.k))
        return fail("expected 'shape <nn|nt|tn|tt> m n k entry=E split=S gflops=G builtin=G'");
      r.trans_a = pair[0] == 't';
      r.trans_b = pair[1] == 't';
      const auto field = [&](std::size_t i, std::string_view key, auto& out) {
        return w[i].substr(0, key.size() + 1) == std::string(key) + "=" &&
               detail::number(w[i].substr(key.size() + 1), out);
      };
      const bool builtin = w[5] == "entry=builtin";
      if (builtin) r.entry = kBuiltin;
      if ((!builtin && !field(5, "entry", r.entry)) || !field(6, "split", r.split) || !field(7, "gflops", r.gflops) ||
          !field(8, "builtin", r.builtin) || (!builtin && r.entry >= s.entries.size()) || r.split < 1 || r.m == 0 || r.n == 0 ||
          r.k == 0)
        return fail("expected 'shape <nn|nt|tn|tt> m n k entry=E split=S gflops=G builtin=G' with E an entry above");
      s.shapes.push_back(r);
    } else {
      return fail("unknown line '" + std::string(kind) + "'");
    }
  }
  if (!header) return fail("empty file");
  return true;
}

template <class Unused = void>
std::optional<File> parse(std::string_view text, std::string& why) {
  File f;
  if (!parse_into(text, f, why)) return std::nullopt;
  return f;
}

}  // namespace gemmcl::dispatch::tuning
GEMMCL_COLD_END
