#pragma once
// Gemm<>'s tuning files. gemmcl-tune writes one per device into <cache>/tuning/ (the cache directory of
// disk_cache.hpp: $GEMMCL_CACHE_DIR, else $XDG_CACHE_HOME/gemmcl, else ~/.cache/gemmcl), named by the
// device and a hash of its name, vendor and driver. Where the device's file has a section for the element
// type, Gemm<> chooses from it (dispatch/tuned.hpp); else from the built-in table. A file that does not
// parse, was made for another device or driver, or names what the device cannot run is ignored with one
// warning on stderr. GEMMCL_TUNING=0 or gemmcl::set_tuning(false) ignores tuning files;
// GEMMCL_TUNING_FILE or gemmcl::set_tuning_file(path) reads that file for every device instead (one the
// device does not match is ignored as above). Files are read once per process and device.

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "../core/device.hpp"
#include "../dispatch/dispatch.hpp"
#include "../dispatch/tuned.hpp"
#include "../dispatch/tuning_file.hpp"
#include "disk_cache.hpp"
#include "enqueue.hpp"
#include "../util/cold.hpp"

GEMMCL_COLD_BEGIN
namespace gemmcl {
namespace runtime::tuning {

struct State {
  std::mutex mutex;
  bool read_environment = false, enabled = true;
  std::string file;  // set_tuning_file / GEMMCL_TUNING_FILE; "" the device's own
  struct Loaded {
    cl_device_id device;
    std::string element, path, reason;  // reason: why no table ("" where there is one)
    std::unique_ptr<dispatch::TunedTable> table;
  };
  std::vector<std::unique_ptr<Loaded>> loaded;
};

inline State& state() {
  static State* const s = new State;  // never destroyed: tables outlive every call
  return *s;
}

inline void read_environment(State& s) {
  if (s.read_environment) return;
  s.read_environment = true;
  if (const char* on = std::getenv("GEMMCL_TUNING"); on != nullptr && std::string_view(on) == "0") s.enabled = false;
  if (const char* file = std::getenv("GEMMCL_TUNING_FILE"); file != nullptr && s.file.empty()) s.file = file;
}

// The file name of a device's tuning file: its name made safe for a path, and a hash of what identifies it.
template <class Unused = void>
std::string file_name(const core::DeviceInfo& d) {
  std::string name;
  for (char c : d.name) name += (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-') ? c : '_';
  char hash[20];
  std::snprintf(hash, sizeof hash, "-%08llx.txt",
                static_cast<unsigned long long>(util::fnv1a(d.name + "|" + d.vendor + "|" + d.driver_version) &
                                                0xffffffffULL));
  return name + hash;
}

// Where gemmcl-tune writes the device's file and Gemm<> reads it ("" without a cache directory).
template <class Unused = void>
std::string default_path(const core::DeviceInfo& d) {
  const std::string directory = disk::cache_directory();
  return directory.empty() ? std::string() : directory + "/tuning/" + file_name(d);
}

template <class Unused = void>
State::Loaded load(const State& s, const core::DeviceInfo& d, const element::Info& e, bool last_wave) {
  State::Loaded out{d.id, std::string(e.name), s.file.empty() ? default_path(d) : s.file, {}, nullptr};
  const std::optional<std::string> text = out.path.empty() ? std::nullopt : disk::read_all(out.path);
  if (!text) {
    out.reason = "no tuning file";
    return out;
  }
  std::string why;
  dispatch::tuning::File parsed;
  const dispatch::tuning::File* file = dispatch::tuning::parse_into(*text, parsed, why) ? &parsed : nullptr;
  if (file == nullptr) {
    out.reason = "it does not parse (" + why + ")";
  } else if (file->device != d.name || file->driver != d.driver_version) {
    out.reason = "it was made for " + file->device + " (driver " + file->driver + "), not this device and driver";
  } else if (const dispatch::tuning::Section* section = file->find(e.name); section == nullptr) {
    out.reason = "it has no section for " + std::string(e.name);
    return out;  // not an error: the built-in table applies
  } else if (!(out.table = dispatch::make_tuned_table(*section, e, d, why))) {
    out.reason = "its " + std::string(e.name) + " section cannot run here (" + why + ")";
  } else {
    out.table->last_wave = last_wave;
  }
  if (!out.table)
    std::fprintf(stderr, "gemmcl: the tuning file %s is ignored: %s; Gemm<> uses its built-in table\n",
                 out.path.c_str(), out.reason.c_str());
  return out;
}

// The device's file for an element type, read on the first call (every call of Gemm<> asks: after the
// first, a search of a short list). last_wave() tells, on that first call only, whether the device's
// built-in table uses the last-wave split (dispatch/split.hpp), which the file's table then does too.
template <class LastWave>
const State::Loaded& loaded(const core::DeviceInfo& d, const element::Info& e, LastWave last_wave) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (const auto& l : s.loaded)
    if (l->device == d.id && l->element == e.name) return *l;
  read_environment(s);
  if (!s.enabled) {
    s.loaded.push_back(std::make_unique<State::Loaded>(State::Loaded{d.id, std::string(e.name), {}, "tuning is off", nullptr}));
  } else {
    s.loaded.push_back(std::make_unique<State::Loaded>(load(s, d, e, last_wave())));
  }
  return *s.loaded.back();
}

template <class T>
const State::Loaded& loaded_for(const core::DeviceInfo& d) {
  return loaded(d, element::info_of<T>, [&] {
    bool last_wave = false;
    dispatch::with_table<T>(d, [&](auto table) { last_wave = decltype(table)::last_wave; });
    return last_wave;
  });
}

// The device's tuned table for Gemm<> with this resolved configuration, or null.
template <class Resolved>
dispatch::TunedTable* table_for(const core::DeviceInfo& d) {
  if constexpr (Resolved::automatic)
    return loaded_for<typename Resolved::kernel_element_type>(d).table.get();
  else
    return nullptr;
}

}  // namespace runtime::tuning

// Whether Gemm<> on a queue's device uses a tuning file for an element type ("float", "double"), which
// one, why not, and how many calls it has planned so far.
struct TuningStatus {
  std::string path;
  bool in_use = false;
  std::string reason;  // where not in use
  std::size_t plans = 0;
};
template <class Unused = void>
TuningStatus tuning_status(const cl::CommandQueue& queue, std::string_view element = "float") {
  const core::DeviceInfo& d = core::device_info(runtime::queue_target(queue).device);
  if (element != "float" && element != "double")
    throw Error(ErrorCode::ElementUnsupported,
                "gemmcl::tuning_status: tuning files hold float and double sections, not " + std::string(element),
                Argument::none);
  const auto& l = element == "double" ? runtime::tuning::loaded_for<double>(d) : runtime::tuning::loaded_for<float>(d);
  return {l.path, l.table != nullptr, l.reason, l.table ? l.table->plans.load() : 0};
}

// Turns tuning files on or off for devices not yet seen by this process (GEMMCL_TUNING=0 turns them off).
template <class Unused = void>
void set_tuning(bool enabled) {
  auto& s = runtime::tuning::state();
  std::lock_guard<std::mutex> lock(s.mutex);
  runtime::tuning::read_environment(s);
  s.enabled = enabled;
}

// Reads this tuning file instead of each device's own ("": the device's own), for devices not yet seen.
template <class Unused = void>
void set_tuning_file(std::string path) {
  auto& s = runtime::tuning::state();
  std::lock_guard<std::mutex> lock(s.mutex);
  runtime::tuning::read_environment(s);
  s.file = std::move(path);
}

}  // namespace gemmcl
GEMMCL_COLD_END
