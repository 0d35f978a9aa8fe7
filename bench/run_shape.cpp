// One shape measured (run_shape.hpp).

#include "run_shape.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "opencl.hpp"

namespace bench {

void print_ladder(const Env& env) {
  if (env.ladder.empty()) return;
  std::printf("\ntutorial ladder (GFLOPS; K40m: seed 001, P100: seed 003)\n");
  std::printf("%-16s %-32s %-22s %10s %8s %8s %8s\n", "rung", "idea", "problem", "here", "/cuBLAS", "K40m",
              "P100");
  for (const auto& r : env.ladder) {
    auto num = [](double v, const char* f) { return std::isnan(v) ? std::string("-") : fmt(f, v); };
    std::printf("%-16.*s %-32.*s %-22s %10s %8s %8s %8s\n", static_cast<int>(r.config->name.size()),
                r.config->name.data(), static_cast<int>(r.config->note.size()), r.config->note.data(),
                r.problem.c_str(), num(r.gflops, "%.1f").c_str(),
                std::isnan(r.cublas) ? "-" : fmt("%.2fx", r.gflops / r.cublas).c_str(),
                num(r.config->k40m, "%.0f").c_str(), num(r.config->p100, "%.0f").c_str());
  }
}


namespace {

int rotation_sets(const Env& env, std::size_t bytes_per_set) {
  if (env.l2 == 0 || bytes_per_set == 0 || bytes_per_set > 2 * env.l2) return 1;
  std::size_t sets = 1 + (2 * env.l2 + bytes_per_set - 1) / bytes_per_set;
  sets = std::min<std::size_t>(sets, static_cast<std::size_t>(env.o.max_sets));
  // Leave most of the device's memory alone.
  const std::size_t budget = env.global_mem / 4;
  sets = std::min(sets, std::max<std::size_t>(1, budget / bytes_per_set));
  return static_cast<int>(std::max<std::size_t>(1, sets));
}

template <class T>
cl::Buffer make_buffer(Env& env, const std::vector<T>& host) {
  cl_int status = CL_SUCCESS;
  const std::size_t bytes = std::max<std::size_t>(1, host.size()) * sizeof(T);
  cl::Buffer b(env.context, CL_MEM_READ_WRITE, bytes, nullptr, &status);
  check(status, "clCreateBuffer(" + std::to_string(bytes) + " bytes)");
  check(env.queue.enqueueWriteBuffer(b, CL_TRUE, 0, host.size() * sizeof(T), host.data()),
        "clEnqueueWriteBuffer");
  return b;
}

template <class T>
void write_c(Env& env, cl::Buffer& c, const std::vector<T>& host) {
  check(env.queue.enqueueWriteBuffer(c, CL_TRUE, 0, host.size() * sizeof(T), host.data()),
        "clEnqueueWriteBuffer(C)");
}

template <class T>
std::vector<T> read_c(Env& env, const cl::Buffer& c, std::size_t count) {
  std::vector<T> out(count);
  check(env.queue.enqueueReadBuffer(c, CL_TRUE, 0, count * sizeof(T), out.data()), "clEnqueueReadBuffer(C)");
  return out;
}

struct Check {
  double error = NAN;
  std::string result;  // PASS, FAIL, or empty when not validated
};

template <class T>
Check judge(const Shape& s, double error) {
  Check c;
  c.error = error;
  c.result = error <= error_bound<T>(s) ? "PASS" : "FAIL";
  return c;
}

double gflops(const Shape& s, double ms) { return gemm_flops(s) / (ms * 1e-3) * 1e-9; }

}  // namespace

template <class T>
void run_shape(Env& env, const Shape& shape, const std::vector<const Config*>& configs) {
  const Options& o = env.o;
  const std::size_t a_elems = shape.m * shape.k, b_elems = shape.k * shape.n, c_elems = shape.m * shape.n;
  for (std::size_t e : {a_elems, b_elems, c_elems}) {
    if (e * sizeof(T) > env.max_alloc) {
      std::printf("%s %s: skipped, a matrix of %zu bytes exceeds the device's largest allocation (%zu)\n",
                  shape_name(shape).c_str(), elem_name(elem_of<T>), e * sizeof(T), env.max_alloc);
      return;
    }
  }
  const HostData<T> data = make_data<T>(shape, env.rng);
  const std::size_t bytes_per_set = (a_elems + b_elems + c_elems) * sizeof(T);
  Timing timing{o.warmup, o.iterations, rotation_sets(env, bytes_per_set), o.host_clock};

  struct Set {
    cl::Buffer a, b, c;
  };
  std::vector<Set> sets;
  for (int s = 0; s < timing.sets; ++s) {
    sets.push_back({make_buffer(env, data.a), make_buffer(env, data.b), make_buffer(env, data.c0)});
  }

  bool cublas_ready = false;
  if (env.cublas) {
    std::string why;
    cublas_ready = cublas_peer::upload(data, timing.sets, why);
    if (!cublas_ready) std::printf("cuBLAS: %s\n", why.c_str());
  }

  const T alpha = static_cast<T>(o.alpha), beta = static_cast<T>(o.beta);
  const double bound = error_bound<T>(shape);
  for (gemmcl::Layout layout : o.layouts) {
    for (gemmcl::Transpose ta : o.ta) {
      for (gemmcl::Transpose tb : o.tb) {
        const Case cs{shape, layout, ta, tb};
        Row base;
        base.shape = shape;
        base.element = elem_name(elem_of<T>);
        base.layout = cs.layout_name();
        base.ta = cs.trans_a() ? "t" : "n";
        base.tb = cs.trans_b() ? "t" : "n";
        base.sets = timing.sets;
        base.bound = bound;

        std::optional<Reference> cpu_ref;
        if (o.validate) cpu_ref = cpu_reference(cs, data, o.alpha, o.beta, o.samples, env.rng);

        // cuBLAS: times, and its result as the reference for the OpenCL libraries when it is right.
        PeerResult<T> cub;
        std::optional<Check> cub_check;
        if (cublas_ready) {
          cub = cublas_peer::run(cs, data, alpha, beta, timing, o.validate);
          if (!cub.ran) std::printf("cuBLAS %s: %s\n", shape_name(shape).c_str(), cub.note.c_str());
          if (cub.ran && cpu_ref) cub_check = judge<T>(shape, relative_error(*cpu_ref, cub.c));
        }
        const bool cublas_is_reference = cub.ran && cpu_ref && cub_check && cub_check->result == "PASS";
        if (cub_check && !cublas_is_reference) {
          std::printf(
              "cuBLAS %s %s %s: FAIL against the CPU reference (error %.2e); gemmcl is checked "
              "against the CPU\n",
              shape_name(shape).c_str(), cs.layout_name().c_str(), cs.trans_name().c_str(), cub_check->error);
          ++env.failures;
        }
        const std::string ref_name = cublas_is_reference ? "cuBLAS" : cpu_ref ? cpu_ref->kind : "";
        auto validate = [&](const std::vector<T>& c) -> Check {
          if (!cpu_ref) return {};
          return judge<T>(shape,
                          cublas_is_reference ? relative_error(cub.c, c) : relative_error(*cpu_ref, c));
        };

        // CLBlast on the same queue and buffers.
        bool clb_ran = false;
        ClTimes clb;
        Check clb_check;
        std::string clb_note;
        if (env.clblast) {
          try {
            const std::size_t temp_size = clblast_peer::temp_bytes<T>(env.queue, cs);
            std::optional<cl::Buffer> temp;
            if (temp_size > 0) {
              cl_int status = CL_SUCCESS;
              temp.emplace(env.context, CL_MEM_READ_WRITE, temp_size, nullptr, &status);
              check(status, "clCreateBuffer(CLBlast temp)");
            }
            cl::Buffer* tp = temp ? &*temp : nullptr;
            if (o.validate) {
              write_c(env, sets[0].c, data.c0);
              clblast_peer::enqueue<T>(env.queue, cs, alpha, sets[0].a, sets[0].b, beta, sets[0].c, tp);
              clb_check = validate(read_c<T>(env, sets[0].c, c_elems));
            }
            if (timing.host_clock) {
              clb_note = "not timed (--clock host)";
            } else if (o.iterations > 0) {
              clb = time_opencl(env.queue, env.scratch, timing, Fills::BeforeEachCall, [&](int s) {
                auto& set = sets[static_cast<std::size_t>(s)];
                return std::vector<cl::Event>{
                    clblast_peer::enqueue<T>(env.queue, cs, alpha, set.a, set.b, beta, set.c, tp)};
              });
              if (!clb.gated) clb_note = "timed ungated (a call waited on the host)";
            }
            clb_ran = true;
          } catch (const std::exception& e) {
            clb_note = e.what();
            std::printf("CLBlast %s: %s\n", shape_name(shape).c_str(), e.what());
          }
        }

        // The CPU BLAS.
        PeerResult<T> cpu;
        std::optional<Check> cpu_check;
        if (env.cpu && o.iterations > 0) {
          cpu = cpu::run(cs, data, alpha, beta, timing, o.validate, o.cpu_seconds);
          if (cpu.ran && o.validate) cpu_check = validate(cpu.c);
        }

        const double cub_ms = cub.ran && !cub.stats.empty() ? cub.stats.median() : NAN;
        // CLBlast may enqueue helper kernels before its GEMM and returns only the last event: its time is
        // the bracket, or the last kernel alone where the platform cannot time the bracket's fill.
        const Stats& clb_stats = clb.bracket.empty() ? clb.span : clb.bracket;
        if (clb_ran && o.iterations > 0 && !timing.host_clock && clb.bracket.empty())
          clb_note = "last kernel only (no bracket)";
        const double clb_ms = clb_ran && !clb_stats.empty() ? clb_stats.median() : NAN;
        const double cpu_ms = cpu.ran && !cpu.stats.empty() ? cpu.stats.median() : NAN;

        // Peer rows, once per case.
        if (cub.ran) {
          Row r = base;
          r.library = "cuBLAS";
          r.runs = static_cast<int>(cub.stats.ms.size());
          r.median = cub_ms, r.min = cub.stats.min(), r.max = cub.stats.max();
          if (cub_check) r.error = cub_check->error, r.check = cub_check->result, r.reference = cpu_ref->kind;
          env.csv.write(r);
        }
        if (clb_ran) {
          Row r = base;
          r.library = "CLBlast";
          r.runs = static_cast<int>(clb_stats.ms.size());
          r.median = clb_ms, r.min = clb_stats.min(), r.max = clb_stats.max();
          r.kernel = clb.span.median(), r.bracket = clb.bracket.median();
          r.note = clb_note;
          r.error = clb_check.error, r.check = clb_check.result, r.reference = ref_name;
          if (clb_check.result == "FAIL") ++env.failures;
          env.csv.write(r);
        }
        if (cpu.ran) {
          Row r = base;
          r.library = "CPU-BLAS";
          r.runs = static_cast<int>(cpu.stats.ms.size());
          r.median = cpu_ms, r.min = cpu.stats.min(), r.max = cpu.stats.max();
          if (cpu_check) r.error = cpu_check->error, r.check = cpu_check->result, r.reference = ref_name;
          r.note = cpu.note;
          env.csv.write(r);
        }

        for (const Config* cfg : configs) {
          Table::Line line;
          line.config = std::string(cfg->name);
          line.shape = shape_name(shape);
          line.layout = cs.layout_name();
          line.op = cs.trans_name();
          line.cublas = std::isnan(cub_ms) ? NAN : gflops(shape, cub_ms);
          line.clblast = std::isnan(clb_ms) ? NAN : gflops(shape, clb_ms);
          line.cpu = std::isnan(cpu_ms) ? NAN : gflops(shape, cpu_ms);
          line.clblast_error = clb_check.error;
          line.clblast_check = clb_check.result;

          Row r = base;
          r.library = "gemmcl";
          r.config = line.config;
          r.reference = ref_name;
          const Call call0{layout, ta,         tb,       shape.m,    shape.n,  shape.k,    o.alpha,
                           o.beta, &sets[0].a, cs.lda(), &sets[0].b, cs.ldb(), &sets[0].c, cs.ldc()};
          try {
            // The validation run doubles as the first warm-up (and builds the program).
            if (o.validate) {
              write_c(env, sets[0].c, data.c0);
              cfg->run(env.queue, call0);
              const Check chk = validate(read_c<T>(env, sets[0].c, c_elems));
              line.error = chk.error, line.check = chk.result;
              r.error = chk.error, r.check = chk.result;
              if (chk.result == "FAIL") ++env.failures;
            } else {
              cfg->run(env.queue, call0);
              check(env.queue.finish(), "clFinish");
            }
            if (o.iterations > 0) {
              // gemmcl returns the events of every command a call enqueues (packing, product, a second
              // split-K kernel), so the span is the whole call. It is timed back to back behind a gate, like
              // cuBLAS; a second pass, with a fill before each call, records the bracket beside it.
              auto call_on = [&](int s) {
                auto& set = sets[static_cast<std::size_t>(s)];
                return Call{layout, ta,     tb,       shape.m, shape.n,  shape.k, o.alpha,
                            o.beta, &set.a, cs.lda(), &set.b,  cs.ldb(), &set.c,  cs.ldc()};
              };
              auto timed_call = [&](int s) { return cfg->run(env.queue, call_on(s)); };
              if (timing.host_clock) {
                // By the host's clock: calls without events on a queue without profiling, then a wait.
                int next = 1;
                const Stats t = time_by_host(
                    timing.iterations, [&] { cfg->quiet(env.plain, call_on(next++ % timing.sets)); },
                    [&] { check(env.plain.finish(), "clFinish"); });
                r.runs = static_cast<int>(t.ms.size());
                r.median = t.median(), r.min = t.min(), r.max = t.max();
                r.kernel = r.median;
              } else {
                const ClTimes t = time_opencl(env.queue, env.scratch, timing, Fills::None, timed_call);
                const ClTimes bracketed =
                    time_opencl(env.queue, env.scratch, timing, Fills::BeforeEachCall, timed_call);
                r.runs = static_cast<int>(t.span.ms.size());
                r.median = t.span.median(), r.min = t.span.min(), r.max = t.span.max();
                r.kernel = r.median, r.bracket = bracketed.bracket.median();
                if (!t.gated || !bracketed.gated) line.note = r.note = "timed ungated (a call waited on the host)";
              }
              line.gemmcl = gflops(shape, r.median);
              r.ratio_cublas = line.gemmcl / line.cublas;
              r.ratio_clblast = line.gemmcl / line.clblast;
              r.ratio_cpu = line.gemmcl / line.cpu;
            }
          } catch (const gemmcl::Error& e) {
            // A configuration the device cannot take is refused by design, not a failure.
            const auto code = e.code();
            const bool refused = code == gemmcl::ErrorCode::WorkGroupTooLarge ||
                                 code == gemmcl::ErrorCode::LocalMemoryExceeded ||
                                 code == gemmcl::ErrorCode::DoubleUnsupported ||
                                 code == gemmcl::ErrorCode::VendorMismatch;
            line.check = refused ? "SKIP" : "ERROR";
            line.note = std::string(gemmcl::to_string(code)) + ": " + e.what();
            r.check = line.check;
            r.note = line.note;
            if (!refused) ++env.failures;
          } catch (const std::exception& e) {
            line.check = "ERROR";
            line.note = e.what();
            r.check = "ERROR";
            r.note = line.note;
            ++env.failures;
          }
          const std::size_t nl = line.note.find('\n');
          if (nl != std::string::npos) line.note = line.note.substr(0, nl) + " ...";
          env.table.print(line);
          env.csv.write(r);
          if (cfg->tutorial) {
            env.ladder.push_back(
                {cfg, line.shape + " " + line.layout + " " + line.op, line.gemmcl, line.cublas});
          }
        }
      }
    }
  }
  if (cublas_ready) cublas_peer::release();
}

template void run_shape<float>(Env&, const Shape&, const std::vector<const Config*>&);
template void run_shape<double>(Env&, const Shape&, const std::vector<const Config*>&);

}  // namespace bench
