#pragma once
// The kernel of bench/tuning/tf32_producer.cpp (OpenCL C, appended to the library's TF32 wgmma program
// without its own kernel): two consumer warpgroups multiply 128 x BN tiles (wgmma m64nBNk8 from the
// swizzled K-major stages), while one or two producer warpgroups load A and B into registers, round them
// to TF32, transpose where stored M- or N-contiguous, and store them into those stages. Build options
// are listed where each is defined below.

namespace tf32_probe {

inline const char* producer_kernel = R"CLC(
// ---- the probe's kernel ----
#ifndef P_A_MN
#define P_A_MN 0  // 1: A stored M-contiguous (element (i, k) at k lda + i), else K-contiguous (i lda + k)
#endif
#ifndef P_B_MN
#define P_B_MN 0  // 1: B stored N-contiguous (element (k, j) at k ldb + j), else K-contiguous (j ldb + k)
#endif
#ifndef P_PRODUCERS
#define P_PRODUCERS 1  // producer warpgroups; with two, each takes every other K step
#endif
#define P_NT (256 + 128 * P_PRODUCERS)
// Timing only (results wrong): P_NO_MMA (the consumers issue no MMAs), P_NO_LOAD (the producers load
// nothing and store what their registers hold), P_NO_STORE (the producers fold their loads into one
// word instead of storing them).
#ifndef P_NO_MMA
#define P_NO_MMA 0
#endif
#ifndef P_NO_LOAD
#define P_NO_LOAD 0
#endif
#ifndef P_NO_STORE
#define P_NO_STORE 0
#endif
#ifndef P_B_ASYNC
#define P_B_ASYNC 0  // 1: B (K-contiguous, already rounded by the host) copied by cp.async; only A in registers
#endif
#if P_B_ASYNC
#if P_PRODUCERS != 1 || P_B_MN
#error "P_B_ASYNC takes one producer and a K-contiguous B"
#endif
#define P_STAGES 4  // B's copies of step g + 2 go out while the MMAs of g - 1 and g may still read
#else
#define P_STAGES 3
#endif
#define BAR_SYNC() asm volatile("bar.sync 0;" ::: "memory")
// x as lane 0 has it: the compiler then knows it is the same across the warp, and keeps the consumers'
// wgmma (which a warpgroup must issue together) out of what it treats as a divergent path.
inline int warp_uniform(const int x) {
  int r;
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(r) : "r"(x));
  return r;
}

