#!/usr/bin/env bash
# Compiles gemmcl's kernel texts for GPUs this machine does not have, and fails on any compiler error.
#
#   compile.sh SOURCES intel   Intel GPUs: ocloc for each device in $OFFLINE_INTEL_DEVICES, then
#                              spirv-dis on the SPIR-V ocloc writes beside the binary, which must hold
#                              the promised instructions (shuffle: OpSubgroupShuffleINTEL, or
#                              OpGroupNonUniformShuffle for the Khronos path; block_read and
#                              block_read_b: OpSubgroupBlockReadINTEL or OpSubgroupImageBlockReadINTEL,
#                              where A or B, or B, is read untransposed)
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
  if [[ "$kind" == intel* ]]; then
    if ! "$OCLOC" compile -file "$work/src/$file" -device "$device" -out_dir "$out" -options "$options" \
         > "$out/log" 2>&1; then
      # A sub-group size the device does not have (PVC: no SIMD 8) is not the kernel's fault: the
      # runtime refuses that configuration there (VendorMismatch) before building it.
      if grep -q 'required subgroup size [0-9]*, which is unsupported on this platform' "$out/log"; then
        echo "${file%.cl} on $device: $(grep -o 'required subgroup size [0-9]*' "$out/log" | head -n 1)" \
             > "$work/skip/$id"
        exit 0
      fi
      fail "ocloc compile failed:"; exit 0
    fi
    spv=$(find "$out" -name '*.spv' | head -n 1)
    if [[ -z "$spv" ]] || ! "$SPIRV_DIS" "$spv" -o "$out/kernel.spvasm" >> "$out/log" 2>&1; then
      fail "no SPIR-V to disassemble beside ocloc's binary:"; exit 0
    fi
    trans_a=${OPTION_SETS[$set]#*TRANS_A=} trans_a=${trans_a:0:1}
    trans_b=${OPTION_SETS[$set]#*TRANS_B=} trans_b=${trans_b:0:1}
    for promise in ${promises//,/ }; do
      block='Op(Subgroup|SubgroupImage)BlockReadINTEL'
      case $promise in
        shuffle) pattern='OpSubgroupShuffleINTEL|OpGroupNonUniformShuffle ' ;;
        # Block reads need an operand read as it lies: A where TRANS_A=0, B where TRANS_B=0.
        block_read) [[ $trans_a == 0 || $trans_b == 0 ]] || continue; pattern=$block ;;
        block_read_b) [[ $trans_b == 0 ]] || continue; pattern=$block ;;
        -) continue ;;
        *) echo "unknown promise $promise" > "$out/log"; fail "bad manifest line:"; exit 0 ;;
      esac
      if ! grep -Eq "$pattern" "$out/kernel.spvasm"; then
        { grep -Eo 'Op(Subgroup|GroupNonUniform)[A-Za-z]*' "$out/kernel.spvasm" | sort | uniq -c || echo "(none)"; } > "$out/log"
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
mkdir -p "$work/src" "$work/out" "$work/fail" "$work/skip"
"$sources" "$work/src"

