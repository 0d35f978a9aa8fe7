// The persistent program cache (runtime/disk_cache.hpp), in a directory of its own per test and on for
// every platform (set_disk_cache(true): PoCL too, which it leaves to PoCL's own cache by default): a miss
// writes an entry per program; a later process (here: the memory cache cleared) loads it; a corrupt,
// truncated, foreign or driver-refused entry is rebuilt from source and replaced, never trusted; an
// unwritable directory leaves the memory cache working with one warning; GEMMCL_DISK_CACHE's switch
// writes nothing; two processes writing the same entries at once leave whole ones. Every product is
// checked against the reference.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "support/cases.hpp"
#include "support/common.hpp"

using namespace gemmcl;
namespace fs = std::filesystem;

namespace {

using G = Gemm<Tile<16, 16, 8>, Vec<2>>;  // the programs disk_cache_writer builds too

// A directory of its own, removed at the end; the disk cache points there meanwhile.
struct Scratch {
  fs::path dir;
  Scratch() {
    dir = fs::temp_directory_path() / ("gemmcl-disk-test-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir);
    set_cache_directory(dir.string());
    set_disk_cache(true);
  }
  ~Scratch() {
    set_cache_directory("");
    std::error_code e;
    fs::remove_all(dir, e);
  }
  fs::path programs() const { return dir / "programs"; }
};

std::vector<fs::path> entries(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code e;
  for (const auto& f : fs::directory_iterator(dir, e)) files.push_back(f.path());
  return files;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
void write(const fs::path& p, const std::string& data) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(data.data(), std::streamsize(data.size()));
}

// The key an entry was written for (after the magic, the format version and the key's length).
std::string key_of(const std::string& entry) {
  std::uint64_t size = 0;
  std::copy_n(entry.data() + 12, sizeof size, reinterpret_cast<char*>(&size));
  return entry.substr(20, size);
}

// Runs the two programs' worth of calls (transposes (0, 0) and (1, 0), unaligned) and checks them.
void run_calls() {
  std::mt19937_64 rng(gt::base_seed());
  for (std::size_t i : {0u, 2u}) {
    auto cs = gt::base_case(gt::all_combinations[i], 37, 29, 21, -1.0f, 0.5f);
    gt::unaligned(cs, 1);
    INFO(cs.describe());
    const gt::Verdict v = gt::run_case(G{}, gt::target().queue, cs, rng);
    CHECK_MESSAGE(v.ok, v.detail);
  }
}

std::size_t hits() { return runtime::disk::settings().hits.load(); }

// A new process as far as programs go: nothing in memory.
void forget() { runtime::ProgramCache::instance().clear(); }

// Damages every entry with `damage`, then checks that the next calls rebuild, replace the entries, and
// that the calls after them load the new ones.
template <class Damage>
void check_recovery(Damage damage) {
  Scratch s;
  forget();
  run_calls();
  const auto files = entries(s.programs());
  REQUIRE(files.size() == 2);
  for (const auto& f : files) write(f, damage(read(f)));
  forget();
  const std::size_t before = hits();
  run_calls();
  CHECK(hits() == before);  // nothing trusted
  forget();
  run_calls();
  CHECK(hits() == before + 2);  // the replaced entries load
}

}  // namespace

TEST_CASE("disk cache: a miss writes an entry per program, the next process loads them") {
  Scratch s;
  forget();
  const std::size_t before = hits();
  run_calls();
  CHECK(hits() == before);
  CHECK(entries(s.programs()).size() == 2);
  forget();
  const std::size_t builds = runtime::ProgramCache::instance().builds();
  run_calls();
  CHECK(hits() == before + 2);
  CHECK(runtime::ProgramCache::instance().builds() == builds + 2);  // made again, from the disk
  for (const auto& f : entries(s.programs())) CHECK(f.extension() == ".bin");  // no temporary left
}

TEST_CASE("disk cache: a corrupt entry is rebuilt and replaced") {
  check_recovery([](std::string e) {
    e[e.size() / 2] = char(e[e.size() / 2] ^ 0x5a);
    return e;
  });
}

TEST_CASE("disk cache: a truncated entry is rebuilt and replaced") {
  check_recovery([](std::string e) { return e.substr(0, e.size() / 2); });
}

TEST_CASE("disk cache: an entry made for another key is rebuilt and replaced") {
  check_recovery([](const std::string& e) {
    return runtime::disk::encode("another device\n" + key_of(e), std::vector<unsigned char>(e.begin(), e.end()));
  });
}

TEST_CASE("disk cache: a whole entry whose binary the driver refuses is rebuilt and replaced") {
  check_recovery([](const std::string& e) {
    return runtime::disk::encode(key_of(e), std::vector<unsigned char>(64, 0xab));
  });
}

TEST_CASE("disk cache: an unwritable directory leaves the memory cache, with one warning") {
  Scratch s;
  const fs::path file = s.dir / "a-file";
  write(file, "not a directory");
  set_cache_directory((file / "cache").string());  // its parent is a file, whoever runs the test
  forget();
  const std::size_t warnings = runtime::disk::settings().warnings.load();
  run_calls();
  CHECK(runtime::disk::settings().warnings.load() > warnings);
  CHECK(runtime::disk::settings().warned);  // printed once, however many entries failed
  forget();
  run_calls();  // still right, from source
}

TEST_CASE("disk cache: by default it leaves PoCL to its own cache, and serves every other platform") {
  {
    auto& settings = runtime::disk::settings();
    (void)runtime::disk::programs_directory();  // the environment read, as a first call does
    std::lock_guard<std::mutex> lock(settings.mutex);
    settings.forced = false;  // as without GEMMCL_DISK_CACHE=1 or set_disk_cache(true) before
  }
  CHECK_FALSE(runtime::disk::serves("Portable Computing Language"));
  CHECK(runtime::disk::serves("NVIDIA CUDA"));
  CHECK(runtime::disk::serves("Intel(R) OpenCL"));
  Scratch s;  // set_disk_cache(true): every platform
  CHECK(runtime::disk::serves("Portable Computing Language"));
}

TEST_CASE("disk cache: switched off, nothing is written") {
  Scratch s;
  set_disk_cache(false);
  forget();
  run_calls();
  CHECK(entries(s.programs()).empty());
  set_disk_cache(true);
}

TEST_CASE("disk cache: two processes writing the same entries at once leave whole ones") {
  Scratch s;
  const std::string writer = GEMMCL_DISK_CACHE_WRITER;
  // GEMMCL_DISK_CACHE=1: on PoCL too, which the disk cache leaves to its own cache by default.
  const std::string env = "GEMMCL_DISK_CACHE=1 GEMMCL_CACHE_DIR='" + s.dir.string() + "' ";
  // Two writers at once; the status is the first failure of either.
  const std::string both = env + "'" + writer + "' & " + env + "'" + writer + "'; s=$?; wait $! || exit 1; exit $s";
  REQUIRE(std::system(both.c_str()) == 0);
  const auto files = entries(s.programs());
  CHECK(files.size() == 2);
  forget();
  const std::size_t before = hits();
  run_calls();
  CHECK(hits() == before + 2);
}