// The producer's registers: one K step of A and of B. Stored K-contiguous, an operand of R rows (m or n)
// is R / 16 16-byte chunks per producer work-item p, chunk s at row p / 8 + 16 s, K chunk p % 8 (8
// work-items read a row's 128 bytes). Stored M- or N-contiguous, R / 4 floats: warp w's block s covers
// 8 rows x 4 k; lane l reads row 8 rg + l % 8 at k 4 kg + l / 8 (32 contiguous bytes per k) and writes it
// where the K-major swizzled tile keeps it, so that a warp's 32 stores land in 32 different banks.
#if P_A_MN
#define A_REGS uint ra[BM / 4]
#else
#define A_REGS uint4 ra[BM / 16]
#endif
#if P_B_MN
#define B_REGS uint rb[BN / 4]
#else
#define B_REGS uint4 rb[BN / 16]
#endif
// Warp w's blocks lie at k groups 2 w and 2 w + 1: two base addresses, and a constant offset per block.
// Every function takes quarter q of the step (q0 .. q1 of its R / 4 or R / 16 registers), so that each
// quarter's next loads go out as soon as that quarter is stored. (R and q are constants at each call; the
// loops unroll once these are inlined.)
#ifndef P_ROUND
#define P_ROUND 0  // 0: cvt.rn.tf32.f32; 1: Veltkamp's split in three float operations; 2: none (truncation)
#endif
#if P_ROUND == 1
// x * (2^13 + 1) - (x * (2^13 + 1) - x): x to nearest with 11 significant bits, ties to even (normal
// values below 2^114; a probe).
inline uint round_tf32(const uint u) {
  float c, t, h;
  asm("mul.rn.f32 %0, %1, 0f46002000;" : "=f"(c) : "f"(as_float(u)));
  asm("sub.rn.f32 %0, %1, %2;" : "=f"(t) : "f"(c), "f"(as_float(u)));
  asm("sub.rn.f32 %0, %1, %2;" : "=f"(h) : "f"(c), "f"(t));
  return as_uint(h);
}
#elif P_ROUND == 2
#define round_tf32(u) (u)
#else
#define round_tf32(u) TF32_ROUND(u)
#endif
#ifndef P_QUARTERS
#define P_QUARTERS 0  // 1: each quarter's next loads right after that quarter's stores; 0: all stores, then all loads
#endif
// How the producers load (P_LD): 0 as the compiler chooses (LDG.E.128.CONSTANT for restrict const data);
// 1 ld.global.cg (L2 only, as the library's cp.async.cg copies); 2 ld.global.nc.L1::no_allocate with a
// 256-byte L2 prefetch.
#ifndef P_LD
#define P_LD 0
#endif
#if P_LD == 1
#define LD_V4 "ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
#define LD_1 "ld.global.cg.u32 %0, [%1];"
#elif P_LD == 2
#define LD_V4 "ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
#define LD_1 "ld.global.nc.L1::no_allocate.L2::256B.u32 %0, [%1];"
#endif
#if P_LD
inline uint4 load_v4(const __global uint* p) {
  uint4 v;
  asm volatile(LD_V4 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}
inline uint load_1(const __global uint* p) {
  uint v;
  asm volatile(LD_1 : "=r"(v) : "l"(p));
  return v;
}
#else
#define load_v4(p) (*(const __global uint4*)(p))
#define load_1(p) (*(p))
#endif
#define QUARTER(N, q) const int q0 = (q) * ((N) / 4), q1 = q0 + (N) / 4

__attribute__((always_inline)) inline void mn_load(uint* r, const int R, const int q, const __global uint* src,
                                                   const int ld, const int m0, const int k0, const int l, const int w) {
  const __global uint* p0 = src + (long)(k0 + 8 * w + l / 8) * ld + m0 + l % 8;
  const __global uint* p1 = p0 + 4 * (long)ld;
  QUARTER(R / 4, q);
#pragma unroll
  for (int s = q0; s < q1; ++s) r[s] = load_1((s < R / 8 ? p0 : p1) + 8 * (s % (R / 8)));
}
__attribute__((always_inline)) inline void mn_store(const uint* r, const int R, const int q, __local uchar* st,
                                                    const int l, const int w) {
  const int o0 = 128 * (l % 8) + 16 * ((2 * w) ^ (l % 8)) + 4 * (l / 8);
  const int o1 = 128 * (l % 8) + 16 * ((2 * w + 1) ^ (l % 8)) + 4 * (l / 8);
  QUARTER(R / 4, q);
#pragma unroll
  for (int s = q0; s < q1; ++s)
    *(__local uint*)(st + (s < R / 8 ? o0 : o1) + 1024 * (s % (R / 8))) = round_tf32(r[s]);
}
__attribute__((always_inline)) inline void k_load(uint4* r, const int R, const int q, const __global uint* src,
                                                  const int ld, const int m0, const int k0, const int p) {
  const __global uint* s0 = src + (long)(m0 + p / 8) * ld + 4 * (p % 8) + k0;
  QUARTER(R / 16, q);
#pragma unroll
  for (int s = q0; s < q1; ++s) r[s] = load_v4(s0 + (long)(16 * s) * ld);
}
__attribute__((always_inline)) inline void k_store(const uint4* r, const int R, const int q, __local uchar* st,
                                                   const int p) {
  QUARTER(R / 16, q);
#pragma unroll
  for (int s = q0; s < q1; ++s) {
    uint4 v = r[s];
    v.x = round_tf32(v.x); v.y = round_tf32(v.y); v.z = round_tf32(v.z); v.w = round_tf32(v.w);
    *(__local uint4*)(st + SWIZZLE_128(16u * (p + 128 * s))) = v;
  }
}
#define FOLD_VEC(r, n) for (int i_ = 0; i_ < (n); ++i_) x ^= r[i_].x ^ r[i_].y ^ r[i_].z ^ r[i_].w;
#define FOLD_ONE(r, n) for (int i_ = 0; i_ < (n); ++i_) x ^= r[i_];
#if P_A_MN
#define FOLD_A FOLD_ONE(ra, BM / 4)
#else
#define FOLD_A FOLD_VEC(ra, BM / 16)
#endif
#if P_B_MN
#define FOLD_B FOLD_ONE(rb, BN / 4)
#else
#define FOLD_B FOLD_VEC(rb, BN / 16)
#endif
#if P_A_MN
#define A_LOAD(q, m0, k0) mn_load(ra, BM, q, a, lda, m0, k0, l, w)
#define A_STORE(q, st) mn_store(ra, BM, q, st, l, w)
#else
#define A_LOAD(q, m0, k0) k_load(ra, BM, q, a, lda, m0, k0, p)
#define A_STORE(q, st) k_store(ra, BM, q, st, p)
#endif
#if P_B_ASYNC
#undef B_REGS
#define B_REGS
#define B_LOAD(q, n0, k0)
#define B_STORE(q, st)
#undef FOLD_B
#define FOLD_B
// Step k0 of B's tile at n0 into the stage at shared address st, 16 chunks of 16 bytes per work-item.
inline void b_async(const uint st, const __global uint* b, const int ldb, const int n0, const int k0, const int p) {
  const __global uint* s0 = b + (long)(n0 + p / 8) * ldb + 4 * (p % 8) + k0;
#pragma unroll
  for (int s = 0; s < BN / 16; ++s)
    cp_async_cg_shared_global_16(st + TILE_A_BYTES + SWIZZLE_128(16u * (p + 128 * s)),
                                 (const __global ushort*)(s0 + (long)(16 * s) * ldb), 16);
  cp_async_commit_group();
}
#define B_ASYNC(g, n0, k0) b_async(SHARED_ADDR(smem) + ((g) % P_STAGES) * STAGE_BYTES, b, ldb, n0, k0, p)
#elif P_B_MN
#define B_LOAD(q, n0, k0) mn_load(rb, BN, q, b, ldb, n0, k0, l, w)
#define B_STORE(q, st) mn_store(rb, BN, q, (st) + TILE_A_BYTES, l, w)
#else
#define B_LOAD(q, n0, k0) k_load(rb, BN, q, b, ldb, n0, k0, p)
#define B_STORE(q, st) k_store(rb, BN, q, (st) + TILE_A_BYTES, p)
#endif

__kernel __attribute__((reqd_work_group_size(P_NT, 1, 1)))
void tf32_producer(const int m, const int n, const int k, const float alpha, const __global uint* restrict a,
                   const int lda, const __global uint* restrict b, const int ldb, __global float* restrict c,
                   const int ldc) {
  __local uint smem[P_STAGES * STAGE_BYTES / 4] __attribute__((aligned(1024)));
  const int tid = get_local_id(0), wg = warp_uniform(tid >> 7);
  const int tiles_m = m / BM, tiles_n = n / BN, tiles = tiles_m * tiles_n;
  const int groups = get_num_groups(0), in_group = GROUP_M * tiles_n, first = get_group_id(0);
  const int steps = k / BK;
  const int total = (first < tiles ? (tiles - first + groups - 1) / groups : 0) * steps;
#define P_CORNER(i, m0, n0)                                                                         \
  do {                                                                                              \
    const int first_m = ((i) / in_group) * GROUP_M, group_m = min(tiles_m - first_m, GROUP_M);      \
    m0 = (first_m + ((i) % in_group) % group_m) * BM;                                               \
    n0 = (((i) % in_group) / group_m) * BN;                                                         \
  } while (0)
  if (wg >= 2) {
    // A producer: its registers hold the step it stores next. One producer stores step g + 1 while the
    // consumers multiply step g, then loads step g + 2 into the same registers; of two, producer i
    // stores the steps g + 1 with (g + 1) % 2 == i and loads g + 3, so its loads have two steps to land.
    const int pi = wg - 2, p = tid - 256 - 128 * pi, l = p & 31, w = p >> 5;
    __local uchar* const sm = (__local uchar*)smem;
    A_REGS;
    B_REGS;
    uint fold = 0;
#if P_NO_LOAD
    {
      const int k0 = p, m0 = 0, n0 = 0;  // registers filled once, from the start of A and B
#pragma unroll
      for (int q = 0; q < 4; ++q) { A_LOAD(q, m0, k0); B_LOAD(q, n0, k0); }
    }
#endif
#define P_WHERE(g, m0, n0, k0)                                                                      \
    int m0, n0;                                                                                     \
    P_CORNER(first + ((g) / steps) * groups, m0, n0);                                               \
    const int k0 = ((g) % steps) * BK
    if (pi < total) {
      P_WHERE(pi, m0, n0, k0);
#pragma unroll
      for (int q = 0; q < 4; ++q) { A_LOAD(q, m0, k0); B_LOAD(q, n0, k0); }
#if P_B_ASYNC
      B_ASYNC(0, n0, k0);
#endif
    }
    for (int g = -1; g < total; ++g) {
      __local uchar* const st = sm + ((g + 1) % P_STAGES) * STAGE_BYTES;
      P_WHERE(g + 1 + P_PRODUCERS, m0, n0, k0);
      const bool mine = P_PRODUCERS == 1 || ((g + 1) & 1) == pi;
      const bool store = mine && g + 1 < total, load = mine && g + 1 + P_PRODUCERS < total;
      // The fence (MEMBAR.ALL.CTA and FENCE.VIEW.ASYNC.S in SASS) waits for every memory operation of the
      // work-item still in flight: it goes between the stores and the next loads, which then have until
      // this producer's next turn to land.
#if P_QUARTERS
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        if (store) { A_STORE(q, st); B_STORE(q, st); }
        if (load) { A_LOAD(q, m0, k0); B_LOAD(q, n0, k0); }
      }
      if (store) FENCE_PROXY_ASYNC();
#else
#if P_NO_STORE
      if (store) {
        uint x = 0;
#pragma unroll
        FOLD_A
#pragma unroll
        FOLD_B
        fold ^= x;
      }
#else
#pragma unroll
      for (int q = 0; q < 4; ++q)
        if (store) { A_STORE(q, st); B_STORE(q, st); }
#endif
#if P_B_ASYNC
      if (store) asm volatile("cp.async.wait_all;" ::: "memory");  // B of step g + 1 (sent a step ago)
#endif
      if (store) FENCE_PROXY_ASYNC();
#if P_B_ASYNC
      if (load) B_ASYNC(g + 2, n0, k0);
#endif
#if !P_NO_LOAD
#pragma unroll
      for (int q = 0; q < 4; ++q)
        if (load) { A_LOAD(q, m0, k0); B_LOAD(q, n0, k0); }
#endif
#endif
      BAR_SYNC();
    }
    if (fold == 0x7fc00001u) c[0] = 0.0f;  // keeps the folded loads (P_NO_STORE)
  } else {
    const uint base = SHARED_ADDR(smem);
    const ulong da0 = matrix_descriptor(base + wg * 64 * BK * ESIZE, A_LBO, A_SBO) | (A_MODE << 62);
    const ulong db0 = matrix_descriptor(base + TILE_A_BYTES, B_LBO, B_SBO) | (B_MODE << 62);
    float acc[NACC];
    int g = 0;
    BAR_SYNC();  // the producer's first step is in
    for (int tile = first; tile < tiles; tile += groups) {
#pragma unroll
      for (int i = 0; i < NACC; ++i) acc[i] = 0.0f;
      for (int kt = 0; kt < steps; ++kt, ++g) {
        const int st = g % P_STAGES;
        WGMMA_FENCE(acc);
#pragma unroll
        for (int kk = 0; kk < BK / KMMA * !P_NO_MMA; ++kk)
          WGMMA_MMA(acc, da0 + (ulong)((st * STAGE_BYTES + A_KSTEP * kk) >> 4),
                    db0 + (ulong)((st * STAGE_BYTES + B_KSTEP * kk) >> 4));
        WGMMA_COMMIT(acc);
        WGMMA_WAIT_1(acc);  // step g - 1's MMAs are done: the producer may refill their stage
        BAR_SYNC();
      }
      WGMMA_WAIT(acc);
      int m0, n0;
      P_CORNER(tile, m0, n0);
      const int lane = tid & 31, warp = (tid >> 5) & 3, gr = lane >> 2, t = lane & 3;
      const int rows = m0 + 64 * wg + 16 * warp + gr;
#pragma unroll
      for (int j = 0; j < BN / 8; ++j)
#pragma unroll
        for (int e = 0; e < 4; ++e) {
          const int row = rows + 8 * (e >> 1), col = n0 + 8 * j + 2 * t + (e & 1);
          c[(long)col * ldc + row] = alpha * acc[4 * j + e];
        }
    }
  }
}
)CLC";

}  // namespace tf32_probe
