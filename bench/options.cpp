// The bench's command line (options.hpp).

#include "options.hpp"

#include <cctype>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <utility>

namespace bench {

void usage(std::ostream& os) {
  os << R"(usage: gemmcl_bench [options]

Device (as in Intel's SGEMM sample):
  -p, --platform <index|name>   platform by index or case-insensitive name substring (default: all)
  -t, --device-type <type>      gpu | cpu | acc | all | default (default: a GPU if any, else any)
  -d, --device <index|name>     device among those matching, by index or name substring (default 0)
      --devices                 list platforms and devices, then exit

Problem:
  -M, --size1 <m>  -N, --size3 <n>  -K, --size2 <k>
                                one shape; sizes not given take the first one given
      --shapes <list>           comma list of MxNxK or single sizes (cubes), e.g. 512,1024,4096x64x4096
                                (default: 1024)
      --layout col|row|all      storage order (default col)
      --ta n|t|all, --tb n|t|all
                                op(A), op(B); --ta all --tb all runs the four transposes (default n, n)
      --type float|double       element type (default: that of each configuration)
      --alpha <a>, --beta <b>   (default 1, 0)
      --seed <s>                random inputs in [-1, 1], never 0, fresh per shape (default 1)

Configurations:
  -k, --kernel <names>          comma list of configuration names, a name ending in '*' for a prefix,
                                or 'all' (default: default, or default-double with --type double)
      --list                    print the configuration names and their policies, then exit
      --source <name>           print the OpenCL C of one configuration, then exit

Timing:
  -i, --iterations <n>          timed runs; the median is reported; 0: validate only (default 10)
      --warmup <n>              untimed runs before them (default 2)
      --l2 <bytes>              cache size that decides input rotation (default: the device's)
      --max-sets <n>            at most this many rotated input sets (default 64)
      --clock events|host       events (default): each call between the device's timestamps (gemmcl:
                                OpenCL profiling events; cuBLAS: CUDA events), the timed calls held
                                until all are enqueued; host: runs of calls back
                                to back by the host's clock, then a wait (gemmcl through enqueue, no
                                event a call; CLBlast not timed); -i such runs, the median of
                                their times per call reported

Validation:
  -v, --validation              validate every result (default on)
      --no-validation           do not
      --samples <n>             entries checked when a full CPU reference is too costly (default 4096)

Peers (each optional, compiled in when found at configure time):
      --no-clblast, --no-cublas, --no-cpu
      --cublas                  run cuBLAS even when the OpenCL device is not an NVIDIA GPU
      --cuda-device <i>         CUDA device for cuBLAS (default: the OpenCL device's PCI address, else 0)
      --cublas-pedantic         CUBLAS_PEDANTIC_MATH instead of CUBLAS_DEFAULT_MATH
      --cpu-seconds <s>         time budget of the CPU BLAS per case (default 3)

Output:
      --csv <file>              one row per measurement, GFLOPS, written as the run goes
      --units G|T               GFLOPS or TFLOPS in the table (default: by magnitude)
  -h, --help
)";
}

[[noreturn]] void bad(const std::string& what) {
  std::cerr << "gemmcl_bench: " << what << " (see --help)\n";
  std::exit(2);
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = s.find(sep, start);
    out.emplace_back(s.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

namespace {

std::vector<Shape> parse_shapes(std::string_view list) {
  std::vector<Shape> shapes;
  for (const std::string& item : split(list, ',')) {
    std::vector<std::string> parts = split(lower(item), 'x');
    if (parts.size() != 1 && parts.size() != 3) bad("--shapes: '" + item + "' is not N or MxNxK");
    std::vector<std::size_t> v;
    for (const std::string& p : parts) v.push_back(number<std::size_t>(p, "--shapes"));
    for (std::size_t x : v) {
      if (x == 0) bad("--shapes: sizes must be positive in '" + item + "'");
    }
    shapes.push_back(v.size() == 1 ? Shape{v[0], v[0], v[0]} : Shape{v[0], v[1], v[2]});
  }
  return shapes;
}

template <class E>
std::vector<E> parse_choice(std::string_view value, std::string_view option, std::string_view a_name, E a,
                            std::string_view b_name, E b) {
  const std::string v = lower(std::string(value));
  if (v == a_name) return {a};
  if (v == b_name) return {b};
  if (v == "all") return {a, b};
  bad(std::string(option) + " takes " + std::string(a_name) + ", " + std::string(b_name) + " or all");
}

}  // namespace

Options parse(int argc, char** argv) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string opt = args[i];
    std::optional<std::string> inline_value;
    if (opt.rfind("--", 0) == 0) {
      const std::size_t eq = opt.find('=');
      if (eq != std::string::npos) {
        inline_value = opt.substr(eq + 1);
        opt = opt.substr(0, eq);
      }
    }
    auto value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (i + 1 >= args.size()) bad(opt + " needs a value");
      return args[++i];
    };
    auto is = [&](std::initializer_list<std::string_view> names) {
      return std::find(names.begin(), names.end(), opt) != names.end();
    };
    // Switches: options that take no value and turn one setting on.
    static constexpr std::pair<std::string_view, bool Options::*> switches[] = {
        {"--list", &Options::list},           {"--devices", &Options::devices},  {"--no-clblast", &Options::no_clblast},
        {"--no-cublas", &Options::no_cublas}, {"--no-cpu", &Options::no_cpu},    {"--cublas", &Options::force_cublas},
        {"--cublas-pedantic", &Options::pedantic}};
    const auto on =
        std::find_if(std::begin(switches), std::end(switches), [&](const auto& w) { return w.first == opt; });
    if (on != std::end(switches)) {
      o.*(on->second) = true;
      continue;
    }
    if (is({"-h", "--help"})) {
      usage(std::cout);
      std::exit(0);
    } else if (is({"-p", "--platform"})) {
      o.platform = value();
    } else if (is({"-t", "--device-type"})) {
      o.device_type = lower(value());
    } else if (is({"-d", "--device"})) {
      o.device = value();
    } else if (is({"-M", "--size1"})) {
      o.m = number<std::size_t>(value(), opt);
    } else if (is({"-K", "--size2"})) {
      o.k = number<std::size_t>(value(), opt);
    } else if (is({"-N", "--size3"})) {
      o.n = number<std::size_t>(value(), opt);
    } else if (is({"--shapes"})) {
      const std::vector<Shape> s = parse_shapes(value());
      o.shapes.insert(o.shapes.end(), s.begin(), s.end());
    } else if (is({"-i", "--iterations"})) {
      o.iterations = number<int>(value(), opt);
    } else if (is({"--warmup"})) {
      o.warmup = number<int>(value(), opt);
    } else if (is({"-k", "--kernel"})) {
      for (const std::string& name : split(value(), ',')) {
        if (!name.empty()) o.kernels.push_back(name);
      }
    } else if (is({"-v", "--validation", "--validate"})) {
      o.validate = true;
    } else if (is({"--no-validation", "--no-validate"})) {
      o.validate = false;
    } else if (is({"--layout"})) {
      o.layouts =
          parse_choice(value(), opt, "col", gemmcl::Layout::ColMajor, "row", gemmcl::Layout::RowMajor);
    } else if (is({"--ta"})) {
      o.ta = parse_choice(value(), opt, "n", gemmcl::Transpose::No, "t", gemmcl::Transpose::Yes);
    } else if (is({"--tb"})) {
      o.tb = parse_choice(value(), opt, "n", gemmcl::Transpose::No, "t", gemmcl::Transpose::Yes);
    } else if (is({"--type"})) {
      o.element = lower(value());
      if (o.element != "float" && o.element != "double") bad("--type takes float or double");
    } else if (is({"--alpha"})) {
      o.alpha = number<double>(value(), opt);
    } else if (is({"--beta"})) {
      o.beta = number<double>(value(), opt);
    } else if (is({"--seed"})) {
      o.seed = number<std::uint64_t>(value(), opt);
    } else if (is({"--csv"})) {
      o.csv = value();
    } else if (is({"--source"})) {
      o.source = value();
    } else if (is({"--cuda-device"})) {
      o.cuda_device = number<int>(value(), opt);
    } else if (is({"--cpu-seconds"})) {
      o.cpu_seconds = number<double>(value(), opt);
    } else if (is({"--units"})) {
      o.units = value();
      if (o.units != "G" && o.units != "T") bad("--units takes G or T");
    } else if (is({"--l2"})) {
      o.l2 = number<std::size_t>(value(), opt);
    } else if (is({"--max-sets"})) {
      o.max_sets = std::max(1, number<int>(value(), opt));
    } else if (is({"--clock"})) {
      const std::string c = value();
      if (c != "events" && c != "host") bad("--clock takes events or host");
      o.host_clock = c == "host";
    } else if (is({"--samples"})) {
      o.samples = std::max<std::size_t>(1, number<std::size_t>(value(), opt));
    } else {
      bad("unknown option '" + args[i] + "'");
    }
  }
  if (o.m || o.n || o.k) {
    if (!o.shapes.empty()) bad("give either -M/-N/-K or --shapes");
    const std::size_t first = o.m ? *o.m : o.n ? *o.n : *o.k;
    const Shape s{o.m.value_or(first), o.n.value_or(first), o.k.value_or(first)};
    if (s.m == 0 || s.n == 0 || s.k == 0) bad("-M, -N and -K must be positive");
    o.shapes.push_back(s);
  }
  if (o.shapes.empty()) o.shapes.push_back({1024, 1024, 1024});
  if (o.kernels.empty()) o.kernels.push_back(o.element == "double" ? "default-double" : "default");
  return o;
}

}  // namespace bench
