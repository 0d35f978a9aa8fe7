// The tuner (tune.hpp) on the test device with a small budget: it writes a tuning file that parses, whose
// entries are the report's, and a second process (tuning_user) reads it and computes right with it.

#include <doctest/doctest.h>

#include <gemmcl/tune.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "support/common.hpp"
#include "support/tuning_runtime.hpp"

// The path of tuning_user, given by CMake (tests/CMakeLists.txt).
#ifndef GEMMCL_TUNING_USER
#define GEMMCL_TUNING_USER ""
#endif

using namespace gemmcl;
namespace fs = std::filesystem;
namespace tf = gemmcl::dispatch::tuning;
using gt::device, gt::fresh_process, gt::Scratch, gt::read, gt::require_runnable;

TEST_CASE("tuner: a short run on the test device writes a file the next process uses") {
  fresh_process();
  const core::DeviceInfo& d = device();
  Scratch s;
  set_cache_directory(s.dir.string());
  const std::string expected = runtime::tuning::default_path(d);
  CHECK(expected.rfind((s.dir / "tuning").string() + "/", 0) == 0);

  tune::Options o;
  o.budget_seconds = 25;
  o.quick_size = 128;
  o.shapes = {{128, 128, 128, false, false, "square"}, {96, 64, 300, false, false, "deep"}};
  o.finalists = 2;
  o.progress = tune::Progress::Lines;
  const auto start = std::chrono::steady_clock::now();
  const tune::Report r = tune::tune<float>(gt::target().queue, o);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("tuner: " << r.tried << " of " << r.candidates << " candidates tried in " << seconds << " s, best "
                    << r.best_gflops << " GFLOPS");
  CHECK(seconds < 2 * o.budget_seconds);  // the budget, and the last candidate or shape begun within it
  CHECK(r.tried >= 1);
  CHECK(r.wrong == 0);
  CHECK(r.device == d.name);
  CHECK(r.best_gflops > 0);
  CHECK(r.quick_size == 128);
  CHECK(!r.entries.empty());
    REQUIRE_FALSE(r.path.empty());
  CHECK(r.path == expected);
  REQUIRE(fs::exists(r.path));

  std::string why;
  const std::optional<tf::File> f = tf::parse(read(r.path), why);
  REQUIRE_MESSAGE(f.has_value(), why);
  CHECK(f->device == d.name);
  CHECK(f->driver == d.driver_version);
  const tf::Section* section = f->find("float");
  REQUIRE(section != nullptr);
  CHECK(section->entries.size() >= 1);
  REQUIRE(section->entries.size() == r.entries.size());
  for (std::size_t i = 0; i < r.entries.size(); ++i) {
    INFO("entry " << i);
    CHECK(section->entries[i].target == r.entries[i].target);
    policy::Config c = section->entries[i].config;
    c.element = r.entries[i].config.element;  // the file does not name it: its section does
    CHECK(c == r.entries[i].config);
    CHECK(section->entries[i].resident == r.entries[i].resident);
  }
  CHECK(section->shapes.size() == r.shapes.size());
  for (const tf::Shape& rule : section->shapes) {
    CHECK((rule.entry == tf::kBuiltin || rule.entry < section->entries.size()));
    CHECK(rule.split >= 1);
  }
  require_runnable(*section, d, element::info_of<float>);

  // The next process: GEMMCL_CACHE_DIR points at the file; the rest of the environment as here.
  REQUIRE_MESSAGE(std::string(GEMMCL_TUNING_USER) != "", "built without GEMMCL_TUNING_USER, tuning_user's path");
  const std::string command = "env -u GEMMCL_TUNING -u GEMMCL_TUNING_FILE GEMMCL_CACHE_DIR='" + s.dir.string() +
                              "' '" + std::string(GEMMCL_TUNING_USER) + "'";
  const auto child = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  MESSAGE("tuning_user: " << std::chrono::duration<double>(std::chrono::steady_clock::now() - child).count()
                          << " s");
  CHECK(status == 0);
  set_cache_directory("");
}

// A file it cannot write ends the run with TuningFailed, after the search, and leaves nothing behind.
// (Its candidates' programs are mostly those of the case above, still built in this process.)
TEST_CASE("tuner: a tuning file it cannot write is a TuningFailed error") {
  fresh_process();
  Scratch s;
  const fs::path not_a_folder = s.dir / "file";
  { std::ofstream(not_a_folder) << "a file, not a folder\n"; }
  tune::Options o;
  o.budget_seconds = 5;
  o.quick_size = 128;
  o.shapes = {{128, 128, 128, false, false, "square"}};
  o.finalists = 1;
  o.progress = tune::Progress::Lines;
  o.output = (not_a_folder / "tuning.txt").string();
  bool threw = false;
  try {
    (void)tune::tune<float>(gt::target().queue, o);
  } catch (const Error& e) {
    threw = true;
    INFO("message: ", e.what());
    CHECK(e.code() == ErrorCode::TuningFailed);
    CHECK(std::string(e.what()).find("cannot write the tuning file " + o.output) != std::string::npos);
  }
  CHECK(threw);
  CHECK(fs::is_regular_file(not_a_folder));
  CHECK(read(not_a_folder) == "a file, not a folder\n");
}
