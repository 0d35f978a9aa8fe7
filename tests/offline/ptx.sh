#!/usr/bin/env bash
# Compiles gemmcl's tensor-core programs for NVIDIA GPUs this machine does not have: clang 14 (with
# libclc) turns each into PTX for sm_80, as NVIDIA's driver would, and ptxas checks that PTX, inline
# instructions included, for each architecture in $PTX_ARCHS. Every element type x C type x transpose
# pair. The PTX must hold the instructions the path is made of (mma.sync for the element type, ldmatrix,
# cp.async). Fails on any compiler error or missing instruction.
#
#   ptx.sh SOURCES    SOURCES: the tensor_source program (tests/offline/tensor_source.cpp)
# Tools: $CLANG, $LIBCLC_NVPTX (libclc's nvptx64--nvidiacl.bc), $PTXAS.
set -euo pipefail
: "${CLANG:=clang-14}" "${LIBCLC_NVPTX:=/usr/lib/clc/nvptx64--nvidiacl.bc}" "${PTXAS:=ptxas}"
: "${PTX_ARCHS:=sm_80 sm_90}"
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmcl-ptx.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$1" "$work"
failed=0 count=0
for element in half bfloat16; do
  mma_type=f16
  [[ $element == bfloat16 ]] && mma_type=bf16
  for narrow in 0 1; do
    for ta in 0 1; do
      for tb in 0 1; do
        id="$element.c$narrow.$ta$tb"
        options="-DGEMMCL_TRANS_A=$ta -DGEMMCL_TRANS_B=$tb -DGEMMCL_TC_C_NARROW=$narrow"
        if ! "$CLANG" -cl-std=CL1.2 $options -target nvptx64-nvidia-nvcl -march=sm_80 -Xclang -fgnu-keywords \
             -Xclang -finclude-default-header -Xclang -mlink-builtin-bitcode -Xclang "$LIBCLC_NVPTX" \
             -O2 -S "$work/$element.cl" -o "$work/$id.ptx" > "$work/$id.log" 2>&1; then
          echo "FAILED: clang, $id ($options):"; sed 's/^/    /' "$work/$id.log"; failed=$((failed + 1)); continue
        fi
        for instruction in "mma.sync.aligned.m16n8k16.row.col.f32.$mma_type.$mma_type.f32" \
                           "ldmatrix.sync.aligned.m8n8.x4" "cp.async.cg.shared.global"; do
          if ! grep -q "$instruction" "$work/$id.ptx"; then
            echo "FAILED: $id: no $instruction in the PTX"; failed=$((failed + 1))
          fi
        done
        for arch in $PTX_ARCHS; do
          count=$((count + 1))
          if ! "$PTXAS" -arch="$arch" "$work/$id.ptx" -o "$work/$id.$arch.cubin" > "$work/$id.$arch.log" 2>&1; then
            echo "FAILED: ptxas -arch=$arch, $id ($options):"; sed 's/^/    /' "$work/$id.$arch.log"
            failed=$((failed + 1))
          fi
        done
      done
    done
  done
done
echo "ptx: $count ptxas checks ($PTX_ARCHS) of 16 programs: $failed failures"
[[ $failed -eq 0 ]]
