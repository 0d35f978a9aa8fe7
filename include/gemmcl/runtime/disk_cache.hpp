#pragma once
// The persistent program cache: a program built from source is also written to disk as the device's
// binary, so that the next process loads it instead of compiling (seconds on a CPU runtime, hundreds of
// milliseconds on a GPU driver). On by default, in $GEMMCL_CACHE_DIR/programs, else
// $XDG_CACHE_HOME/gemmcl/programs, else ~/.cache/gemmcl/programs; GEMMCL_DISK_CACHE=0 turns it off
// and =1 on everywhere; gemmcl::set_cache_directory() and gemmcl::set_disk_cache() do the same from
// C++. By default it leaves PoCL alone: PoCL keeps compiled kernels in a cache of its own, and asking
// it for a program's binary compiles the kernel a second time (the first call took twice as long).
//
// An entry is one file named by the hash of its key (platform, device, driver, build options, source
// hash and size) and holds the key itself, the binary and a checksum. Writes go to a temporary file
// that is renamed into place, so readers see a whole entry or none, and processes writing the same
// entry at once each leave a whole one. An entry that is truncated, corrupt, made for another key or
// refused by the driver is never trusted: the program is built from source and the entry replaced. A
// directory that cannot be written leaves the in-memory cache working, with one warning on stderr.

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Plain C and POSIX (or Windows) file calls: <filesystem> and <fstream> would cost every user's
// compile a third of a second for the few files touched here.
#if defined(_WIN32)
#include <direct.h>
#else
#include <sys/stat.h>
#endif

#include "../core/opencl.hpp"
#include "../util/cold.hpp"
#include "../util/fixed_string.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl {
namespace runtime::disk {

struct Settings {
  std::mutex mutex;
  bool read_environment = false;
  bool enabled = true;
  bool forced = false;  // on for every platform, PoCL included (GEMMCL_DISK_CACHE=1, set_disk_cache)
  std::string directory;  // "" until known
  bool warned = false;
  std::atomic<std::size_t> warnings{0}, hits{0}, stores{0};
};

inline Settings& settings() {
  static Settings* const s = new Settings;  // never destroyed, like the program cache
  return *s;
}

inline std::string default_directory() {
  if (const char* dir = std::getenv("GEMMCL_CACHE_DIR"); dir != nullptr && *dir != '\0') return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
    return std::string(xdg) + "/gemmcl";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return std::string(home) + "/.cache/gemmcl";
  return {};
}

// Whether programs of this platform go to the disk cache.
inline bool serves(std::string_view platform_name) {
  Settings& s = settings();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.forced || platform_name.find("Portable Computing Language") == std::string_view::npos;
}

// The environment, read once (the caller holds the lock).
inline void read_environment(Settings& s) {
  if (!s.read_environment) {
    s.read_environment = true;
    if (const char* on = std::getenv("GEMMCL_DISK_CACHE"); on != nullptr) {
      if (std::string_view(on) == "0") s.enabled = false;
      if (std::string_view(on) == "1") s.forced = true;
    }
    if (s.directory.empty()) s.directory = default_directory();
  }
}

// The cache directory, on or off ("" where there is no home to put it in): tuning files live there too.
inline std::string cache_directory() {
  Settings& s = settings();
  std::lock_guard<std::mutex> lock(s.mutex);
  read_environment(s);
  return s.directory;
}

// The folder entries go to, or "" when the disk cache is off.
inline std::string programs_directory() {
  Settings& s = settings();
  std::lock_guard<std::mutex> lock(s.mutex);
  read_environment(s);
  if (!s.enabled || s.directory.empty()) return {};
  return s.directory + "/programs";
}

inline void warn_once(const std::string& what) {
  Settings& s = settings();
  s.warnings.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.warned) return;
  s.warned = true;
  std::fprintf(stderr, "gemmcl: %s; programs are cached in memory only\n", what.c_str());
}

// An entry: "GEMMCLPB", format version, key, binary, checksum of all before it.
inline constexpr std::string_view magic = "GEMMCLPB";
inline constexpr std::uint32_t format = 1;

inline std::string entry_path(const std::string& directory, const std::string& key) {
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.bin", static_cast<unsigned long long>(util::fnv1a(key)));
  return directory + "/" + name;
}

