#pragma once
// The bench's output: the table printed as results come in, and the CSV written as the run goes
// (one row per measurement; bench/results.md's figures come from these files).

#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "common.hpp"
#include "options.hpp"

namespace bench {

std::string now_utc();
// The host's load average where the system reports one: CPU figures depend on what else runs.
std::string host_load();
// The command line as a shell would take it back (arguments quoted where needed).
std::string command_line(int argc, char** argv);
std::string csv_field(const std::string& s);
// printf of one number; empty for NaN.
std::string fmt(const char* f, double v);

struct Row {  // one CSV line
  std::string library, config, element, layout, ta, tb, reference, check, note;
  Shape shape;
  int sets = 1, runs = 0;
  double median = NAN, min = NAN, max = NAN, kernel = NAN, bracket = NAN;
  double ratio_cublas = NAN, ratio_clblast = NAN, ratio_cpu = NAN, error = NAN, bound = NAN;
};

class Csv {
 public:
  Csv(const std::string& path, std::string date, std::string device, std::string driver, std::string command,
      const Options& o)
      : date_(std::move(date)),
        device_(std::move(device)),
        driver_(std::move(driver)),
        command_(std::move(command)),
        o_(o) {
    if (path.empty()) return;
    out_.open(path);
    if (!out_) throw std::runtime_error("cannot write " + path);
    out_ << "date,device,driver,library,config,type,layout,ta,tb,m,n,k,alpha,beta,warmup,iterations,"
            "runs,sets,median_ms,min_ms,max_ms,kernel_ms,bracket_ms,gflops,ratio_cublas,ratio_clblast,"
            "ratio_cpu,error,bound,reference,check,note,command\n";
    out_.flush();
  }
  void write(const Row& r) {
    if (!out_.is_open()) return;
    const double gflops = gemm_flops(r.shape) / (r.median * 1e-3) * 1e-9;
    const std::string fields[] = {date_,
                                  device_,
                                  driver_,
                                  r.library,
                                  r.config,
                                  r.element,
                                  r.layout,
                                  r.ta,
                                  r.tb,
                                  std::to_string(r.shape.m),
                                  std::to_string(r.shape.n),
                                  std::to_string(r.shape.k),
                                  fmt("%g", o_.alpha),
                                  fmt("%g", o_.beta),
                                  std::to_string(o_.warmup),
                                  std::to_string(o_.iterations),
                                  std::to_string(r.runs),
                                  std::to_string(r.sets),
                                  fmt("%.6f", r.median),
                                  fmt("%.6f", r.min),
                                  fmt("%.6f", r.max),
                                  fmt("%.6f", r.kernel),
                                  fmt("%.6f", r.bracket),
                                  fmt("%.3f", gflops),
                                  fmt("%.4f", r.ratio_cublas),
                                  fmt("%.4f", r.ratio_clblast),
                                  fmt("%.4f", r.ratio_cpu),
                                  fmt("%.3e", r.error),
                                  fmt("%.3e", r.bound),
                                  r.reference,
                                  r.check,
                                  r.note,
                                  command_};
    bool first = true;
    for (const std::string& f : fields) {
      out_ << (first ? "" : ",") << csv_field(f);
      first = false;
    }
    out_ << "\n";
    out_.flush();  // a run cut short keeps what it measured
  }

 private:
  std::ofstream out_;
  std::string date_, device_, driver_, command_;
  const Options& o_;
};

// The table, printed row by row as results come in; its unit is fixed by the first figure.
class Table {
 public:
  explicit Table(std::string units) : units_(std::move(units)) {}

  struct Line {
    std::string config, shape, layout, op;
    double gemmcl = NAN, cublas = NAN, clblast = NAN, cpu = NAN;  // GFLOPS
    double error = NAN, clblast_error = NAN;
    std::string check, clblast_check, note;
  };

  void print(const Line& l) {
    if (units_.empty()) {
      double first = NAN;
      for (double v : {l.gemmcl, l.cublas, l.clblast, l.cpu}) {
        if (!std::isnan(v)) {
          first = v;
          break;
        }
      }
      if (!std::isnan(first)) units_ = first >= 1000.0 ? "T" : "G";
    }
    if (!header_) {
      const std::string u = (units_.empty() ? "G" : units_) + "FLOPS";
      std::printf("\n%-26s %-16s %-3s %-2s | %8s %8s %8s %8s | %8s %8s %8s | %-8s %-5s | %-8s %-5s\n",
                  "config", "MxNxK", "lay", "op", "gemmcl", "cuBLAS", "CLBlast", "CPU-BLAS", "/cuBLAS",
                  "/CLBlast", "/CPU", "error", "check", "CLB err", "check");
      std::printf("%-26s %-16s %-3s %-2s | %8s %8s %8s %8s | %8s %8s %8s | %-8s %-5s | %-8s %-5s\n", "", "",
                  "", "", u.c_str(), u.c_str(), u.c_str(), u.c_str(), "", "", "", "", "", "", "");
      std::printf("%s\n", std::string(150, '-').c_str());
      header_ = true;
    }
    const double scale = units_ == "T" ? 1e-3 : 1.0;
    const char* f = units_ == "T" ? "%8.2f" : "%8.1f";
    auto value = [&](double v) { return std::isnan(v) ? std::string(8 - 1, ' ') + "-" : fmt(f, v * scale); };
    auto ratio = [&](double g, double p) {
      return std::isnan(g) || std::isnan(p) || p <= 0 ? std::string(7, ' ') + "-" : fmt("%7.2fx", g / p);
    };
    auto err = [&](double e) { return std::isnan(e) ? std::string("-") : fmt("%.1e", e); };
    std::printf("%-26s %-16s %-3s %-2s | %s %s %s %s | %s %s %s | %-8s %-5s | %-8s %-5s%s%s\n",
                l.config.c_str(), l.shape.c_str(), l.layout.c_str(), l.op.c_str(), value(l.gemmcl).c_str(),
                value(l.cublas).c_str(), value(l.clblast).c_str(), value(l.cpu).c_str(),
                ratio(l.gemmcl, l.cublas).c_str(), ratio(l.gemmcl, l.clblast).c_str(),
                ratio(l.gemmcl, l.cpu).c_str(), err(l.error).c_str(), l.check.c_str(),
                err(l.clblast_error).c_str(), l.clblast_check.c_str(), l.note.empty() ? "" : "  ",
                l.note.c_str());
    std::fflush(stdout);
  }

 private:
  std::string units_;
  bool header_ = false;
};

}  // namespace bench
