#pragma once
// Shared by the tests of Gemm<> with tuning files (tuning.cpp) and of the tuner (tuner.cpp): a fresh
// "process" as far as tuning files go, a scratch directory, file reading and writing, and the check that a
// section's entries can run on the test device.

#include <gemmcl/tune.hpp>

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "common.hpp"

namespace gt {

namespace fs = std::filesystem;
using namespace gemmcl;

inline const core::DeviceInfo& device() { return core::device_info(gt::target().device()); }

// As a new process: no tuning file read yet, the environment read again, tuning on, the device's own file.
inline void fresh_process() {
  auto& s = runtime::tuning::state();
  static auto* const retired = new std::vector<std::unique_ptr<runtime::tuning::State::Loaded>>;
  std::lock_guard<std::mutex> lock(s.mutex);
  for (auto& l : s.loaded) retired->push_back(std::move(l));
  s.loaded.clear();
  s.read_environment = false;
  s.enabled = true;
  s.file.clear();
}

// A directory of its own, removed at the end.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("gemmcl-tuning-test-" + std::to_string(std::random_device{}()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code e;
    fs::remove_all(dir, e);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

inline std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
inline void write(const fs::path& p, const std::string& data) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(data.data(), std::streamsize(data.size()));
}


// A section's entries must be valid and within the device's limits, or the test proves nothing.
inline void require_runnable(const dispatch::tuning::Section& s, const core::DeviceInfo& d, const element::Info& e) {
  for (const dispatch::tuning::Entry& entry : s.entries) {
    policy::Config c = entry.config;
    c.element = e;
    INFO(gt::describe(c));
    REQUIRE(policy::rule::valid(c));
    REQUIRE(std::size_t(c.threads()) <= d.max_work_group_size);
    REQUIRE(c.local_bytes() <= d.local_mem_size);
  }
}


}  // namespace gt
