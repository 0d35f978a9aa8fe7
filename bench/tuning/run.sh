#!/bin/bash
# The GPU tuning harness (perf.cpp): times a list of gemmcl configurations beside cuBLAS and
# CLBlast on square or MxNxK shapes, validates against cuBLAS, prints each configuration's register
# report, and (PERF_PTX=substring, with $OUT set) keeps the PTX and a SASS summary of its main loop.
#   bash bench/tuning/run.sh bench/tuning/configs.example.hpp 1024 4096 8192x64x8192
# Environment: PERF_TRS="nn nt tn tt" (transposes), PERF_DOUBLE=1 (double configurations too),
# NOSASS=1, PERF_INCLUDE=dir (headers to build against instead of include/, for A/B runs). Run from the repository root on the GPU machine, with .device-kit carried.
set -e
source .device-kit/opencl-env.sh
clinfo -l
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv
cfg=$1; shift
g++ -std=c++20 -O2 -I ${PERF_INCLUDE:-include} -I /usr/local/cuda/include -include "$cfg" bench/tuning/perf.cpp -o /tmp/perf \
  -L /usr/local/cuda/lib64 -lclblast -lcublas -lcudart -lOpenCL
for tr in ${PERF_TRS:-nn}; do PERF_TRANS=$tr /tmp/perf "$@"; done
[ -n "$NOSASS" ] || { if [ -n "$OUT" ] && ls $OUT/*.ptx >/dev/null 2>&1; then PATH=$PATH:/usr/local/cuda/bin python3 bench/tuning/sass.py $OUT; fi; }
