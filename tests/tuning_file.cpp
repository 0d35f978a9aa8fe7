// Tuning files' text (dispatch/tuning_file.hpp), without a device: a file round-trips through its text,
// and a malformed one is refused with the line that is wrong. tuning_space.cpp, in the same program,
// checks the tuner's candidates; how Gemm<> reads the files, and the tuner's run, are tested in
// tuning.cpp.

#include <doctest/doctest.h>

#include <gemmcl/dispatch/tuning_file.hpp>
#include <gemmcl/element/double.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "support/tuning.hpp"

using namespace gemmcl;
namespace tf = gemmcl::dispatch::tuning;
using gt::config, gt::rule;

namespace {

// ---- Parsing --------------------------------------------------------------------------------------------

// A well-formed file; the malformed ones below change one line of it (numbered from 1).
const std::vector<std::string> good_lines = {
    "gemmcl-tuning 1",                                                                          // 1
    "device Test Device",                                                                       // 2
    "driver 1.0",                                                                               // 3
    "section float",                                                                            // 4
    "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 local=ab padding=0 prefetch=1",                 // 5
    "entry 1 generic tile=64x64x16 vec=4 wpt=4x4 local=ab prefetch=1 speeds=90,91,92,93",       // 6
    "shape nn 64 64 2048 entry=1 split=4 gflops=1.0 builtin=0.5",                               // 7
    "shape tn 100 300 50 entry=builtin split=1 gflops=1.0 builtin=1.0",                         // 8
};

std::string join(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}
// The good file with line `n` replaced (or removed, where `line` is nullopt).
std::string with_line(std::size_t n, std::optional<std::string> line) {
  std::vector<std::string> lines = good_lines;
  if (line)
    lines[n - 1] = *line;
  else
    lines.erase(lines.begin() + std::ptrdiff_t(n - 1));
  return join(lines);
}

// Checks that `text` is refused, the reason naming line `line` (and containing `about`).
void refused(const std::string& text, std::size_t line, const std::string& about = {}) {
  std::string why;
  const std::optional<tf::File> f = tf::parse(text, why);
  INFO("text:\n" << text << "why: " << why);
  CHECK_FALSE(f.has_value());
  CHECK(why.rfind("line " + std::to_string(line) + ": ", 0) == 0);
  if (!about.empty()) CHECK(why.find(about) != std::string::npos);
}

}  // namespace

