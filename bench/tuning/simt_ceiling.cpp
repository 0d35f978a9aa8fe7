// Ceilings of the SIMT GEMM inner loop on an NVIDIA GPU through OpenCL (why gemmcl's SIMT DGEMM stops
// near 0.70 of the FP64 peak; docs/history.md):
// how fast an 8x8 (double) or 8x16 (float) block of C per work-item can be updated when its fragments
// come from registers only, from local memory every k (as gemmcl's kernels read them), with a barrier
// per K step, with one operand from local memory, and in other arrangements; "chain" is clpeak's kind
// of independent FMA chains (the device's peak). No global memory is touched, so each figure is an
// upper bound for a kernel of that shape.
//   g++ -std=c++20 -O2 bench/tuning/simt_ceiling.cpp -o /tmp/simt_ceiling -lOpenCL && /tmp/simt_ceiling
// Environment: PLAT=name (platform substring, default NVIDIA), SIMT_WG=128|256 (work-items per group of
// the double kernels), GROUPS=n (work-groups of 128; default 132 * 2 * 40).
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>
#include <string>
#include <vector>
#include <algorithm>
#include <cstdlib>
static const char* src = R"CL(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#ifndef WG
#define WG 128
#endif
// DST[0..2N) := N pairs of doubles, the q-th read at P + q * S (one LDS.128 each)
#define PAIRS(DST, N, P, S) \
  for (int q_ = 0; q_ < (N); ++q_) { double2 v_ = vload2(0, (P) + q_ * (S)); DST[2 * q_] = v_.x; DST[2 * q_ + 1] = v_.y; }
#define FMA8(a, b) \
  for (int i = 0; i < 8; ++i) for (int j = 0; j < 8; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
#define FMA8J(a, b) \
  for (int j = 0; j < 8; ++j) for (int i = 0; i < 8; ++i) acc[i][j] = fma(a[i], b[j], acc[i][j]);
#define INIT \
  double acc[8][8]; for (int i = 0; i < 8; ++i) for (int j = 0; j < 8; ++j) acc[i][j] = 0;
#define DONE \
  double s = 0; for (int i = 0; i < 8; ++i) for (int j = 0; j < 8; ++j) s += acc[i][j]; out[get_global_id(0)] = s;
#define FILL \
  __local double sa[8 * 128], sb[8 * 64]; const int l = get_local_id(0) % 128; \
  for (int i = get_local_id(0); i < 8 * 128; i += WG) sa[i] = 1.0 + i * 1e-6; \
  for (int i = get_local_id(0); i < 8 * 64; i += WG) sb[i] = 1.0 - i * 1e-6; \
  barrier(CLK_LOCAL_MEM_FENCE);
// The loop every local-memory variant times: iters rounds over the tiles' eight k, the statements given
// reading a[] and b[] for k step kk, then the 8 x 8 outer product.
#define KLOOP(...) \
  for (int it = 0; it < iters; ++it) { \
    _Pragma("unroll") \
    for (int k = 0; k < 8; ++k) { const int kk = (k + it) & 7; double a[8], b[8]; __VA_ARGS__ FMA8J(a, b) } \
  }
// interleaved fragments: a work-item's 8 rows are 4 pairs 32 apart, its 8 columns 4 pairs 16 apart
#define LOADK(k) \
  double a[8], b[8]; \
  PAIRS(a, 4, sa + (k) * 128 + (l % 16) * 2, 32) \
  PAIRS(b, 4, sb + (k) * 64 + (l / 16) * 2, 16)
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void regs(__global double* out, int iters) {
  const int l = get_local_id(0); double a[8], b[8]; INIT
  for (int i = 0; i < 8; ++i) { a[i] = 1.0 + (l + i) * 1e-6; b[i] = 1.0 - (l + i) * 1e-6; }
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) { FMA8(a, b) }
  }
  DONE
}
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void regsj(__global double* out, int iters) {
  const int l = get_local_id(0); double a[8], b[8]; INIT
  for (int i = 0; i < 8; ++i) { a[i] = 1.0 + (l + i) * 1e-6; b[i] = 1.0 - (l + i) * 1e-6; }
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) { FMA8J(a, b) }
  }
  DONE
}
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void lds(__global double* out, int iters) {
  FILL INIT
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) { LOADK((k + it) & 7) FMA8J(a, b) }
  }
  DONE
}
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsbar(__global double* out, int iters) {
  FILL INIT
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) { LOADK((k + it) & 7) FMA8J(a, b) }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  DONE
}

