#pragma once
// The tuner's progress: a bar redrawn in place on a terminal, plain lines otherwise (a log, CI), nothing
// when quiet.

#include <cstdio>
#include <string>

#if defined(_WIN32)
#include <io.h>
#define GEMMCL_ISATTY(f) _isatty(_fileno(f))
#else
#include <unistd.h>
#define GEMMCL_ISATTY(f) isatty(fileno(f))
#endif

namespace gemmcl::tune {

enum class Progress { Auto, Bar, Lines, Quiet };

class Reporter {
 public:
  explicit Reporter(Progress mode, std::FILE* out = stderr) : out_(out) {
    if (mode == Progress::Auto) mode = GEMMCL_ISATTY(out) ? Progress::Bar : Progress::Lines;
    mode_ = mode;
  }
  ~Reporter() { finish(); }
  Reporter(const Reporter&) = delete;
  Reporter& operator=(const Reporter&) = delete;

  // The bar: the fraction of the budget spent and a short status. Lines mode prints nothing here.
  void update(double fraction, const std::string& status) {
    if (mode_ != Progress::Bar) return;
    constexpr int width = 30;
    const int filled = fraction <= 0 ? 0 : fraction >= 1 ? width : int(fraction * width);
    std::string bar(std::size_t(filled), '#');
    bar.resize(width, '.');
    std::fprintf(out_, "\r[%s] %3d%% %-70.70s", bar.c_str(), int(fraction * 100 + 0.5), status.c_str());
    std::fflush(out_);
    drawn_ = true;
  }

  // An event worth a line of its own (a phase, a new best): in both modes.
  void line(const std::string& text) {
    if (mode_ == Progress::Quiet) return;
    if (drawn_) std::fputc('\n', out_);
    drawn_ = false;
    std::fprintf(out_, "gemmcl-tune: %s\n", text.c_str());
    std::fflush(out_);
  }

  void finish() {
    if (drawn_) std::fputc('\n', out_);
    drawn_ = false;
  }

 private:
  std::FILE* out_;
  Progress mode_ = Progress::Lines;
  bool drawn_ = false;
};

}  // namespace gemmcl::tune
