#!/usr/bin/env bash
# Measures what gemmcl costs a user's compiler: CPU time (user + sys) and peak memory (max RSS) of
# `$CXX -std=c++20 -O2 -c` on four small translation units, generated into a temporary folder:
#
#   baseline  <CL/opencl.hpp> and a few standard headers, no gemmcl: what every OpenCL user pays anyway
#   fixed     one call of Gemm<Tile<64, 64, 16>, Vec<4>> (one fixed configuration)
#   auto      one call of Gemm<> (float; every configuration of the built-in tables)
#   wrapper   includes a header-only wrapper whose inline function calls Gemm<>, but calls nothing:
#             what merely including such a library costs
#
# Each unit is compiled --runs times, one after another; the table gives the least CPU time and the
# largest peak memory seen. --check exits with 1 when a budget is exceeded: fixed <= baseline + 1.5 s,
# auto <= baseline + 3 s, every peak <= 1024 MB.
#
#   tools/compile-cost.sh [--include DIR] [--runs N] [--cxx COMPILER] [--check]
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
include_dir="$script_dir/../include"
runs=3
cxx=g++-12
check=0

usage() { echo "usage: $0 [--include DIR] [--runs N] [--cxx COMPILER] [--check]" >&2; exit 2; }
while (($#)); do
  case "$1" in
    --include) (($# >= 2)) || usage; include_dir=$2; shift 2 ;;
    --runs) [[ $# -ge 2 && $2 =~ ^[1-9][0-9]*$ ]] || usage; runs=$2; shift 2 ;;
    --cxx) (($# >= 2)) || usage; cxx=$2; shift 2 ;;
    --check) check=1; shift ;;
    -h | --help) usage ;;
    *) usage ;;
  esac
done

# GNU time, not the shell keyword: only it reports the peak memory.
if [[ ! -x /usr/bin/time ]]; then
  echo "compile-cost: /usr/bin/time (GNU time) is missing; install it with: apt-get install -y time" >&2
  exit 2
fi
command -v "$cxx" >/dev/null || { echo "compile-cost: compiler '$cxx' not found" >&2; exit 2; }
[[ -f "$include_dir/gemmcl/gemm.hpp" ]] || { echo "compile-cost: no gemmcl/gemm.hpp in '$include_dir'" >&2; exit 2; }
include_dir=$(cd "$include_dir" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- The translation units ---------------------------------------------------------------------------
cat >"$work/baseline.cpp" <<'EOF'
#define CL_HPP_TARGET_OPENCL_VERSION 300
#include <CL/opencl.hpp>
#include <cstdio>
#include <string>
#include <vector>

static std::size_t total_length(const std::vector<std::string>& words) {
  std::size_t n = 0;
  for (const auto& w : words) n += w.size();
  return n;
}

int main() { std::printf("%zu\n", total_length({"no", "gemmcl", "here"})); }
EOF

# The queue and buffers are parameters, so the call cannot be optimised away.
cat >"$work/fixed.cpp" <<'EOF'
#include <gemmcl/gemm.hpp>

cl::Event multiply(cl::CommandQueue& queue, const cl::Buffer& a, const cl::Buffer& b, cl::Buffer& c,
                   std::size_t n) {
  gemmcl::Gemm<gemmcl::Tile<64, 64, 16>, gemmcl::Vec<4>> gemm;
  return gemm(queue, gemmcl::Layout::RowMajor, gemmcl::Transpose::No, gemmcl::Transpose::No, n, n, n,
              1.0f, a, 0, n, b, 0, n, 0.0f, c, 0, n);
}
EOF

sed 's/gemmcl::Gemm<gemmcl::Tile<64, 64, 16>, gemmcl::Vec<4>>/gemmcl::Gemm<>/' "$work/fixed.cpp" >"$work/auto.cpp"
grep -q 'gemmcl::Gemm<> gemm' "$work/auto.cpp"  # the substitution took place

cat >"$work/wrapper.hpp" <<'EOF'
#pragma once
// A user's header-only library built on gemmcl.
#include <gemmcl/gemm.hpp>

namespace mylib {
inline cl::Event matmul(cl::CommandQueue& queue, const cl::Buffer& a, const cl::Buffer& b, cl::Buffer& c,
                        std::size_t n) {
  return gemmcl::Gemm<>{}(queue, gemmcl::Layout::RowMajor, gemmcl::Transpose::No, gemmcl::Transpose::No,
                          n, n, n, 1.0f, a, 0, n, b, 0, n, 0.0f, c, 0, n);
}
}  // namespace mylib
EOF

cat >"$work/wrapper.cpp" <<'EOF'
#include "wrapper.hpp"

int unrelated(int x) { return 2 * x + 1; }
EOF

# --- Measuring ---------------------------------------------------------------------------------------
declare -A cpu mem  # unit -> least CPU seconds, largest peak MB
measure() {
  local unit=$1 r user sys rss
  for ((r = 1; r <= runs; r++)); do
    if ! /usr/bin/time -o "$work/$unit.time" -f '%U %S %M' \
      "$cxx" -std=c++20 -O2 -c -I"$include_dir" "$work/$unit.cpp" -o "$work/$unit.o" 2>"$work/$unit.log"; then
      echo "compile-cost: $unit.cpp does not compile:" >&2
      head -n 40 "$work/$unit.log" >&2
      exit 2
    fi
    read -r user sys rss <"$work/$unit.time"
    cpu[$unit]=$(awk -v u="$user" -v s="$sys" -v best="${cpu[$unit]:-}" \
      'BEGIN { t = u + s; if (best != "" && best < t) t = best; printf "%.2f", t }')
    mem[$unit]=$(awk -v kb="$rss" -v best="${mem[$unit]:-0}" \
      'BEGIN { m = kb / 1024; if (best > m) m = best; printf "%.0f", m }')
  done
  echo "  $unit: ${cpu[$unit]} s, ${mem[$unit]} MB" >&2
}

units=(baseline fixed auto wrapper)
echo "compiling with $cxx -std=c++20 -O2 -c -I$include_dir, $runs run(s) each..." >&2
for unit in "${units[@]}"; do measure "$unit"; done

# --- Report ------------------------------------------------------------------------------------------
echo
echo "gemmcl compile cost ($("$cxx" --version | head -n 1); least CPU time and largest peak of $runs run(s))"
printf '%-10s %9s %9s %9s %9s\n' unit "CPU s" "delta" "peak MB" "delta"
for unit in "${units[@]}"; do
  if [[ $unit == baseline ]]; then
    printf '%-10s %9s %9s %9s %9s\n' "$unit" "${cpu[$unit]}" "" "${mem[$unit]}" ""
  else
    printf '%-10s %9s %9s %9s %9s\n' "$unit" "${cpu[$unit]}" \
      "$(awk -v a="${cpu[$unit]}" -v b="${cpu[baseline]}" 'BEGIN { printf "%+.1f s", a - b }')" \
      "${mem[$unit]}" "$(awk -v a="${mem[$unit]}" -v b="${mem[baseline]}" 'BEGIN { printf "%+d MB", a - b }')"
  fi
done

((check)) || exit 0
# Budgets: one fixed Gemm call <= +1.5 s, one Gemm<> call <= +3 s, peak memory <= 1 GB.
failed=0
over() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }
delta() { awk -v a="${cpu[$1]}" -v b="${cpu[baseline]}" 'BEGIN { printf "%.2f", a - b }'; }
if over "$(delta fixed)" 1.5; then echo "over budget: fixed costs +$(delta fixed) s over the baseline (budget +1.5 s)"; failed=1; fi
if over "$(delta auto)" 3.0; then echo "over budget: auto costs +$(delta auto) s over the baseline (budget +3 s)"; failed=1; fi
for unit in "${units[@]}"; do
  if over "${mem[$unit]}" 1024; then echo "over budget: $unit peaks at ${mem[$unit]} MB, more than 1024 MB"; failed=1; fi
done
((failed)) && exit 1
echo "within budget"
