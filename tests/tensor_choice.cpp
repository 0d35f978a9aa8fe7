// The tensor-core path's decisions, device-free: which kernel, tile and split a shape takes on a device
// of 132 compute units (runtime/tensor_choice.hpp), and the PTX step of the Hopper kernels
// (runtime/ptx_patch.hpp). The kernels themselves are tensor_cores.cpp's.

#include <doctest/doctest.h>

#include <gemmcl/gemm.hpp>

#include <cstddef>
#include <string>
#include <tuple>
#include <utility>

using namespace gemmcl;

// The choices made by shape, on a device of 132 compute units (an H100's count): DMMA's tiles, and
// where TF32 on the Hopper kernel copies its operands (transposed, rounded) first.
TEST_CASE("tensor-core choices by shape") {
  core::DeviceInfo h100;
  h100.compute_units = 132;
  // DMMA: the tile and its work-items.
  const auto dmma_tile = [&](std::size_t m, std::size_t n, std::size_t depth = 1000) {
    const auto k = runtime::tensor::kernel_for(element::info_of<double>, h100, false, false, m, n, depth);
    return std::tuple{k.tile_m, k.tile_n, k.threads};
  };
  using Tile = std::tuple<std::size_t, std::size_t, std::size_t>;
  CHECK(dmma_tile(1000, 1000) == Tile{128, 64, 256});    // 128 tiles: eight warps each
  CHECK(dmma_tile(4096, 4096) == Tile{128, 64, 128});
  CHECK(dmma_tile(1024, 1100) == Tile{128, 64, 128});    // 144 tiles
  CHECK(dmma_tile(500, 500) == Tile{64, 64, 128});       // 64 tiles even of 64 x 64
  CHECK(dmma_tile(8192, 64, 8192) == Tile{128, 64, 128});  // K split in 4
  CHECK(dmma_tile(64, 8192, 8192) == Tile{64, 64, 128});   // no empty rows
  // DMMA by TMA (compute capability 9.0, here asked for as `hopper`): each shape's twin, with the same
  // tile and work-group, built for sm_90a (capped where its twin is); elsewhere the cp.async kernels.
  const auto& f64 = element::info_of<double>;
  for (const auto& [m, n, depth] : {Tile{1000, 1000, 1000}, Tile{4096, 4096, 4096}, Tile{64, 9000, 1000}}) {
    const auto plain = runtime::tensor::kernel_for(f64, h100, false, false, m, n, depth);
    const auto tma = runtime::tensor::kernel_for(f64, h100, false, false, m, n, depth, true);
    CHECK((!plain.tma && tma.tma));
    CHECK(std::tuple{tma.tile_m, tma.tile_n, tma.threads} == std::tuple{plain.tile_m, plain.tile_n, plain.threads});
    const bool sm90a = tma.rewrite == (tma.tile_m == 64 ? &runtime::ptx::to_sm90a_with_128_registers
                                                         : &runtime::ptx::to_sm90a);
    CHECK(sm90a);
  }
  // By TMA with A M-contiguous and B K-major, the eight-warp tiles turn around (64 x 128) where those fit
  // in one wave too; not with A K-major or B N-contiguous, nor without TMA, nor where 64 x 128 tiles
  // would be more than the units (1160 x 800: 130 tiles of 128 x 64, 133 of 64 x 128).
  const auto one_wave = [&](bool trans_a, bool trans_b, std::size_t m, std::size_t n, bool tma = true) {
    const auto k = runtime::tensor::kernel_for(f64, h100, false, trans_b, m, n, 1000, tma, false, trans_a);
    return std::tuple{k.tile_m, k.tile_n, k.threads};
  };
  CHECK(one_wave(false, false, 1000, 1000) == Tile{64, 128, 256});
  CHECK(one_wave(true, false, 1000, 1000) == Tile{128, 64, 256});
  CHECK(one_wave(false, true, 1000, 1000) == Tile{128, 64, 256});
  CHECK(one_wave(false, false, 1000, 1000, false) == Tile{128, 64, 256});
  CHECK(one_wave(false, false, 1160, 800) == Tile{128, 64, 256});
  CHECK(one_wave(false, false, 4096, 4096) == Tile{128, 64, 128});
  // By TMA, where 128 x 64 tiles are too few and K too shallow to split: 32 x 32 tiles where those fit two
  // a unit, else 64 x 32 ones where those do, else 96 x 64 ones where those fit one a unit; the cp.async
  // kernels keep 64 x 64 and eight warps.
  for (const bool ta : {false, true})
    for (const bool tb : {false, true}) {
      CHECK(one_wave(ta, tb, 512, 512) == Tile{32, 32, 128});    // 256 tiles: two a unit
      CHECK(one_wave(ta, tb, 544, 544) == Tile{64, 32, 128});    // 289 of 32 x 32, 153 of 64 x 32
      CHECK(one_wave(ta, tb, 704, 704) == Tile{64, 32, 128});    // 242 tiles: two a unit
      CHECK(one_wave(ta, tb, 768, 768) == Tile{96, 64, 256});    // 288 of 64 x 32, 96 of 96 x 64
      CHECK(one_wave(ta, tb, 1000, 1000) != Tile{96, 64, 256});  // 176 of 96 x 64
    }
  CHECK(one_wave(false, false, 512, 512, false) == Tile{64, 64, 128});
  CHECK(one_wave(false, false, 768, 768, false) == Tile{128, 64, 256});
  // By TMA where K is split among few tiles: the turned tiles in every pair, one work-group a unit, K in
  // about one wave of parts; not where they would pad C's 64 columns to 128, nor without TMA.
  const auto split_few = [&](bool trans_a, bool trans_b, std::size_t m, std::size_t n, std::size_t depth,
                                bool tma = true) {
    const auto k = runtime::tensor::kernel_for(f64, h100, false, trans_b, m, n, depth, tma, false, trans_a);
    return std::pair{std::tuple{k.tile_m, k.tile_n, k.threads},
                     runtime::tensor::splits_for({m, n, depth}, h100, k, 8)};
  };
  using Split = std::pair<Tile, int>;
  for (const bool ta : {false, true})
    for (const bool tb : {false, true}) {
      CHECK(split_few(ta, tb, 64, 8192, 8192) == Split{Tile{64, 128, 256}, 2});     // 64 tiles
      CHECK(split_few(ta, tb, 128, 128, 65536) == Split{Tile{64, 128, 256}, 66});   // 2 tiles
    }
  // Where the turned tiles are too many: 128 x 64 tiles of eight warps, one work-group a unit, if there are
  // at most half as many as units (66 tiles here) and they pad C's rows by at most a tenth; else the
  // four-warp tiles.
  for (const bool ta : {false, true})
    for (const bool tb : {false, true}) {
      CHECK(split_few(ta, tb, 8192, 64, 8192) == Split{Tile{128, 64, 256}, 2});     // 64 tiles
      CHECK(split_few(ta, tb, 4096, 64, 16384) == Split{Tile{128, 64, 256}, 4});    // 32 tiles
    }
  CHECK(split_few(false, false, 8192, 64, 8192, false) == Split{Tile{128, 64, 128}, 4});
  CHECK(split_few(false, false, 64, 8192, 8192, false) == Split{Tile{64, 64, 128}, 2});
  CHECK(split_few(false, false, 8192, 128, 8192) == Split{Tile{128, 64, 128}, 2});  // 128 tiles of each
  CHECK(split_few(false, false, 8192, 64, 2048).first != Tile{128, 64, 256});       // K too shallow
  CHECK(split_few(false, false, 64, 200, 8192).first == Tile{64, 64, 128});         // 64 rows of 128
  // The table's check that TMA variants keep K steps of whole 16-deep halves dividing 64 (a static_assert
  // on the real table) catches one that does not.
  using codegen::tensor::DmmaVariant;
  constexpr DmmaVariant k8_by_tma[] = {{128, 64, 128, " -DGEMMCL_DMMA_TMA=1 -DGEMMCL_DMMA_BK=8", false, true}};
  constexpr DmmaVariant k8_copied[] = {{128, 64, 128, " -DGEMMCL_DMMA_BK=8", false, false}};
  constexpr DmmaVariant k32_by_tma[] = {{64, 32, 128, " -DGEMMCL_DMMA_TMA=1 -DGEMMCL_DMMA_BK=32", false, true}};
  constexpr DmmaVariant k128_by_tma[] = {{64, 32, 128, " -DGEMMCL_DMMA_TMA=1 -DGEMMCL_DMMA_BK=128", false, true}};
  static_assert(!codegen::tensor::tma_k_steps_in_halves(k8_by_tma));
  static_assert(codegen::tensor::tma_k_steps_in_halves(k8_copied));
  static_assert(codegen::tensor::tma_k_steps_in_halves(k32_by_tma));    // two halves
  static_assert(!codegen::tensor::tma_k_steps_in_halves(k128_by_tma));  // crosses a split K's unit of 64
  // K split: two work-groups a unit, in parts of at least 1024 (FP64: 256), or 512 where that leaves
  // half the units idle (one tile of TF32 on mma.sync).
  const auto splits = [&](const element::Info& e, bool trans_b, std::size_t m, std::size_t n, std::size_t depth) {
    const auto kernel = runtime::tensor::kernel_for(e, h100, false, trans_b, m, n, depth, false);
    return runtime::tensor::splits_for({m, n, depth}, h100, kernel, e.bytes);
  };
  CHECK(splits(element::info_of<float>, true, 128, 128, 65536) == 128);
  CHECK(splits(element::info_of<half>, false, 1024, 1024, 8192) == 4);  // 64 tiles of 128 x 128
  CHECK(splits(element::info_of<double>, false, 8192, 64, 8192) == 4);
  CHECK(splits(element::info_of<float>, false, 1024, 1024, 1024) == 1);
  // The Hopper kernel's tile width for 16-bit products (hopper: chosen as on compute capability 9.0).
  const auto wgmma_tile_n = [&](std::size_t m, std::size_t n, std::size_t depth) {
    return runtime::tensor::kernel_for(element::info_of<half>, h100, false, false, m, n, depth, true).tile_n;
  };
  CHECK(wgmma_tile_n(4096, 4096, 4096) == 256);
  CHECK(wgmma_tile_n(2048, 2048, 2048) == 256);   // 128 tiles of 128 x 256 for 132 units
  CHECK(wgmma_tile_n(1536, 1536, 1536) == 128);   // 72 tiles of 128 x 256, 144 of 128 x 128
  CHECK(wgmma_tile_n(1024, 1024, 1024) == 64);    // 64 tiles of 128 x 128, K too short to split
  CHECK(wgmma_tile_n(1024, 1024, 8192) == 128);   // 64 tiles, K split in 4
  CHECK(wgmma_tile_n(8192, 64, 8192) == 64);
  CHECK(wgmma_tile_n(128, 128, 65536) == 64);     // one tile in at most 64 parts: two tiles instead
  // Built through the PTX step; the 128 x 64 variant, and TF32's 128 x 128 one, also with a register
  // cap (two work-groups of 256 a unit).
  const auto rewrite = [&](std::size_t m, std::size_t n, std::size_t depth) {
    return runtime::tensor::kernel_for(element::info_of<half>, h100, false, false, m, n, depth, true).rewrite;
  };
  CHECK((rewrite(8192, 64, 8192) == &runtime::ptx::to_sm90a_with_128_registers));
  CHECK((rewrite(4096, 4096, 4096) == &runtime::ptx::to_sm90a));
  CHECK((rewrite(1536, 1536, 1536) == &runtime::ptx::to_sm90a));
  CHECK((rewrite(64, 8192, 8192) == &runtime::ptx::to_sm90a));  // 64 x 128: 128 work-items
  // A C of at most 64 rows (a row-major 8192 x 64 C inside): 64 x 128 tiles of one warpgroup.
  const auto wgmma_tile_m = [&](std::size_t m, std::size_t n, std::size_t depth) {
    return runtime::tensor::kernel_for(element::info_of<half>, h100, false, false, m, n, depth, true).tile_m;
  };
  CHECK(wgmma_tile_m(64, 8192, 8192) == 64);
  CHECK(wgmma_tile_m(37, 53, 150) == 64);
  CHECK(wgmma_tile_m(65, 8192, 8192) == 128);
  CHECK(wgmma_tile_m(8192, 64, 8192) == 128);
  using runtime::tensor::tf32_copies_pay, runtime::tensor::tf32_rounds_in_copies;  // (trans_b, m)
  CHECK(tf32_copies_pay(false, 100));       // nothing to copy
  CHECK(tf32_copies_pay(true, 4096));
  CHECK(tf32_copies_pay(true, 8192));       // B (64 x 8192) copied for 8192 rows
  CHECK_FALSE(tf32_copies_pay(true, 128));  // B (8192 x 128) copied for 128 rows
  // TF32 reads A from registers on every variant (the 128 x 128 one under its register cap), so an A
  // stored M-contiguous is not copied transposed where C is narrower than tf32_a_copy_min_n (but where
  // it is copied anyway: misaligned, the copies rounding); wider, its transposing copy goes by TMA.
  const auto tf32 = [&](std::size_t m, std::size_t n, std::size_t depth) {
    return runtime::tensor::kernel_for(element::info_of<float>, h100, false, false, m, n, depth, true);
  };
  const auto registers = [&](std::size_t m, std::size_t n, std::size_t depth, bool aligned = true) {
    return runtime::tensor::tf32_reads_a_from_registers(tf32(m, n, depth), false, aligned, m, n);
  };
  CHECK(registers(2048, 2048, 2048));        // 128 x 256
  CHECK_FALSE(registers(3072, 3072, 3072));  // copied for TMA
  CHECK_FALSE(registers(4096, 4096, 4096));
  CHECK(registers(8192, 64, 8192));          // 128 x 64
  CHECK_FALSE(registers(64, 8192, 8192));    // 64 x 128, A copied
  CHECK(registers(1536, 1536, 1536));        // 128 x 128
  CHECK(registers(1536, 1536, 1536, false));
  CHECK_FALSE(registers(4096, 4096, 4096, false));
  // Where B is copied transposed too, A's copy shares its launch: from C 1024 wide.
  using runtime::tensor::tf32_a_from_registers;  // (trans_a, aligned_a, m, n, trans_b)
  CHECK_FALSE(tf32_a_from_registers(false, true, 1024, 1024, true));
  CHECK(tf32_a_from_registers(false, true, 1024, 1024, false));
  CHECK(tf32_a_from_registers(false, true, 8192, 64, true));
  // With A from registers and K whole, 64 x 128 tiles rather than 128 x 64 ones, as many.
  const auto tile = [&](std::size_t m, std::size_t n, std::size_t depth, bool a_registers) {
    const auto k = runtime::tensor::kernel_for(element::info_of<float>, h100, false, false, m, n, depth, true,
                                               a_registers);
    return std::pair{k.tile_m, k.tile_n};
  };
  CHECK(tile(1024, 1024, 1024, true) == std::pair<std::size_t, std::size_t>{64, 128});
  CHECK(tile(1024, 1024, 1024, false) == std::pair<std::size_t, std::size_t>{128, 64});
  CHECK(tile(128, 128, 65536, true) == std::pair<std::size_t, std::size_t>{128, 64});  // K split
  CHECK(tile(8192, 64, 8192, true) == std::pair<std::size_t, std::size_t>{128, 64});   // C 64 wide
  CHECK((tf32(1536, 1536, 1536).rewrite == &runtime::ptx::to_sm90a_with_128_registers));
  CHECK(tf32(1536, 1536, 1536).k_major);
  using runtime::tensor::tf32_a_in_registers;  // (trans_a, aligned_a, n, rounded in copies)
  CHECK(tf32_a_in_registers(false, true, 8192, true));   // A would be transposed by a copy
  CHECK(tf32_a_in_registers(true, true, 4096, true));    // rounding A in a copy costs more
  CHECK_FALSE(tf32_a_in_registers(true, true, 8192, true));
  CHECK(tf32_a_in_registers(true, true, 1024, false));   // than rounding it in local memory, too
  CHECK_FALSE(tf32_a_in_registers(true, true, 64, false));
  CHECK_FALSE(tf32_a_in_registers(false, false, 4096, true));  // copied anyway: rounded there
  CHECK(tf32_a_in_registers(false, false, 64, false));
  // TF32 whose copies pay only as C's transpose runs so; 16-bit products read B either way.
  using runtime::tensor::tf32_as_transpose;
  const element::Info &f32 = element::info_of<float>, &f16 = element::info_of<half>, &b16 = element::info_of<bfloat16>;
  const auto as_transpose = [&](bool ta, bool tb, std::size_t m, std::size_t n, std::size_t depth, bool aligned = true) {
    return tf32_as_transpose(f32, h100, ta, tb, aligned, aligned, m, n, depth);
  };
  CHECK(as_transpose(false, true, 64, 8192, 8192));        // copies A, for 8192 rows of C^T
  CHECK(as_transpose(true, true, 64, 8192, 8192));         // copies nothing
  CHECK(as_transpose(true, true, 128, 128, 65536));
  CHECK_FALSE(as_transpose(false, true, 128, 128, 65536));  // pays neither way
  CHECK_FALSE(as_transpose(false, true, 8192, 64, 8192));   // pays as it is, B copied for as many rows
  CHECK(as_transpose(true, true, 1024, 1024, 1024));        // no transposing copy, A in registers either way
  CHECK(as_transpose(true, true, 4096, 4096, 4096));        // B's rounding copy transposes, C^T's A' does not
  CHECK_FALSE(as_transpose(true, true, 8192, 8192, 8192));  // A by descriptor, rounded by its copy
  CHECK(as_transpose(true, true, 1536, 1536, 1536));        // 128 x 128, A in registers either way
  CHECK_FALSE(as_transpose(true, true, 4097, 4097, 4097, false));  // misaligned: copied either way
  CHECK_FALSE(as_transpose(false, false, 4096, 4096, 4096));
  CHECK_FALSE(tf32_as_transpose(f16, h100, false, true, true, true, 64, 8192, 8192));
  // 16-bit products into float with a misaligned operand: K in parts of at most 1536.
  using runtime::tensor::exact_splits;  // (element, 16-bit C, aligned, k)
  CHECK(exact_splits(b16, false, false, 4097) == 3);
  CHECK(exact_splits(f16, false, false, 8193) == 6);
  CHECK(exact_splits(b16, false, true, 4096) == 1);   // aligned: cuBLAS's chain is as long
  CHECK(exact_splits(b16, true, false, 4097) == 1);   // a 16-bit C's own rounding dominates
  CHECK(exact_splits(b16, false, false, 4095) == 1);  // too short to split
  CHECK(exact_splits(f32, false, false, 8192) == 1);
  CHECK(tf32_rounds_in_copies(2048, 4096));
  CHECK_FALSE(tf32_rounds_in_copies(1024, 1024));
  CHECK_FALSE(tf32_rounds_in_copies(8192, 64));
  // 16-bit products on the wgmma kernel load their K-major operands by TMA.
  using runtime::tensor::wgmma16_by_tma;  // (element, on wgmma, read K-major)
  CHECK(wgmma16_by_tma(element::info_of<half>, true, true));
  CHECK(wgmma16_by_tma(element::info_of<bfloat16>, true, true));
  CHECK_FALSE(wgmma16_by_tma(element::info_of<half>, true, false));   // MN-major: cp.async
  CHECK_FALSE(wgmma16_by_tma(element::info_of<half>, false, true));   // mma.sync
  CHECK_FALSE(wgmma16_by_tma(element::info_of<float>, true, true));   // TF32: tf32_by_tma
  CHECK_FALSE(wgmma16_by_tma(element::info_of<half>, true, true, false));  // a small product
  using runtime::tensor::wgmma16_tma_pays;  // (tiles, units, K of a part)
  CHECK(wgmma16_tma_pays(512, 132, 4096));       // 4096^3 on 128 x 256 tiles
  CHECK_FALSE(wgmma16_tma_pays(128, 132, 1024));  // 1024^3
  CHECK_FALSE(wgmma16_tma_pays(1, 132, 1024));    // 128 x 128 x 65536 in parts
  // TF32 loads by TMA whatever the wgmma kernel reads through a descriptor (the mma.sync kernel has none).
  using runtime::tensor::tf32_by_tma, runtime::tensor::tf32_reads_a_from_registers;
  CHECK(tf32_by_tma(tf32(4096, 4096, 4096)));
  CHECK_FALSE(tf32_by_tma(runtime::tensor::Kernel{}));
  // A K-major and aligned goes through a descriptor rather than registers.
  CHECK_FALSE(tf32_reads_a_from_registers(tf32(4096, 4096, 4096), true, true, 4096, 4096));
  CHECK(tf32_reads_a_from_registers(tf32(2048, 2048, 2048), false, true, 2048, 2048));  // M-contiguous
}