TEST_CASE("tuning file: write, then parse, gives back every field") {
  tf::File f;
  f.device = "Some  Device (rev 2)";
  f.driver = "3.0 build 7";
  tf::Section fl{"float", {}, {}};
  fl.entries.push_back({"generic", config(32, 32, 8, 4, 4, 4, true, true, true), dispatch::speeds(88, 89, 85, 86), 2});
  tf::Entry pipelined{"generic", config(64, 64, 16, 4, 4, 4, true, true, false), dispatch::speeds(100), 3};
  pipelined.config.stages = 3;
  pipelined.config.padding = 4;
  pipelined.config.register_prefetch = true;
  fl.entries.push_back(pipelined);
  tf::Entry other{"nvidia", config(128, 64, 16, 4, 8, 4, true, false, false), dispatch::speeds(1, 2, 3, 4), 1};
  other.config.unroll = 8;
  other.config.warp_lanes_m = 4;
  fl.entries.push_back(other);
  tf::Entry sliced{"generic", config(64, 64, 32, 4, 4, 4, true, true, false), dispatch::speeds(70), 1};
  sliced.config.slices = 2;
  sliced.config.unroll = 4;
  fl.entries.push_back(sliced);
  tf::Entry none{"generic", config(16, 16, 4, 1, 2, 2, false, false, false), dispatch::speeds(5), 4};
  fl.entries.push_back(none);
  for (const tf::Entry& e : fl.entries) {
    INFO(tf::entry_line(0, e));
    REQUIRE(policy::rule::valid(e.config));
  }
  fl.shapes.push_back(rule(false, false, 1000, 1000, 1000, 0, 2, 41234.5, 39876.0));
  fl.shapes.push_back(rule(true, true, 128, 128, 65536, tf::kBuiltin, 1, 9876.5, 9876.5));
  fl.shapes.push_back(rule(true, false, 7, 300, 2000, 1, 16, 0.5, 1024.5));
  fl.shapes.push_back(rule(false, true, 1, 2, 3, 4, 1, 0, 0));
  tf::Section db{"double", {}, {}};
  db.entries.push_back({"generic", config(32, 32, 8, 2, 4, 4, true, true, true), dispatch::speeds(50), 1});
  db.shapes.push_back(rule(false, false, 512, 512, 512, 0, 1, 123.5, 120.0));
  db.shapes.push_back(rule(false, true, 64, 64, 64, tf::kBuiltin, 1, 1.5, 2.5));
  db.elsewhere_builtin = true;
  f.sections = {fl, db};

  const std::string text = tf::write(f, "a comment");
  INFO(text);
  CHECK(text.find("# a comment\n") != std::string::npos);
  std::string why;
  const std::optional<tf::File> g = tf::parse(text, why);
  REQUIRE_MESSAGE(g.has_value(), why);
  CHECK(g->device == f.device);
  CHECK(g->driver == f.driver);
  REQUIRE(g->sections.size() == 2);
  for (std::size_t s = 0; s < 2; ++s) {
    const tf::Section &x = f.sections[s], &y = g->sections[s];
    CHECK(y.element == x.element);
    CHECK(y.elsewhere_builtin == x.elsewhere_builtin);
    REQUIRE(y.entries.size() == x.entries.size());
    for (std::size_t i = 0; i < x.entries.size(); ++i) {
      INFO("section " << x.element << " entry " << i);
      const tf::Entry &a = x.entries[i], &b = y.entries[i];
      CHECK(b.target == a.target);
      CHECK(b.config == a.config);
      CHECK(b.config.tile_m == a.config.tile_m);
      CHECK(b.config.stages == a.config.stages);
      CHECK(b.config.padding == a.config.padding);
      CHECK(b.config.register_prefetch == a.config.register_prefetch);
      CHECK(b.speed.nn == a.speed.nn);
      CHECK(b.speed.nt == a.speed.nt);
      CHECK(b.speed.tn == a.speed.tn);
      CHECK(b.speed.tt == a.speed.tt);
      CHECK(b.resident == a.resident);
    }
    REQUIRE(y.shapes.size() == x.shapes.size());
    for (std::size_t i = 0; i < x.shapes.size(); ++i) {
      INFO("section " << x.element << " shape " << i);
      const tf::Shape &a = x.shapes[i], &b = y.shapes[i];
      CHECK(b.trans_a == a.trans_a);
      CHECK(b.trans_b == a.trans_b);
      CHECK(b.m == a.m);
      CHECK(b.n == a.n);
      CHECK(b.k == a.k);
      CHECK(b.entry == a.entry);
      CHECK(b.split == a.split);
      CHECK(b.gflops == a.gflops);  // written with one decimal: these are exact
      CHECK(b.builtin == a.builtin);
    }
  }
  CHECK(g->find("double") == &g->sections[1]);
  CHECK(g->find("half") == nullptr);
  CHECK(tf::write(*g, "a comment") == text);  // and the text again

  // Windows line ends, comments and blank lines are fine.
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  crlf = "# leading comment\r\n\r\n" + crlf + "\r\n# trailing\r\n";
  const std::optional<tf::File> h = tf::parse(crlf, why);
  REQUIRE_MESSAGE(h.has_value(), why);
  CHECK(h->device == f.device);
  CHECK(h->driver == f.driver);
  CHECK(tf::write(*h, "a comment") == text);

  // Lines of spaces only are skipped, and indented lines read as the same lines unindented (comments
  // are the lines that start with '#').
  std::string spaced = "   \n";
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) spaced += (line.starts_with('#') ? line : "  " + line) + "\n \n";
  const std::optional<tf::File> k = tf::parse(spaced, why);
  INFO(spaced);
  REQUIRE_MESSAGE(k.has_value(), why);
  CHECK(k->device == f.device);
  CHECK(k->driver == f.driver);
  CHECK(tf::write(*k, "a comment") == text);
  const std::optional<tf::File> x = tf::parse("gemmcl-tuning 1\n  device X\n    driver 2.0\n \n", why);
  REQUIRE_MESSAGE(x.has_value(), why);
  CHECK(x->device == "X");
  CHECK(x->driver == "2.0");
}

