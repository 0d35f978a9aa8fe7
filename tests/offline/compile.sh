#!/usr/bin/env bash
# Compiles gemmcl's kernel texts for GPUs this machine does not have, and fails on any compiler error.
#
#   compile.sh SOURCES intel   Intel GPUs: ocloc for each device in $OFFLINE_INTEL_DEVICES, then
#                              spirv-dis on the SPIR-V ocloc writes beside the binary, which must hold
#                              the promised instructions (shuffle: OpSubgroupShuffleINTEL, or
#                              OpGroupNonUniformShuffle for the Khronos path; block_read:
#                              OpSubgroupBlockReadINTEL)
#   compile.sh SOURCES amd     AMD GPUs: clang 14 with libclc, to amdgcn code for $OFFLINE_AMD_DEVICES
#
# SOURCES is the offline_sources program (tests/offline/sources.cpp), which writes the texts and their
# manifest. Each text is compiled with each of the option sets below (the four transpose pairs, one of
# them aligned, one with the in-kernel split-K reduction), as the runtime would build it, plus the
# -cl-std its manifest line names. Tools: $OCLOC, $SPIRV_DIS, $CLANG, $LIBCLC (the amdgcn--amdhsa.bc of
# libclc); $OFFLINE_JOBS compiles run side by side (default 2). Exit status 1 names every failing
# configuration, device and option set, with the compiler's messages.
set -euo pipefail

OPTION_SETS=(
  "-DGEMMCL_TRANS_A=0 -DGEMMCL_TRANS_B=0 -DGEMMCL_ALIGNED=1"
  "-DGEMMCL_TRANS_A=0 -DGEMMCL_TRANS_B=1 -DGEMMCL_ALIGNED=0"
  "-DGEMMCL_TRANS_A=1 -DGEMMCL_TRANS_B=0 -DGEMMCL_ALIGNED=0 -DGEMMCL_SPLIT_IN_KERNEL=1"
  "-DGEMMCL_TRANS_A=1 -DGEMMCL_TRANS_B=1 -DGEMMCL_ALIGNED=0"
)
: "${OCLOC:=ocloc}" "${SPIRV_DIS:=spirv-dis}" "${CLANG:=clang-14}" "${LIBCLC:=/usr/lib/clc/amdgcn--amdhsa.bc}"
: "${OFFLINE_INTEL_DEVICES:=skl tgllp dg2 pvc}" "${OFFLINE_AMD_DEVICES:=gfx90a gfx1030}"
: "${OFFLINE_JOBS:=2}"
export OCLOC SPIRV_DIS CLANG LIBCLC

# One compile: compile.sh --one WORK FILE KIND PROMISES STD DEVICE SET. Writes WORK/fail/<id> on failure.
if [[ "${1:-}" == "--one" ]]; then
  work=$2 file=$3 kind=$4 promises=$5 std=$6 device=$7 set=$8
  options="-cl-std=$std ${OPTION_SETS[$set]}"
  id="${file%.cl}.$device.$set"
  out="$work/out/$id"
  mkdir -p "$out"
  fail() {
    { echo "FAILED: ${file%.cl} ($kind) on $device with options: $options"
      echo "  $1"
      sed 's/^/    /' "$out/log"; } > "$work/fail/$id"
  }
  if [[ "$kind" == intel ]]; then
    if ! "$OCLOC" compile -q -file "$work/src/$file" -device "$device" -out_dir "$out" -options "$options" \
         > "$out/log" 2>&1; then
      fail "ocloc compile failed:"; exit 0
    fi
    spv=$(find "$out" -name '*.spv' | head -n 1)
    if [[ -z "$spv" ]] || ! "$SPIRV_DIS" "$spv" -o "$out/kernel.spvasm" >> "$out/log" 2>&1; then
      fail "no SPIR-V to disassemble beside ocloc's binary:"; exit 0
    fi
    for promise in ${promises//,/ }; do
      case $promise in
        shuffle) pattern='OpSubgroupShuffleINTEL|OpGroupNonUniformShuffle ' ;;
        block_read) pattern='OpSubgroupBlockReadINTEL' ;;
        -) continue ;;
        *) echo "unknown promise $promise" > "$out/log"; fail "bad manifest line:"; exit 0 ;;
      esac
      if ! grep -Eq "$pattern" "$out/kernel.spvasm"; then
        grep -Eo 'Op(Subgroup|GroupNonUniform)[A-Za-z]*' "$out/kernel.spvasm" | sort | uniq -c > "$out/log" || true
        fail "promised $promise ($pattern) is missing from the SPIR-V; its sub-group instructions:"
        exit 0
      fi
    done
  else
    if ! "$CLANG" "-cl-std=$std" ${OPTION_SETS[$set]} -target amdgcn-amd-amdhsa "-mcpu=$device" -nogpulib \
         -Xclang -finclude-default-header -Xclang -mlink-builtin-bitcode -Xclang "$LIBCLC" \
         -O2 -c "$work/src/$file" -o "$out/kernel.o" > "$out/log" 2>&1; then
      fail "clang failed:"; exit 0
    fi
  fi
  exit 0
fi

if [[ $# -ne 2 || ( "$2" != intel && "$2" != amd ) ]]; then
  echo "usage: $0 SOURCES intel|amd" >&2
  exit 2
fi
sources=$1 which=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmcl-offline.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/out" "$work/fail"
"$sources" "$work/src"

if [[ "$which" == intel ]]; then
  devices=$OFFLINE_INTEL_DEVICES
  echo "offline: $("$OCLOC" --version 2>&1 | head -n 1); devices: $devices"
else
  devices=$OFFLINE_AMD_DEVICES
  echo "offline: $("$CLANG" --version | head -n 1), $LIBCLC; devices: $devices"
fi

# The jobs, one line each, for xargs.
count=0 configs=0
while read -r file kind promises std; do
  case "$which:$kind" in
    intel:intel | amd:amd | amd:generic) ;;
    *) continue ;;
  esac
  configs=$((configs + 1))
  for device in $devices; do
    for set in "${!OPTION_SETS[@]}"; do
      printf '%s\n' "$work" "$file" "$kind" "$promises" "$std" "$device" "$set"
      count=$((count + 1))
    done
  done
done < "$work/src/manifest" > "$work/jobs"
if [[ $count -eq 0 ]]; then
  echo "offline: no $which configuration in the manifest" >&2
  exit 1
fi

start=$SECONDS
xargs -a "$work/jobs" -d '\n' -n 7 -P "$OFFLINE_JOBS" bash "$0" --one
failed=$(find "$work/fail" -type f | wc -l)
echo "offline: $which: $configs configurations x $(wc -w <<< "$devices") devices x ${#OPTION_SETS[@]} option sets" \
     "= $count compiles in $((SECONDS - start)) s, $failed failed"
if [[ $failed -gt 0 ]]; then
  find "$work/fail" -type f | sort | xargs cat
  exit 1
fi