// The PTX step of the Hopper kernels: the driver's sm_90 text becomes sm_90a with the "//@" lines
// uncommented; a text without the target line or without any such line is an error, never passed on.
TEST_CASE("PTX post-processing for sm_90a") {
  const std::string ptx = std::string(".version 9.0\n.target sm_90\n.address_size 64\n\t// begin inline asm\n"
                                      "\t//@wgmma.fence.sync.aligned;\n\t//@wgmma.commit_group.sync.aligned;\n") +
                          '\0';
  const std::string out = runtime::ptx::to_sm90a(ptx);
  CHECK(out.find(".target sm_90a\n") != std::string::npos);
  CHECK(out.find("//@") == std::string::npos);
  CHECK(out.find("\twgmma.fence.sync.aligned;\n\twgmma.commit_group.sync.aligned;") != std::string::npos);
  CHECK(out.find('\0') == std::string::npos);
  const auto fails = [](const std::string& text, const char* why) {
    try {
      (void)runtime::ptx::to_sm90a(text);
      FAIL("accepted: ", text);
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::BuildFailed);
      CHECK(std::string(e.what()).find(why) != std::string::npos);
    }
  };
  fails(".version 9.0\n.target sm_80\n//@wgmma.fence.sync.aligned;\n", ".target sm_90");
  fails(".version 9.0\n.target sm_90a\n//@wgmma.fence.sync.aligned;\n", ".target sm_90");
  fails(".version 9.0\n.target sm_90\nmov.u32 %r1, 0;\n", "no \"//@\" line");
}