// next k's fragments read before this k's FMAs
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldspf(__global double* out, int iters) {
  FILL INIT
  double a[8], b[8], na[8], nb[8];
  PAIRS(a, 4, sa + (l % 16) * 2, 32)
  PAIRS(b, 4, sb + (l / 16) * 2, 16)
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) {
      const int kn = (k + 1 + it) & 7;
      PAIRS(na, 4, sa + kn * 128 + (l % 16) * 2, 32)
      PAIRS(nb, 4, sb + kn * 64 + (l / 16) * 2, 16)
      FMA8J(a, b)
      for (int i = 0; i < 8; ++i) { a[i] = na[i]; b[i] = nb[i]; }
    }
  }
  DONE
}
// only A's fragments from local memory (half the reads): how the loss scales with the reads
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsa(__global double* out, int iters) {
  FILL INIT
  double b[8]; for (int j = 0; j < 8; ++j) b[j] = 1.0 - (l + j) * 1e-6;
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) {
      double a[8];
      PAIRS(a, 4, sa + ((k + it) & 7) * 128 + (l % 16) * 2, 32)
      FMA8J(a, b)
    }
  }
  DONE
}
// 12 x 8 per work-item: 20 doubles read per 96 DFMA instead of 16 per 64
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void lds128(__global double* out, int iters) {
  FILL
  double acc[12][8]; for (int i = 0; i < 12; ++i) for (int j = 0; j < 8; ++j) acc[i][j] = 0;
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) {
      double a[12], b[8]; const int kk = (k + it) & 7;
      PAIRS(a, 6, sa + kk * 128 + (l % 8) * 2, 16)
      PAIRS(b, 4, sb + kk * 64 + (l / 16) * 2, 16)
      for (int j = 0; j < 8; ++j) for (int i = 0; i < 12; ++i) acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
  }
  double s = 0; for (int i = 0; i < 12; ++i) for (int j = 0; j < 8; ++j) s += acc[i][j]; out[get_global_id(0)] = s;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsb(__global double* out, int iters) {
  FILL INIT
  double a[8]; for (int i = 0; i < 8; ++i) a[i] = 1.0 - (l + i) * 1e-6;
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) {
      double b[8];
      PAIRS(b, 4, sb + ((k + it) & 7) * 64 + (l / 16) * 2, 16)
      FMA8J(a, b)
    }
  }
  DONE
}
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void lds64b(__global double* out, int iters) {
  FILL INIT
  KLOOP(
    PAIRS(a, 4, sa + kk * 128 + (l % 16) * 2, 32)
    for (int j = 0; j < 4; ++j) { b[2 * j] = sb[kk * 64 + (l / 16) * 2 + j * 16]; b[2 * j + 1] = sb[kk * 64 + (l / 16) * 2 + j * 16 + 1]; })
  DONE
}
// warp tiles of 64 x 32: eight lanes read 128 contiguous bytes of A, eight lanes share each B pair
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsw(__global double* out, int iters) {
  FILL INIT
  const int w = l / 32, r0 = (w % 2) * 64 + (l % 8) * 2, c0 = (w / 2) * 32 + ((l % 32) / 8) * 2;
  KLOOP(
    PAIRS(a, 4, sa + kk * 128 + r0, 16)
    PAIRS(b, 4, sb + kk * 64 + c0, 8))
  DONE
}
// warp tiles of 32 x 64: eight lanes share each A pair, eight lanes read 128 contiguous bytes of B
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsw2(__global double* out, int iters) {
  FILL INIT
  const int w = l / 32, r0 = (w % 4) * 32 + ((l % 32) / 8) * 2, c0 = (l % 8) * 2;
  KLOOP(
    PAIRS(a, 4, sa + kk * 128 + r0, 8)
    PAIRS(b, 4, sb + kk * 64 + c0, 16))
  DONE
}

