#!/bin/bash
# One GPU session's tensor-core run, from the repository root on the GPU machine with .device-kit carried:
# the GPU tests of the tensor-core paths (built first), then tensor_bench over the issue's
# shapes, each shape's programs built in parallel first; then TF32 and FP64. Output lands in $OUT (or /tmp/out):
# tensor.txt (the bench), tests.log (the tests' summaries).
#   bash bench/tuning/tensor_run.sh                       # every shape below, 16-bit modes, then TF32 and FP64
#   TR_SHAPES="4096 8192" TR_MODES=fp16-fp32 bash bench/tuning/tensor_run.sh
# Environment: TR_SHAPES, TR_MODES (16-bit modes), TR_OTHER (modes timed NN only; "" for none),
# TR_TESTS (test programs; "" for none), TR_OVERLAP (1: bench
# while the tests build), TB_ITERS, TB_TRANS, TB_LAYOUTS (as tensor_bench.cpp).
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
source .device-kit/opencl-env.sh >/dev/null 2>&1
clinfo -l
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
export GEMMCL_CACHE_DIR=/tmp/gemmcl-cache
tests=${TR_TESTS-tensor_cores storage_types epilogue}
if [ -n "$tests" ]; then
  ( cmake -S . -B /tmp/gemmcl-gpu -DCMAKE_BUILD_TYPE=Release -DGEMMCL_BUILD_BENCH=OFF -DGEMMCL_BUILD_EXAMPLES=OFF \
      -DGEMMCL_TEST_OCLGRIND=OFF -DGEMMCL_TEST_CONSUMERS=OFF > /tmp/gemmcl-gpu.log 2>&1 &&
    nice cmake --build /tmp/gemmcl-gpu --target $tests -j8 >> /tmp/gemmcl-gpu.log 2>&1
    echo "tests built: rc=$?" >> /tmp/gemmcl-gpu.log ) &
fi
g++ -std=c++20 -O2 -Iinclude -I/usr/local/cuda/include bench/tuning/tensor_bench.cpp -o /tmp/tensor_bench \
  -L/usr/local/cuda/lib64 -lcublas -lcudart -lOpenCL -lpthread 2>&1 | grep -v -e pragma -e CL_TARGET -e '^ *|' -e '^ *[0-9]* |'
# Below about 10 us a call the bench's figures follow the host's pace, which a build beside them slows:
# the bench waits for the tests' build unless TR_OVERLAP=1.
[ "${TR_OVERLAP:-0}" = 1 ] || wait
export TB_ITERS=${TB_ITERS:-10}
TB_MODES=${TR_MODES:-fp16-fp32,bf16-fp32,fp16-fp16} /tmp/tensor_bench \
  ${TR_SHAPES:-4096 8192 2048 1024 4095 4097 8192x64x8192 128x128x65536} | tee "$out/tensor.txt"
[ -n "${TR_OTHER-tf32,fp64}" ] && TB_MODES=${TR_OTHER-tf32,fp64} TB_TRANS=nn /tmp/tensor_bench 4096 8192 | tee -a "$out/tensor.txt"
wait
tail -1 /tmp/gemmcl-gpu.log
export GEMMCL_TEST_DEVICE=NVIDIA:0
for t in $tests; do
  echo "== $t" | tee -a "$out/tests.log"
  /tmp/gemmcl-gpu/tests/$t 2>&1 | tail -4 | tee -a "$out/tests.log"
done