// A kernel that takes its tensor maps' addresses as parameters (cvta.param: the DMMA kernel built with
// GEMMCL_DMMA_PARAM_MAPS) gets its 128-byte parameters aligned to 64 bytes, where TMA reads a map; other
// parameters and kernels are left as they are, and such a kernel without a 128-byte parameter is refused.
TEST_CASE("PTX post-processing: tensor maps in the parameters") {
  const std::string head = ".version 9.0\n.target sm_90\n.visible .entry gemmcl_dmma(\n\t.param .u32 gemmcl_dmma_param_0,\n"
                           "\t.param .align 8 .b8 gemmcl_dmma_param_16[128],\n\t.param .align 8 .b8 gemmcl_dmma_param_17[128],\n"
                           "\t.param .align 8 .b8 gemmcl_dmma_param_18[16]\n)\n{\n";
  const std::string takes = "//@mov.u64 %rd1, gemmcl_dmma_param_16;\n//@cvta.param.u64 %rd1, %rd1;\n}\n";
  const std::string out = runtime::ptx::to_sm90a(head + takes);
  CHECK(out.find("\t.param .align 64 .b8 gemmcl_dmma_param_16[128],\n\t.param .align 64 .b8 gemmcl_dmma_param_17[128],") !=
        std::string::npos);
  CHECK(out.find("\t.param .align 8 .b8 gemmcl_dmma_param_18[16]\n)") != std::string::npos);
  CHECK(out.find("\ncvta.param.u64 %rd1, %rd1;") != std::string::npos);
  // Without cvta.param: the maps' alignment stays the driver's.
  const std::string plain = runtime::ptx::to_sm90a(head + "//@wgmma.fence.sync.aligned;\n}\n");
  CHECK(plain.find(".align 64") == std::string::npos);
  CHECK_THROWS_AS(runtime::ptx::to_sm90a(".version 9.0\n.target sm_90\n.visible .entry k(\n\t.param .u32 m\n)\n{\n" + takes),
                  Error);
}

