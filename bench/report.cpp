// The bench's output (report.hpp).

#include "report.hpp"

#include <ctime>
#include <thread>

namespace bench {

std::string now_utc() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

std::string host_load() {
  std::ifstream f("/proc/loadavg");
  double one = 0, five = 0;
  if (!(f >> one >> five)) return "unknown";
  char buf[96];
  std::snprintf(buf, sizeof buf, "load average %.2f (1 min), %.2f (5 min) on %u hardware threads", one, five,
                std::thread::hardware_concurrency());
  return buf;
}

std::string command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    const bool plain = !a.empty() &&
                       a.find_first_not_of(
                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                           "0123456789-_=./,:*+") == std::string::npos &&
                       a.find('*') == std::string::npos;
    if (!plain) {
      std::string q = "'";
      for (char ch : a) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
      a = q + "'";
    }
    s += (i ? " " : "") + a;
  }
  return s;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + "\"";
}

std::string fmt(const char* f, double v) {
  if (std::isnan(v)) return "";
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace bench
