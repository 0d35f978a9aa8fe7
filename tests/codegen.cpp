// The generated OpenCL C, checked where it is made: at compile time. If this file compiles, the text of
// every configuration below has the properties asserted on it. The one run-time test hands a few of the
// texts to the device's compiler.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <string>
#include <string_view>

#include "support/common.hpp"
#include "support/text.hpp"

using namespace gemmcl;
using gt::text::contains;
using gt::text::header;
using line = gt::text::line;

namespace {

// The text outside the in-kernel split-K sections (#if GEMMCL_SPLIT_IN_KERNEL ... #endif, in the
// signature and at the end, neither with conditionals of its own): what a program without that option
// compiles.
constexpr bool outside_split(std::string_view s, std::string_view x) {
  constexpr std::string_view open = "#if GEMMCL_SPLIT_IN_KERNEL\n";
  const std::size_t begin = s.find(open);
  if (begin == std::string_view::npos) return contains(s, x);
  const std::size_t end = s.find("#endif\n", begin);
  return contains(s.substr(0, begin), x) || outside_split(s.substr(end), x);
}

// Properties every kernel text has, whatever its configuration. Returns the index of the first property that does not hold, or -1: a failing static_assert then shows
// which one ("the comparison reduces to (7 == -1)").
template <class G>
constexpr int first_failure() {
  constexpr std::string_view s = G::source;
  constexpr policy::Config c = G::config;
  constexpr std::string_view h = header(s);
  const bool holds[] = {
      contains(s, "__kernel"),
      contains(s, codegen::kernel_name),
      // The configuration, in the header comment.
      contains(h, "gemmcl generated kernel"),
      contains(h, "configuration"),
      contains(h, c.element.name == "double" ? "double" : "float"),
      contains(h, (line() << c.tile_m << " x " << c.tile_n << " x " << c.tile_k).view()),
      contains(h, (line() << "vector width     " << c.vec).view()),
      contains(h, (line() << c.wpt_m << " x " << c.wpt_n).view()),
      contains(h, (line() << c.threads() << " work-items").view()),
      contains(h, "vendor           generic"),
      // The numbers, as the kernel body uses them.
      contains(s, (line() << "#define TILE_M " << c.tile_m << "\n").view()),
      contains(s, (line() << "#define TILE_N " << c.tile_n << "\n").view()),
      contains(s, (line() << "#define TILE_K " << c.tile_k << "\n").view()),
      contains(s, (line() << "#define VW " << c.vec << "\n").view()),
      contains(s, (line() << "#define WPT_M " << c.wpt_m << " ").view()),
      contains(s, (line() << "#define WPT_N " << c.wpt_n << " ").view()),
      contains(s, (line() << "#define THREADS_M " << c.threads_m() << "\n").view()),
      contains(s, (line() << "#define THREADS_N " << c.threads_n() << "\n").view()),
      // Both transposes of both operands are in the one text, chosen when the program is built.
      contains(s, "#if GEMMCL_TRANS_A"),
      contains(s, "GEMMCL_TRANS_B"),
      // Element type and vectors.
      contains(s, c.element.name == "double" ? "typedef double real;" : "typedef float real;"),
      (c.element.name == "double") == contains(s, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"),
      c.vec == 1 ? contains(s, c.element.name == "double" ? "typedef double realv;" : "typedef float realv;")
                 : contains(s, (line() << (c.element.name == "double" ? "typedef double" : "typedef float")
                                       << c.vec << " realv;").view()),
      // Local memory only where asked for, and barriers only with local memory.
      (c.local_a || c.local_b) == outside_split(s, "__local"),
      (c.local_a || c.local_b) == outside_split(s, "barrier("),
      // Split K added in the kernel: a ticket per tile, taken after a device-wide fence.
      contains(s, "#if GEMMCL_SPLIT_IN_KERNEL\n") && contains(s, "atomic_inc(tickets + tile)") &&
          contains(s, "GLOBAL_FENCE();"),
      c.local_a == contains(s, "a_tile"),
      c.local_b == contains(s, "b_tile"),
      !c.local_a || contains(s, (line() << "#define STRIDE_A " << c.tile_m + c.padding << " ").view()),
      !c.local_b || contains(s, (line() << "#define STRIDE_B " << c.tile_n + c.padding << " ").view()),
      contains(h, c.stages > 0 ? "local buffers filled by copies" : c.prefetch ? "double-buffered" : "prefetch         off"),
      // Pipeline<S>: S buffers per tile, the vendor's copies, a wait before every barrier of the K loop.
      (c.stages > 0) == contains(s, "COPY_WAIT();"),
      c.stages == 0 || contains(s, (line() << "#define STAGES " << c.stages << " ").view()),
      c.stages == 0 || contains(s, "__local realv a_store[STAGES * TILE_K * STRIDE_A / VW];"),
      // Readable and well nested.
      gt::text::balanced(s),
      gt::text::tidy(s),
      s.ends_with("}\n"),
      // NUL-terminated, as the runtime hands it to clCreateProgramWithSource.
      s.data()[s.size()] == '\0',
  };
  for (int i = 0; i < static_cast<int>(sizeof holds / sizeof holds[0]); ++i)
    if (!holds[i]) return i;
  return -1;
}

// Names the failing property in the compiler's "required from" line: text_check<7> means index 7.
template <int FailedProperty>
struct text_check {
  static_assert(FailedProperty == -1, "a property of the generated text does not hold (see first_failure)");
  static constexpr bool value = true;
};

using Defaults = Gemm<Tile<64, 64, 16>, Vec<4>>;
using NoLocal = Gemm<Tile<16, 16, 8>, Vec<1>, LocalMemory<Operands::None>>;
using OnlyA = Gemm<Tile<32, 32, 8>, Vec<2>, LocalMemory<Operands::A>, Padding<3>, Prefetch<true>, Element<double>>;
using OnlyB = Gemm<Tile<16, 64, 4>, Vec<1>, LocalMemory<Operands::B>, Prefetch<true>, Padding<3>>;
using Vec8 = Gemm<Tile<64, 32, 16>, Vec<8>, Padding<8>>;
using Vec16 = Gemm<Tile<32, 32, 16>, Vec<16>>;
using DoubleNoLocal = Gemm<Tile<32, 32, 8>, WorkPerThread<4, 4>, LocalMemory<Operands::None>, Element<double>>;
using Pipelined = Gemm<Tile<64, 128, 16>, Vec<4>, WorkPerThread<4, 8>, Pipeline<3>, Padding<4>, RegisterPrefetch<true>>;
using PipelinedNvidia = Gemm<Tile<64, 64, 8>, Vec<2>, Element<double>, Pipeline<4>, vendor::Nvidia<>>;
using Sliced = Gemm<Tile<64, 64, 16>, Vec<4>, WorkPerThread<8, 8>, Prefetch<true>, SliceK<4>>;

static_assert(text_check<first_failure<Defaults>()>::value);
static_assert(text_check<first_failure<NoLocal>()>::value);
static_assert(text_check<first_failure<OnlyA>()>::value);
static_assert(text_check<first_failure<OnlyB>()>::value);
static_assert(text_check<first_failure<Vec8>()>::value);
static_assert(text_check<first_failure<Vec16>()>::value);
static_assert(text_check<first_failure<DoubleNoLocal>()>::value);
static_assert(text_check<first_failure<Pipelined>()>::value);
static_assert(text_check<first_failure<Sliced>()>::value);

// SliceK<S>: S grids of register tiles in one work-group, each multiplying its slice of the staged K
// step; 12 KiB of local memory carries three slices' vectors to the fourth, four vectors per round.
// SliceK<1> is the same kernel as no SliceK.
static_assert(Sliced::config.threads() == 256 && Sliced::config.slice_threads() == 64);
static_assert(contains(Sliced::source, "reqd_work_group_size(THREADS_M, THREADS_N * SLICES, 1)"));
static_assert(contains(Sliced::source, "#define SLICES 4 ") && contains(Sliced::source, "#define SLICE_ROUNDS 4\n"));
static_assert(contains(Sliced::source, "for (int kk = 0; kk < SLICE_K; ++kk)"));
static_assert(Sliced::config.slice_bytes() == 4 * 3 * 64 * 16 &&
              Sliced::config.local_bytes() == 2 * 2 * 16 * 64 * 4 + 4 * 3 * 64 * 16);
static_assert(Gemm<Tile<64, 64, 16>, Vec<4>, SliceK<1>>::source == Defaults::source);

// Pipeline<S>: on NVIDIA (compute capability 8.0 and up, which the runtime passes as GEMMCL_NV_SM) the
// copies are cp.async, 16 bytes at a time for whole vectors, and the wait leaves S - 2 groups in flight;
// elsewhere plain loads and stores.
static_assert(contains(PipelinedNvidia::source, "#if defined(GEMMCL_NV_SM) && GEMMCL_NV_SM >= 80"));
static_assert(contains(PipelinedNvidia::source, "cp.async.cg.shared.global [%0], [%1], 16;"));
static_assert(contains(PipelinedNvidia::source, "cp.async.ca.shared.global [%0], [%1], 8, %2;"), "zero-filled doubles");
static_assert(contains(PipelinedNvidia::source, "cp.async.wait_group 2;"));
static_assert(contains(PipelinedNvidia::source, "#define COPY_ONE(dst, src) (*(dst) = *(src))"), "the fallback");
static_assert(!contains(Pipelined::source, "cp.async") && contains(Pipelined::source, "#define COPY_WAIT()\n"));
static_assert(Pipelined::config.local_bytes() == 3 * (16 * 68 + 16 * 132) * 4, "three buffers of padded tiles");

// Specific properties, spelled out.
static_assert(!outside_split(NoLocal::source, "__local") && !outside_split(NoLocal::source, "barrier("),
              "LocalMemory<None>: no local memory and no barriers (unless K is split and added in the kernel)");
// The fence: mem_fence on the generic path, membar.gl on NVIDIA's.
static_assert(contains(Defaults::source, "#define GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)"));
static_assert(contains(PipelinedNvidia::source, "#define GLOBAL_FENCE() asm volatile(\"membar.gl;\" ::: \"memory\")"));
static_assert(contains(header(NoLocal::source), "none (no barriers)"));
static_assert(contains(OnlyA::source, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"), "double needs the fp64 pragma");
static_assert(!contains(Defaults::source, "cl_khr_fp64"), "float does not");
static_assert(contains(OnlyA::source, "#define STRIDE_A 35 "), "Padding<3> on a 32-wide tile");
static_assert(contains(header(OnlyA::source), "padding 3"));
static_assert(contains(Vec8::source, "float8") && contains(Vec8::source, "vload8"));
static_assert(contains(Vec16::source, "float16") && contains(Vec16::source, "vload16"));
static_assert(contains(Defaults::source, "float4") && !contains(Defaults::source, "float8"));
static_assert(contains(NoLocal::source, "typedef float realv;"), "Vec<1>: scalar accumulators");
static_assert(contains(header(OnlyB::source), "double-buffered") && !contains(header(Defaults::source), "double-buffered"));
// The packing and reduce kernels are programs of their own, built only by calls that use them, and
// C's alignment is an argument, not a build option.
static_assert(!contains(Defaults::source, "gemmcl_pack") && !contains(Defaults::source, "gemmcl_reduce"));
static_assert(contains(codegen::fixed_pack_source<float>.view(), "__kernel void gemmcl_pack(") &&
              contains(codegen::fixed_pack_source<double>.view(), "typedef double real;"));
static_assert(contains(codegen::fixed_reduce_source<float>.view(), "__kernel void gemmcl_reduce(") &&
              contains(codegen::fixed_reduce_source<double>.view(), "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"));
static_assert(contains(Defaults::source, "const int c_whole)") && !contains(Defaults::source, "GEMMCL_ALIGNED_C"));
// The in-kernel reduction's arguments only in programs built for it.
static_assert(contains(Defaults::source, "#if GEMMCL_SPLIT_IN_KERNEL\n                 volatile __global uint* tickets,"));
// Defaults of what is not given: all staged, no padding, no prefetch.
static_assert(Defaults::config.local_a && Defaults::config.local_b && Defaults::config.padding == 0 &&
              !Defaults::config.prefetch);
static_assert(std::is_same_v<Defaults::value_type, float> && std::is_same_v<OnlyA::value_type, double>);
// The configuration describes itself exactly.
static_assert(Vec16::config.tile_m == 32 && Vec16::config.vec == 16 && Vec16::config.wpt_m % 16 == 0);
static_assert(DoubleNoLocal::config.wpt_m == 4 && DoubleNoLocal::config.wpt_n == 4 && DoubleNoLocal::config.threads() == 64);

}  // namespace

TEST_CASE("the generated text compiles on the device") {
  // clBuildProgram of a few texts, in every transpose and alignment variant. (The sweep runs kernels;
  // this only asks the device's compiler, which is quick.)
  auto& target = gt::target();
  const auto build = [&](std::string_view text, const char* name) {
    for (int ta = 0; ta < 2; ++ta) {
      for (int tb = 0; tb < 2; ++tb) {
        // The variant that adds split-K parts in the kernel too.
        const std::string options = "-DGEMMCL_TRANS_A=" + std::to_string(ta) + " -DGEMMCL_TRANS_B=" +
                                    std::to_string(tb) + " -DGEMMCL_ALIGNED=" + std::to_string((ta + tb) % 2) +
                                    (ta == tb ? " -DGEMMCL_SPLIT_IN_KERNEL=1" : "");
        cl::Program program(target.context, std::string(text));
        INFO(name, " ", options);
        const cl_int status = program.build({target.device}, options.c_str());
        std::string log;
        program.getBuildInfo(target.device, CL_PROGRAM_BUILD_LOG, &log);
        CHECK_MESSAGE(status == CL_SUCCESS, log);
      }
    }
  };
  build(NoLocal::source, "NoLocal");
  build(OnlyA::source, "OnlyA");
  build(Vec16::source, "Vec16");
  build(Pipelined::source, "Pipelined");
  build(codegen::fixed_reduce_source<float>.view(), "reduce");
  build(codegen::fixed_pack_source<double>.view(), "pack");
}

TEST_CASE("the text written at run time is the compile-time text") {
  // Calls write their kernel's text on first use with the same builders as ::source.
  CHECK(codegen::make_source<vendor::Generic>(Defaults::config).text == std::string(Defaults::source));
  CHECK(codegen::make_source<vendor::Nvidia<>>(PipelinedNvidia::config).text == std::string(PipelinedNvidia::source));
  CHECK(codegen::make_source<vendor::Generic>(Sliced::config).text == std::string(Sliced::source));
  CHECK(codegen::reduce_source(OnlyA::config.element).text == std::string(codegen::fixed_reduce_source<double>.view()));
}