// The register cap of the capped DMMA variants (dmma_variants.hpp) and of two wgmma ones: .maxnreg
// between the entry's parameters and its body; a text without an entry, or with a cap already, is refused.
TEST_CASE("PTX post-processing: register cap") {
  const std::string ptx = ".version 9.0\n.target sm_90\n.visible .entry gemmcl_dmma(\n\t.param .u32 m\n)\n{\n\tret;\n}\n";
  const std::string out = runtime::ptx::with_128_registers(ptx);
  CHECK(out.find(")\n.maxnreg 128\n{") != std::string::npos);
  CHECK(out.size() == ptx.size() + std::string(".maxnreg 128\n").size());
  CHECK_THROWS_AS(runtime::ptx::with_128_registers(".version 9.0\n.target sm_90\n"), Error);
  CHECK_THROWS_AS(runtime::ptx::with_128_registers(out), Error);
  // Both steps, as the capped wgmma variants are built: retargeted, uncommented and capped.
  const std::string both = runtime::ptx::to_sm90a_with_128_registers(
      ".version 9.0\n.target sm_90\n.visible .entry gemmcl_wgmma(\n\t.param .u32 m\n)\n"
      "{\n//@wgmma.fence.sync.aligned;\n}\n");
  CHECK(both.find(".target sm_90a\n") != std::string::npos);
  CHECK(both.find(")\n.maxnreg 128\n{\nwgmma.fence.sync.aligned;") != std::string::npos);
  CHECK_THROWS_AS(runtime::ptx::to_sm90a_with_128_registers(ptx), Error);  // no //@ line
}