if [[ "$which" == intel ]]; then
  # Each device once with an empty kernel: one this ocloc does not know is left out, and one for which
  # it cannot compile OpenCL C 3.0 at all (ocloc 22.43 for pvc: its own opencl-c.h fails there) skips
  # the CL3.0 configurations. Both are said, not hidden.
  printf '__kernel void k(__global float* x) { x[get_global_id(0)] = 1.0f; }\n' > "$work/empty.cl"
  # Likewise a device without fp64 (Xe-LP, Xe-HPG) skips the double configurations: the runtime
  # refuses them there.
  printf '#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n__kernel void k(__global double* x) { x[0] = 1.0; }\n' \
    > "$work/fp64.cl"
  devices="" no_cl3="" no_fp64=""
  for device in $OFFLINE_INTEL_DEVICES; do
    if ! "$OCLOC" compile -file "$work/empty.cl" -device "$device" -out_dir "$work/probe" \
         -options -cl-std=CL1.2 > "$work/probe.log" 2>&1; then
      echo "offline: this ocloc cannot compile for $device; left out"
      continue
    fi
    devices+="$device "
    if ! "$OCLOC" compile -file "$work/empty.cl" -device "$device" -out_dir "$work/probe" \
         -options -cl-std=CL3.0 > "$work/probe.log" 2>&1; then
      echo "offline: this ocloc cannot compile OpenCL C 3.0 for $device (not even an empty kernel);" \
           "its CL3.0 configurations are skipped"
      no_cl3+=" $device "
    fi
    if ! "$OCLOC" compile -file "$work/fp64.cl" -device "$device" -out_dir "$work/probe" \
         -options -cl-std=CL1.2 > "$work/probe.log" 2>&1; then
      echo "offline: $device has no fp64; its double configurations are skipped"
      no_fp64+=" $device "
    fi
  done
  echo "offline: ocloc $(dpkg-query -W -f '${Version}' intel-opencl-icd 2>/dev/null || echo "(version unknown)");" \
       "devices: $devices"
else
  devices=$OFFLINE_AMD_DEVICES
  echo "offline: $("$CLANG" --version | head -n 1), $LIBCLC; devices: $devices"
fi

# The jobs, one line each, for xargs.
count=0 configs=0
while read -r file kind promises std; do
  case "$which:$kind" in
    intel:intel | intel:intel-xehpc | amd:amd | amd:generic) ;;
    *) continue ;;
  esac
  configs=$((configs + 1))
  for device in $devices; do
    skip=""
    if [[ "$std" == CL3.0 && "${no_cl3:-}" == *" $device "* ]]; then
      skip="OpenCL C 3.0"
    elif [[ "$kind" == intel-xehpc && "$device" != pvc ]]; then
      # Block reads in sub-groups of 32 exist from Xe-HPC on; gemmcl refuses them on older GPUs.
      skip="SIMD32 block reads (Xe-HPC only)"
    elif [[ "${no_fp64:-}" == *" $device "* ]] && grep -q 'cl_khr_fp64 : enable' "$work/src/$file"; then
      skip="no fp64"
    fi
    for set in "${!OPTION_SETS[@]}"; do
      count=$((count + 1))
      if [[ -n "$skip" ]]; then
        echo "${file%.cl} on $device: $skip" > "$work/skip/${file%.cl}.$device.$set"
      else
        printf '%s\n' "$work" "$file" "$kind" "$promises" "$std" "$device" "$set"
      fi
    done
  done
done < "$work/src/manifest" > "$work/jobs"
if [[ -z "${devices// /}" ]]; then
  echo "offline: no device to compile for (tried: ${OFFLINE_INTEL_DEVICES})" >&2
  exit 1
fi
if [[ $count -eq 0 ]]; then
  echo "offline: no $which configuration in the manifest" >&2
  exit 1
fi

start=$SECONDS
if ! xargs -a "$work/jobs" -r -d '\n' -n 7 -P "$OFFLINE_JOBS" bash "$0" --one; then
  echo "offline: a compile job stopped with an error of its own (not a compiler's)" >&2
  exit 1
fi
failed=$(find "$work/fail" -type f | wc -l)
skipped=$(find "$work/skip" -type f | wc -l)
echo "offline: $which: $configs configurations x $(wc -w <<< "$devices") devices x ${#OPTION_SETS[@]} option sets" \
     "= $count compiles ($((SECONDS - start)) s): $((count - failed - skipped)) passed, $failed failed," \
     "$skipped skipped"
if [[ $skipped -gt 0 ]]; then
  echo "offline: skipped (the device cannot run them, so the runtime never builds them there):"
  find "$work/skip" -type f | sort | xargs cat | sort | uniq -c | sed 's/^ */  /'
fi
if [[ $failed -gt 0 ]]; then
  find "$work/fail" -type f | sort | xargs cat
  exit 1
fi