template <class T>
void put(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

inline std::string encode(const std::string& key, const std::vector<unsigned char>& binary) {
  std::string out(magic);
  put(out, format);
  put(out, static_cast<std::uint64_t>(key.size()));
  out += key;
  put(out, static_cast<std::uint64_t>(binary.size()));
  out.append(reinterpret_cast<const char*>(binary.data()), binary.size());
  put(out, util::fnv1a(out));
  return out;
}

// The binary of a whole, uncorrupted entry for exactly this key; nothing otherwise.
inline std::optional<std::vector<unsigned char>> decode(const std::string& data, const std::string& key) {
  std::size_t at = 0;
  const auto take = [&](void* to, std::size_t n) {
    if (data.size() - at < n) return false;
    std::copy_n(data.data() + at, n, static_cast<char*>(to));
    at += n;
    return true;
  };
  if (data.size() < magic.size() + sizeof(std::uint64_t) || data.compare(0, magic.size(), magic) != 0) return {};
  const std::size_t body = data.size() - sizeof(std::uint64_t);
  std::uint64_t sum = 0;
  std::copy_n(data.data() + body, sizeof sum, reinterpret_cast<char*>(&sum));
  if (sum != util::fnv1a(std::string_view(data.data(), body))) return {};  // corrupt or truncated
  at = magic.size();
  std::uint32_t version = 0;
  std::uint64_t key_size = 0, binary_size = 0;
  if (!take(&version, sizeof version) || version != format || !take(&key_size, sizeof key_size)) return {};
  if (key_size != key.size() || body - at < key_size || data.compare(at, key_size, key) != 0) return {};  // foreign
  at += key_size;
  if (!take(&binary_size, sizeof binary_size) || binary_size != body - at || binary_size == 0) return {};
  return std::vector<unsigned char>(data.begin() + std::ptrdiff_t(at), data.begin() + std::ptrdiff_t(body));
}

// Outside the code compiled for a fast build (util/cold.hpp): with _FORTIFY_SOURCE (on by default in
// some distributions' GCC), fread inlined into a function compiled without optimization takes its
// checked variant and warns that the buffer is too small, an error under -Werror.
GEMMCL_COLD_END
// A whole file, or nothing where it cannot be opened.
inline std::optional<std::string> read_all(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return {};
  std::string data;
  char chunk[65536];
  for (std::size_t got; (got = std::fread(chunk, 1, sizeof chunk, file)) > 0;) data.append(chunk, got);
  std::fclose(file);
  return data;
}
GEMMCL_COLD_BEGIN

inline std::optional<std::vector<unsigned char>> load(const std::string& directory, const std::string& key) {
  const std::optional<std::string> data = read_all(entry_path(directory, key));
  if (!data) return {};
  return decode(*data, key);
}

GEMMCL_COLD_BEGIN

// Creates a directory and its parents; true when it exists afterwards.
inline bool make_directories(const std::string& path) {
  for (std::size_t at = 1; at <= path.size(); ++at) {
    if (at < path.size() && path[at] != '/' && path[at] != '\\') continue;
    const std::string part = path.substr(0, at);
#if defined(_WIN32)
    const int made = _mkdir(part.c_str());
#else
    const int made = mkdir(part.c_str(), 0777);
#endif
    if (made != 0 && errno != EEXIST) return false;
  }
#if defined(_WIN32)
  struct _stat info;
  return _stat(path.c_str(), &info) == 0 && (info.st_mode & _S_IFDIR) != 0;
#else
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
#endif
}

// Writes a file atomically: a temporary file of this process and call, then a rename. Readers see the
// old file or the new one, never a part. False where it cannot be written or replaced.
inline bool write_atomically(const std::string& path, const std::string& data) {
  static std::atomic<unsigned> serial{0};
  // Unique per process (the start time and an address) and per call in it (a serial number).
  static const unsigned long long process =
      static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
      static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(&serial));
  const std::string temporary = path + ".tmp" + std::to_string(process) + "." + std::to_string(serial.fetch_add(1));
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  bool written = file != nullptr && std::fwrite(data.data(), 1, data.size(), file) == data.size();
  if (file != nullptr) written = std::fclose(file) == 0 && written;
  // On Windows rename() does not replace an existing file.
  if (!written || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    return false;
  }
  return true;
}

// Writes an entry (atomically, see above).
inline void store(const std::string& directory, const std::string& key, const std::vector<unsigned char>& binary) {
  if (!make_directories(directory))
    return warn_once("the cache directory " + directory + " cannot be created (" + std::strerror(errno) + ")");
  if (!write_atomically(entry_path(directory, key), encode(key, binary))) {
    // Where the rename failed because another process's entry is in place (Windows), that one stays.
    if (!load(directory, key)) warn_once("the cache directory " + directory + " cannot be written");
    return;
  }
  settings().stores.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace runtime::disk

// Moves the persistent program cache (default, or ""; $GEMMCL_CACHE_DIR, else $XDG_CACHE_HOME/gemmcl,
// else ~/.cache/gemmcl); entries go to <directory>/programs. Programs already in memory stay there.
inline void set_cache_directory(std::string directory) {
  auto& s = runtime::disk::settings();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.directory = directory.empty() ? runtime::disk::default_directory() : std::move(directory);
  s.warned = false;
}

// Turns the persistent program cache on (for every platform, PoCL included) or off for this process.
inline void set_disk_cache(bool enabled) {
  auto& s = runtime::disk::settings();
  (void)runtime::disk::programs_directory();  // the environment is read first, so this call wins
  std::lock_guard<std::mutex> lock(s.mutex);
  s.enabled = enabled;
  s.forced = enabled;
}

}  // namespace gemmcl
GEMMCL_COLD_END