// Warp tiles of 32 x 64 (lanes 4 x 8, rows outside): A by LDS.128 as ldsw2, B either by four LDS.128
// per lane (ldsq) or one LDS.128 per lane and the other three pairs from the three lanes of the same
// column group by warp shuffles (ldsshfl, 12 SHFL.32 per k): does the shuffle path add to the local
// memory's 128 bytes per clock, or share it?
#ifdef NOASM
inline double shfl_d(double v, int src) { return v + src; }  // syntax check off NVIDIA only
#else
inline double shfl_d(double v, int src) {
  const int2 x = as_int2(v); int lo, hi;
  asm("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(lo) : "r"(x.x), "r"(src));
  asm("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(hi) : "r"(x.y), "r"(src));
  return as_double((int2)(lo, hi));
}
#endif
#define WARP44 \
  const int lane = get_local_id(0) % 32, w = (get_local_id(0) / 32) % 4, ig = lane / 8, jg = lane % 8; \
  const int r0 = w * 32 + ig * 8, c0 = jg * 8;
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsq(__global double* out, int iters) {
  FILL INIT WARP44
  KLOOP(
    PAIRS(a, 4, sa + kk * 128 + r0, 2)
    PAIRS(b, 4, sb + kk * 64 + c0, 2))
  DONE
}
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsshfl(__global double* out, int iters) {
  FILL INIT WARP44
  KLOOP(
    PAIRS(a, 4, sa + kk * 128 + r0, 2)
    const double2 mine = vload2(0, sb + kk * 64 + c0 + ig * 2);
    for (int j = 0; j < 4; ++j) { b[2 * j] = shfl_d(mine.x, j * 8 + jg); b[2 * j + 1] = shfl_d(mine.y, j * 8 + jg); })
  DONE
}
// A from local memory, B's eight values from registers moved by shuffles every k (no B loads at all):
// the shuffle path's cost alone
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsshfl0(__global double* out, int iters) {
  FILL INIT WARP44
  double2 mine = (double2)(1.0 - lane * 1e-6, 1.0 + lane * 1e-6);
  KLOOP(
    PAIRS(a, 4, sa + kk * 128 + r0, 2)
    for (int j = 0; j < 4; ++j) { b[2 * j] = shfl_d(mine.x, j * 8 + jg); b[2 * j + 1] = shfl_d(mine.y, j * 8 + jg); }
    mine.x += 1e-9;)
  DONE
}

// What local memory delivers, without DFMAs: the lds kernel's eight LDS.128 per k folded
// by integer XORs (full-rate ALU, not the FP64 pipe), with each lane's own addresses (ldsonly) or every
// lane of a warp on the same ones (ldsonlybc). If broadcasts were cheaper, ldsonlybc would be faster;
// if the crossbar into the lanes is the limit, both deliver the same bytes per clock. ldsbc is the lds
// kernel itself with warp-wide broadcast addresses.
#define XLOAD(P) { const ulong2 v_ = vload2(0, (__local const ulong*)(P)); x0 ^= v_.x; x1 ^= v_.y; }
#define XLOADK(k, R, C) { \
  for (int q_ = 0; q_ < 4; ++q_) XLOAD(sa + (k) * 128 + (R) + q_ * 32) \
  for (int q_ = 0; q_ < 4; ++q_) XLOAD(sb + (k) * 64 + (C) + q_ * 16) }
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsonly(__global double* out, int iters) {
  FILL ulong x0 = l, x1 = 0;
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) XLOADK((k + it) & 7, (l % 16) * 2, (l / 16) * 2)
  }
  out[get_global_id(0)] = as_double(x0 ^ x1);
}
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsonlybc(__global double* out, int iters) {
  FILL ulong x0 = l, x1 = 0; const int w = get_local_id(0) / 32;
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) XLOADK((k + it) & 7, w * 2, w * 2)
  }
  out[get_global_id(0)] = as_double(x0 ^ x1);
}
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void ldsbc(__global double* out, int iters) {
  FILL INIT const int w = get_local_id(0) / 32;
  KLOOP(
    PAIRS(a, 4, sa + kk * 128 + w * 2, 32)
    PAIRS(b, 4, sb + kk * 64 + w * 2, 16))
  DONE
}

