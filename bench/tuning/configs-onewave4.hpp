// Tuning run 162 (bench/TUNING.md): Gemm<> old (run 157's rule) vs new (the widened one-wave rule) on
// shapes from the categories of choices the widened rule moves without a measurement of its own
// (offline scan: short K, 2:1 to 6:1 rectangles), PERF_INCLUDE old/new.
#define PERF_CONFIGS make<Gemm<>>("auto"),