TEST_CASE("tuning file: a malformed file is refused, naming the line") {
  {
    std::string why;
    const std::optional<tf::File> f = tf::parse(join(good_lines), why);
    REQUIRE_MESSAGE(f.has_value(), why);
    REQUIRE(f->sections.size() == 1);
    CHECK(f->sections[0].entries.size() == 2);
    CHECK(f->sections[0].shapes.size() == 2);
  }
  SUBCASE("no header") {
    refused(with_line(1, std::nullopt), 1, "gemmcl-tuning 1");
    refused("# a comment first\n" + with_line(1, std::nullopt), 2, "gemmcl-tuning 1");
    refused(with_line(1, "gemmcl-tuning"), 1);
    refused(with_line(1, "gemmcl-tuning 1 extra"), 1);
    refused(with_line(1, "gemmcl-tunings 1"), 1);
    refused("  \n" + with_line(1, std::nullopt), 2, "gemmcl-tuning 1");  // a line of spaces counts
  }
  SUBCASE("another format") {
    refused(with_line(1, "gemmcl-tuning 2"), 1, "gemmcl-tuning 1");
    refused(with_line(1, "gemmcl-tuning 0"), 1);
    refused(with_line(1, "gemmcl-tuning one"), 1);
  }
  SUBCASE("an unknown key or value of an entry") {
    refused(with_line(5, good_lines[4] + " colour=blue"), 5, "colour=blue");
    refused(with_line(5, good_lines[4] + " prefetch"), 5);
    refused(with_line(6, "entry 1 generic tile=64x64x16 vec=4 wpt=4x4 local=c"), 6, "local=c");
    refused(with_line(6, "entry 1 generic tile=64x64x16 vec=4 wpt=4x4 prefetch=2"), 6, "prefetch=2");
    refused(with_line(6, "entry 1 generic tile=64x64x16 vec=4 wpt=4x4 resident=0"), 6, "resident=0");
    refused(with_line(5, "   " + good_lines[4] + " colour=blue"), 5, "colour=blue");  // indented
  }
  SUBCASE("vec=0 and other sizes out of range (no division by zero)") {
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=0 wpt=4x4 local=ab prefetch=1"), 5, "out of range");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=0x4 local=ab"), 5, "out of range");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 unroll=-1"), 5, "out of range");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 slices=0"), 5, "out of range");
    refused(with_line(5, "entry 0 generic tile=0x32x8 vec=4 wpt=4x4"), 5, "out of range");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=-4 wpt=4x4"), 5, "out of range");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 padding=65"), 5, "out of range");
    refused(with_line(6, "entry 1 generic tile=64x64x16 vec=4 wpt=4x4 stages=9"), 6, "out of range");
    refused(with_line(6, "entry 1 generic tile=8192x64x16 vec=4 wpt=4x4"), 6, "out of range");
    refused(with_line(6, "entry 1 generic tile=64x64x16 vec=4 wpt=4x4 warp=33"), 6, "out of range");
  }
  SUBCASE("a configuration that breaks a policy rule") {
    // The tile's K is not a multiple of the vector width.
    policy::Config c = config(32, 32, 6, 4, 4, 4, true, true, true);
    CHECK_FALSE(policy::rule::vec_divides_tile(c));
    refused(with_line(5, "entry 0 generic tile=32x32x6 vec=4 wpt=4x4 local=ab prefetch=1"), 5, "rule");
    refused(with_line(5, "entry 0 generic tile=30x32x8 vec=4 wpt=2x4 local=ab"), 5, "rule");
    // Register prefetch without double buffers; Pipeline with Prefetch; padding without local memory.
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 local=ab regprefetch=1"), 5, "rule");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 local=ab prefetch=1 stages=2"), 5, "rule");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 local=none padding=4"), 5, "rule");
  }
  SUBCASE("a shape rule naming an entry that is not there") {
    refused(with_line(7, "shape nn 64 64 2048 entry=2 split=4 gflops=1.0 builtin=0.5"), 7, "entry");
    // Entries belong to their section: a second section has none yet.
    std::vector<std::string> lines = good_lines;
    lines.push_back("section double");
    lines.push_back("shape nn 64 64 64 entry=0 split=1 gflops=1.0 builtin=0.5");
    refused(join(lines), 10);
  }
  SUBCASE("split=0, and other shape values out of range") {
    refused(with_line(7, "shape nn 64 64 2048 entry=1 split=0 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nn 64 64 2048 entry=1 split=-2 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nn 0 64 2048 entry=1 split=1 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nn 64 64 0 entry=1 split=1 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nx 64 64 2048 entry=1 split=4 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nnn 64 64 2048 entry=1 split=4 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nn 64 64 2048 entry=1 split=4 gflops=1.0"), 7);
    refused(with_line(7, "shape nn 64 64 2048 entry=1 split=4 gflops=1.0 builtin=0.5 more=1"), 7);
    refused(with_line(7, "shape nn 64 64 2048 split=4 entry=1 gflops=1.0 builtin=0.5"), 7);
  }
  SUBCASE("a number that is not one") {
    refused(with_line(7, "shape nn 64 sixty 2048 entry=1 split=4 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nn 64 64 2048 entry=one split=4 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nn 64 64 2048 entry=1 split=4x gflops=1.0 builtin=0.5"), 7);
    refused(with_line(7, "shape nn 64 64 2048 entry=1 split=4 gflops=fast builtin=0.5"), 7);
    refused(with_line(7, "shape nn 64 64 -2048 entry=1 split=4 gflops=1.0 builtin=0.5"), 7);
    refused(with_line(5, "entry 0 generic tile=32xAx8 vec=4 wpt=4x4 local=ab prefetch=1"), 5, "tile=32xAx8");
    refused(with_line(5, "entry 0 generic tile=32x32 vec=4 wpt=4x4 local=ab prefetch=1"), 5, "tile=32x32");
    refused(with_line(5, "entry 0 generic tile=32x32x8x8 vec=4 wpt=4x4 local=ab prefetch=1"), 5);
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4.0 wpt=4x4 local=ab prefetch=1"), 5, "vec=4.0");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 speeds=1,2,3"), 5, "speeds=1,2,3");
    refused(with_line(5, "entry 0 generic tile=32x32x8 vec=4 wpt=4x4 vec=99999999999"), 5);
  }
  SUBCASE("an entry or shape before any section") {
    refused(with_line(4, std::nullopt), 4, "section");
    std::vector<std::string> lines = good_lines;
    lines.erase(lines.begin() + 3, lines.begin() + 6);  // section and entries
    refused(join(lines), 4, "section");
  }
  SUBCASE("entries out of order") {
    refused(with_line(5, "entry 1 generic tile=32x32x8 vec=4 wpt=4x4 local=ab prefetch=1"), 5, "entry 0");
    refused(with_line(6, "entry 0 generic tile=64x64x16 vec=4 wpt=4x4 local=ab prefetch=1"), 6, "entry 1");
    refused(with_line(6, "entry 2 generic tile=64x64x16 vec=4 wpt=4x4 local=ab prefetch=1"), 6, "entry 1");
    refused(with_line(6, "entry 1"), 6);  // no target
  }
  SUBCASE("a second section for the same element type") {
    std::vector<std::string> lines = good_lines;
    lines.push_back("section double");
    std::string why;
    const std::optional<tf::File> two = tf::parse(join(lines), why);  // another type is fine
    REQUIRE_MESSAGE(two.has_value(), why);
    CHECK(two->sections.size() == 2);
    lines.push_back("section float");
    refused(join(lines), 10, "second section");
    lines.pop_back();
    lines.push_back("  section double");  // indented, and straight after the first
    refused(join(lines), 10, "second section");
    refused(join(good_lines) + "\n   \nsection float\n", 11, "second section");
  }
  SUBCASE("other lines") {
    refused(with_line(4, "sektion float"), 4, "sektion");
    refused(with_line(4, "section float double"), 4, "section");
    refused(with_line(4, "section"), 4, "section");
    std::string why;
    CHECK_FALSE(tf::parse("", why).has_value());
    CHECK(why.find("empty") != std::string::npos);
    CHECK_FALSE(tf::parse("# only a comment\n\n", why).has_value());
    CHECK(why.find("empty") != std::string::npos);
  }
}