// FP32, the large entry's shape: 8 x 16 per work-item, 256 work-items, fragments as float4
#define FINIT float acc[8][16]; for (int i = 0; i < 8; ++i) for (int j = 0; j < 16; ++j) acc[i][j] = 0;
#define FDONE float s = 0; for (int i = 0; i < 8; ++i) for (int j = 0; j < 16; ++j) s += acc[i][j]; out[get_global_id(0)] = s;
#define FFMA16(a, b) for (int j = 0; j < 16; ++j) for (int i = 0; i < 8; ++i) acc[i][j] = fma(a[i], b[j], acc[i][j]);
#define FFILL __local float fa[8 * 128], fb[8 * 256]; const int l = get_local_id(0); \
  for (int i = l; i < 8 * 128; i += 256) fa[i] = 1.0f + i * 1e-6f; for (int i = l; i < 8 * 256; i += 256) fb[i] = 1.0f - i * 1e-6f; \
  barrier(CLK_LOCAL_MEM_FENCE);
#define FLOADK(kk) float a[8], b[16]; \
  for (int i = 0; i < 2; ++i) { float4 v = vload4(0, fa + (kk) * 128 + (l % 16) * 4 + i * 64); a[4*i] = v.x; a[4*i+1] = v.y; a[4*i+2] = v.z; a[4*i+3] = v.w; } \
  for (int j = 0; j < 4; ++j) { float4 v = vload4(0, fb + (kk) * 256 + (l / 16) * 4 + j * 64); b[4*j] = v.x; b[4*j+1] = v.y; b[4*j+2] = v.z; b[4*j+3] = v.w; }
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void fregs(__global float* out, int iters) {
  const int l = get_local_id(0); float a[8], b[16]; FINIT
  for (int i = 0; i < 8; ++i) a[i] = 1.0f + (l + i) * 1e-6f; for (int j = 0; j < 16; ++j) b[j] = 1.0f - (l + j) * 1e-6f;
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) { FFMA16(a, b) }
  }
  FDONE
}
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void flds(__global float* out, int iters) {
  FFILL FINIT
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) { FLOADK((k + it) & 7) FFMA16(a, b) }
  }
  FDONE
}
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void fldsbar(__global float* out, int iters) {
  FFILL FINIT
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int k = 0; k < 8; ++k) { FLOADK((k + it) & 7) FFMA16(a, b) }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  FDONE
}
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void fchain(__global float* out, int iters) {
  const int l = get_local_id(0);
  float x[16]; const float y = 1.0f - l * 1e-9f, z = 1e-9f;
  for (int i = 0; i < 16; ++i) x[i] = 1.0f + (l + i) * 1e-6f;
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int r = 0; r < 64; ++r) for (int i = 0; i < 16; ++i) x[i] = fma(x[i], y, z);
  }
  float s = 0; for (int i = 0; i < 16; ++i) s += x[i];
  out[get_global_id(0)] = s;
}
__kernel __attribute__((reqd_work_group_size(WG, 1, 1))) void chain(__global double* out, int iters) {
  const int l = get_local_id(0);
  double x[16]; const double y = 1.0 - l * 1e-9, z = 1e-9;
  for (int i = 0; i < 16; ++i) x[i] = 1.0 + (l + i) * 1e-6;
  for (int it = 0; it < iters; ++it) {
    #pragma unroll
    for (int r = 0; r < 32; ++r) for (int i = 0; i < 16; ++i) x[i] = fma(x[i], y, z);
  }
  double s = 0; for (int i = 0; i < 16; ++i) s += x[i];
  out[get_global_id(0)] = s;
}
)CL";
int main() {
  std::vector<cl::Platform> ps; cl::Platform::get(&ps);
  for (auto& p : ps) {
    if (p.getInfo<CL_PLATFORM_NAME>().find(std::getenv("PLAT") ? std::getenv("PLAT") : "NVIDIA") == std::string::npos) continue;
    std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_ALL, &ds); cl::Context ctx(ds[0]);
    cl::CommandQueue q(ctx, ds[0], CL_QUEUE_PROFILING_ENABLE);
    for (int wg : {std::getenv("SIMT_WG") ? std::atoi(std::getenv("SIMT_WG")) : 128}) {
    cl::Program prog(ctx, src);
    std::string opt = "-DWG=" + std::to_string(wg) + (std::getenv("PLAT") ? " -DNOASM" : " -cl-nv-verbose");
    try { prog.build(opt.c_str()); } catch (...) { std::printf("%s\n", prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(ds[0]).c_str()); return 1; }
    { std::string log = prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(ds[0]); for (size_t p0 = 0; (p0 = log.find("Used ", p0)) != std::string::npos; ++p0) std::printf("  %s\n", log.substr(p0, log.find('\n', p0) - p0).c_str()); }
    const size_t groups = (std::getenv("GROUPS") ? std::atoi(std::getenv("GROUPS")) : 132 * 2 * 40) * 128 / wg; cl::Buffer out(ctx, CL_MEM_READ_WRITE, groups * wg * 8);
    struct K { const char* n; double fl_per_iter; } ks[] = {{"regs", 1024.0}, {"regsj", 1024.0}, {"lds", 1024.0}, {"ldsbar", 1024.0}, {"ldspf", 1024.0}, {"ldsa", 1024.0}, {"ldsb", 1024.0}, {"lds64b", 1024.0}, {"ldsw", 1024.0}, {"ldsw2", 1024.0}, {"ldsq", 1024.0}, {"ldsshfl", 1024.0}, {"ldsshfl0", 1024.0}, {"lds128", 1536.0}, {"ldsbc", 1024.0}, {"ldsonly", -1024.0}, {"ldsonlybc", -1024.0}, {"chain", 1024.0}, {"fregs", 2048.0}, {"flds", 2048.0}, {"fldsbar", 2048.0}, {"fchain", 2048.0}};
    for (auto& kd : ks) {
      const size_t lw = kd.n[0] == 'f' ? 256 : wg, gr = groups * wg / lw; cl::Kernel k(prog, kd.n); const int iters = 256; k.setArg(0, out); k.setArg(1, iters);
      std::vector<double> ts;
      for (int r = 0; r < 15; ++r) { cl::Event e; q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(gr * lw), cl::NDRange(lw), nullptr, &e); e.wait();
        ts.push_back((e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9); }
      std::sort(ts.begin(), ts.end());
      if (kd.fl_per_iter < 0)  // local-memory bytes into the lanes: 16 doubles per k, 8 k per iteration
        std::printf("wg %d %-9s %.2f TB/s into the lanes (median of 15, %.3f ms)\n", wg, kd.n, gr * (double)lw * iters * 8 * 16 * 8 / ts[7] / 1e12, ts[7] * 1e3);
      else
        std::printf("wg %d %-9s %.2f TFLOPS (median of 15, %.3f ms)\n", wg, kd.n, gr * (double)lw * iters * kd.fl_per_iter / ts[7] / 1e12, ts[7] * 1e3);
    }
    }
  }
}
