#!/usr/bin/env bash
# Installs, with apt, the Debian 12 packages gemmcl's build, tests, examples and benchmark use, and only
# those that are missing: nothing is downloaded when everything is there already.
#
#   bash tools/install-deps.sh          # library, tests, examples, benchmark peers
#   bash tools/install-deps.sh --ci     # the same, plus clang 14 for CI's second compiler and the
#                                       # offline compilers (ocloc, spirv-dis, libclc)
set -euo pipefail

packages=(
  build-essential        # g++ 12, make
  cmake
  opencl-clhpp-headers   # <CL/opencl.hpp>
  ocl-icd-opencl-dev     # libOpenCL.so, the ICD loader
  pocl-opencl-icd        # an OpenCL device on the CPU, for machines without a GPU
  doctest-dev            # tests
  oclgrind               # tests: races, out-of-bounds and uninitialised reads in the kernels
  gfortran               # tests: netlib's sblat3/dblat3 testers for SGEMM and DGEMM (tests/netlib/)
  libblas-dev            # tests: the testers' other routines, so that they link (tests/netlib/)
  libclblast-dev         # benchmark peer (optional for the library)
  libopenblas-dev        # benchmark peer and CPU baseline (optional for the library)
  pkg-config             # lets the benchmark find OpenBLAS's and CLBlast's versions
)
for arg in "$@"; do
  case "$arg" in
    # time: GNU time, for tools/compile-cost.sh; intel-opencl-icd (ocloc), spirv-tools (spirv-dis) and
    # libclc-14: the offline compile tests for Intel and AMD GPUs (tests/offline/)
    --ci) packages+=(clang-14 time intel-opencl-icd spirv-tools libclc-14) ;;
    *) echo "usage: $0 [--ci]" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages are installed"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: not root; run as root or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
