#!/usr/bin/env bash
# Compiles gemmcl's tensor-core programs for NVIDIA GPUs this machine does not have: clang 14 (with
# libclc) turns each into PTX for sm_80, as NVIDIA's driver would, and ptxas checks that PTX, inline
# instructions included, for each architecture in $PTX_ARCHS. Every element type (half, bfloat16, and
# float as TF32) x C type x transpose pair. The PTX must hold the instructions the path is made of
# (mma.sync for the element type, cp.async, and ldmatrix wherever a tile is read with it: always for
# 16-bit types, for TF32 where A is transposed or B is not); then the FP64 (DMMA) program and the Hopper
# (wgmma) programs, below. Fails on any compiler error or missing instruction.
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
programs=0
# clang_ptx SOURCE ID OPTIONS: $work/SOURCE.cl to $work/ID.ptx for sm_80 as NVIDIA's driver would (the log
# in $work/ID.log); on failure says so and counts it.
clang_ptx() {
  "$CLANG" -cl-std=CL1.2 $3 -target nvptx64-nvidia-nvcl -march=sm_80 -Xclang -fgnu-keywords \
    -Xclang -finclude-default-header -Xclang -mlink-builtin-bitcode -Xclang "$LIBCLC_NVPTX" \
    -O2 -S "$work/$1.cl" -o "$work/$2.ptx" > "$work/$2.log" 2>&1 && return 0
  echo "FAILED: clang, $2 ($3):"; sed 's/^/    /' "$work/$2.log"; failed=$((failed + 1)); return 1
}
for element in half bfloat16 float; do
  mma="m16n8k16.row.col.f32.f16.f16.f32" narrows="0 1"
  [[ $element == bfloat16 ]] && mma="m16n8k16.row.col.f32.bf16.bf16.f32"
  [[ $element == float ]] && mma="m16n8k8.row.col.f32.tf32.tf32.f32" narrows="0"
  for narrow in $narrows; do
    for ta in 0 1; do
      for tb in 0 1; do
        id="$element.c$narrow.$ta$tb"
        programs=$((programs + 1))
        options="-DGEMMCL_TRANS_A=$ta -DGEMMCL_TRANS_B=$tb -DGEMMCL_TC_C_NARROW=$narrow"
        clang_ptx "$element" "$id" "$options" || continue
        expected=("mma.sync.aligned.$mma" "cp.async.cg.shared.global")
        [[ $element != float || $ta == 1 || $tb == 0 ]] && expected+=("ldmatrix.sync.aligned.m8n8.x4")
        # TF32 rounds with cvt.rna on 8.x, with cvt.rn from 9.0 on (checked below).
        [[ $element == float ]] && expected+=("cvt.rna.tf32.f32")
        for instruction in "${expected[@]}"; do
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
# TF32 on compute capability 9.0 (GEMMCL_TC_SM90=1, as the runtime builds it there): rounded by cvt.rn, a
# PTX 7.8 instruction of sm_90, so checked under the driver's header (sm_90, PTX 8.0).
for tt in 00 01 10 11; do
  id="float.sm90.$tt" programs=$((programs + 1)) count=$((count + 1))
  options="-DGEMMCL_TRANS_A=${tt:0:1} -DGEMMCL_TRANS_B=${tt:1:1} -DGEMMCL_TC_SM90=1"
  clang_ptx "float" "$id" "$options" || continue
  sed -i -e 's/^\.target sm_80/.target sm_90/' -e 's/^\.version .*/.version 8.0/' "$work/$id.ptx"
  grep -q "cvt.rn.tf32.f32" "$work/$id.ptx" || { echo "FAILED: $id: no cvt.rn.tf32.f32"; failed=$((failed + 1)); }
  if ! "$PTXAS" -arch=sm_90 "$work/$id.ptx" -o "$work/$id.cubin" > "$work/$id.ptxas.log" 2>&1; then
    echo "FAILED: ptxas -arch=sm_90, $id ($options):"; sed 's/^/    /' "$work/$id.ptxas.log"; failed=$((failed + 1))
  fi
done

# The FP64 program (DMMA, a shape of sm_90 and PTX 7.8): every variant the runtime chooses from, as
# tensor_source writes them from dmma_variants.hpp (dmma.variants), so none is left out or copied here.
# ptxas checks each for sm_90, or, where it loads A and B by TMA, for sm_90a after the runtime's PTX step;
# those the runtime caps at 128 registers go through the cap too. Each variant in one transpose pair (its
# index modulo 4), the default ones (0 and its TMA twin) in all four; the TMA ones that fill a unit (the
# tiles that take a split K's parts) also with the parts added in the kernel (GEMMCL_SPLIT_IN_KERNEL).
dmma_jobs=()
while read -r index capped tma fills default options; do
  pairs="$(( index / 2 % 2 ))$(( index % 2 ))"
  [[ $default == 1 ]] && pairs="00 01 10 11"
  for tt in $pairs; do
    dmma_jobs+=("$index $tt 0 $capped $tma -DGEMMCL_TRANS_A=${tt:0:1} -DGEMMCL_TRANS_B=${tt:1:1} $options")
  done
  [[ $tma == 1 && $fills == 1 ]] &&
    dmma_jobs+=("$index $tt 1 $capped $tma -DGEMMCL_TRANS_A=${tt:0:1} -DGEMMCL_TRANS_B=${tt:1:1} $options -DGEMMCL_SPLIT_IN_KERNEL=1")
done < "$work/dmma.variants"
[[ ${#dmma_jobs[@]} -gt 0 ]] || { echo "FAILED: no DMMA variants in dmma.variants"; failed=$((failed + 1)); }
for job in "${dmma_jobs[@]}"; do
  read -r index tt sum cap tma options <<< "$job"
  id="double.$index.$tt.s$sum" programs=$((programs + 1)) count=$((count + 1))
  kk=16
  [[ $options == *GEMMCL_DMMA_MMA_K=8* ]] && kk=8
  clang_ptx "double" "$id" "$options" || continue
  # The driver's own header (sm_90, a recent PTX version) in place of clang 14's (sm_80, 7.0); TMA's
  # map instructions need 8.3.
  version=8.0
  [[ $tma == 1 ]] && version=8.3
  sed -i -e 's/^\.target sm_80/.target sm_90/' -e "s/^\.version .*/.version $version/" "$work/$id.ptx"
  # Stages beyond the 48 KiB of static shared memory a kernel may declare: the driver makes such a local
  # array dynamic shared memory, and so does this copy (an extern array at module scope).
  decl=$(grep -m1 -o '^\s*\.shared \.align [0-9]* \.b8 [^[]*' "$work/$id.ptx" | sed 's/^\s*//')
  [[ -n $decl ]] && sed -i -e "/^\s*$decl\[[0-9]*\];/d" \
                           -e "/^\.address_size/a .extern $decl[];" "$work/$id.ptx"
  if [[ $sum == 1 ]] && ! grep -q "membar.gl" "$work/$id.ptx"; then
    echo "FAILED: $id: no membar.gl before the tickets"; failed=$((failed + 1))
  fi
  if ! grep -q "mma.sync.aligned.m16n8k$kk.row.col.f64.f64.f64.f64" "$work/$id.ptx"; then
    echo "FAILED: $id: no DMMA m16n8k$kk in the PTX"; failed=$((failed + 1))
  fi
  if [[ $cap == 1 ]] && ! "$1" --cap "$work/$id.ptx" "$work/$id.capped.ptx" > "$work/$id.cap.log" 2>&1; then
    echo "FAILED: the register cap, $id:"; sed 's/^/    /' "$work/$id.cap.log"; failed=$((failed + 1)); continue
  fi
  [[ $cap == 1 ]] && mv "$work/$id.capped.ptx" "$work/$id.ptx"
  arch=sm_90
  if [[ $tma == 1 ]]; then
    arch=sm_90a
    if ! "$1" --patch "$work/$id.ptx" "$work/$id.90a.ptx" > "$work/$id.patch.log" 2>&1; then
      echo "FAILED: the PTX step, $id:"; sed 's/^/    /' "$work/$id.patch.log"; failed=$((failed + 1)); continue
    fi
    mv "$work/$id.90a.ptx" "$work/$id.ptx"
    # Maps set up by each work-group, or (GEMMCL_DMMA_PARAM_MAPS) read where the parameters lie, which the
    # PTX step aligns to 64 bytes.
    instructions="tensormap.replace.tile.global_address tensormap.cp_fenceproxy"
    [[ $options == *GEMMCL_DMMA_PARAM_MAPS=1* ]] && instructions="cvta.param.u64 prefetch.tensormap .param.\.align.64.\.b8"
    for instruction in cp.async.bulk.tensor.2d $instructions mbarrier.try_wait.parity; do
      grep -q "$instruction" "$work/$id.ptx" || { echo "FAILED: $id: no $instruction"; failed=$((failed + 1)); }
    done
    if grep -q '//@' "$work/$id.ptx" || grep -q 'cp.async.cg' "$work/$id.ptx"; then
      echo "FAILED: $id: a //@ line left, or the work-items' copies"; failed=$((failed + 1))
    fi
  fi
  if ! "$PTXAS" -arch=$arch "$work/$id.ptx" -o "$work/$id.cubin" > "$work/$id.ptxas.log" 2>&1; then
    echo "FAILED: ptxas -arch=$arch, $id ($options):"; sed 's/^/    /' "$work/$id.ptxas.log"; failed=$((failed + 1))
  fi
done

# The Hopper programs, in their default, wide, narrow and short (64-row) variants: clang's PTX, given the driver's target line
# and PTX version (clang 14 writes sm_80 and 7.0), goes through the runtime's own PTX step (tensor_source --patch), and ptxas checks the result
# for sm_90a, which must hold the warpgroup MMAs.
# TF32 (float) only with B not transposed, its one K-major tile (the runtime copies a transposed B
# first), and A from registers (GEMMCL_WG_A_REGS), in either layout, as the runtime builds it; and
# with C stored transposed (GEMMCL_TC_C_TRANS), as where the runtime computes C^T; and with B loaded by
# TMA (GEMMCL_WG_B_TMA, and A too where K-major) and without, as the runtime builds it where the
# operands are aligned and where not. The 16-bit programs also with their K-major operands by TMA (B
# not transposed, A transposed), as the runtime builds them. The
# narrow variant, and TF32's default one, also go through the register cap, as the runtime builds them.
# The driver writes PTX 9.0; TMA's map instructions need 8.3, which stands in for it here.
for element in half bfloat16 float; do
  type=f16 kk=16 narrows="0 1" tas="0 1" tbs="0 1" ctranses=0 tmas="0 1"
  [[ $element == bfloat16 ]] && type=bf16
  [[ $element == float ]] && type=tf32 kk=8 narrows=0 tbs=0 ctranses="0 1" tmas="0 1"
  for variant in default wide narrow short; do
  for narrow in $narrows; do
    for ta in $tas; do
      for tb in $tbs; do
      for ctrans in $ctranses; do
      for tma in $tmas; do
        # 16-bit: nothing K-major to load by TMA with A not transposed and B transposed.
        [[ $element != float && $tma == 1 && $ta == 0 && $tb == 1 ]] && continue
        id="${element}_wgmma.$variant.c$narrow.$ta$tb.t$ctrans.m$tma"
        programs=$((programs + 1)) count=$((count + 1))
        options="-DGEMMCL_TRANS_A=$ta -DGEMMCL_TRANS_B=$tb -DGEMMCL_TC_C_NARROW=$narrow -DGEMMCL_TC_C_TRANS=$ctrans"
        [[ $tma == 1 && $tb == 0 ]] && options="$options -DGEMMCL_WG_B_TMA=1"
        # A by TMA where K-major; TF32's A otherwise from registers (rounded by cvt.rn).
        a_tma=$([[ $tma == 1 && $ta == 1 ]] && echo 1 || echo 0)
        [[ $element == float ]] && options="$options -DGEMMCL_TC_SM90=1"
        if [[ $a_tma == 1 ]]; then options="$options -DGEMMCL_WG_A_TMA=1"
        elif [[ $element == float ]]; then options="$options -DGEMMCL_WG_A_REGS=1"; fi
        mma="wgmma.mma_async.sync.aligned.m64n128k$kk.f32.$type.$type"
        if [[ $variant == wide ]]; then
          options="$options $(cat "$work/wgmma_wide.options")"
          mma="wgmma.mma_async.sync.aligned.m64n256k$kk.f32.$type.$type"
        elif [[ $variant == narrow ]]; then
          options="$options $(cat "$work/wgmma_narrow.options")"
          mma="wgmma.mma_async.sync.aligned.m64n64k$kk.f32.$type.$type"
        elif [[ $variant == short ]]; then
          options="$options $(cat "$work/wgmma_short.options")"
        fi
        clang_ptx "${element}_wgmma" "$id" "$options" || continue
        sed -i -e 's/^\.target sm_80/.target sm_90/' -e 's/^\.version .*/.version 8.3/' "$work/$id.ptx"
        if ! "$1" --patch "$work/$id.ptx" "$work/$id.90a.ptx" > "$work/$id.patch.log" 2>&1; then
          echo "FAILED: the PTX step, $id:"; sed 's/^/    /' "$work/$id.patch.log"; failed=$((failed + 1)); continue
        fi
        if [[ $variant == narrow || ($variant == default && $element == float) ]]; then
          if ! "$1" --cap "$work/$id.90a.ptx" "$work/$id.capped.ptx" > "$work/$id.cap.log" 2>&1; then
            echo "FAILED: the register cap, $id:"; sed 's/^/    /' "$work/$id.cap.log"; failed=$((failed + 1)); continue
          fi
          mv "$work/$id.capped.ptx" "$work/$id.90a.ptx"
        fi
        if [[ $element == float && $a_tma == 0 ]] && ! grep -q "cvt.rn.tf32.f32" "$work/$id.90a.ptx"; then
          echo "FAILED: $id: no cvt.rn.tf32.f32"; failed=$((failed + 1))
        fi
        for instruction in cp.async.bulk.tensor.2d tensormap.replace.tile.global_address tensormap.cp_fenceproxy; do
          if [[ $tma == 1 ]] && ! grep -q "$instruction" "$work/$id.90a.ptx"; then
            echo "FAILED: $id: no $instruction"; failed=$((failed + 1))
          fi
        done
        if ! grep -q "$mma" "$work/$id.90a.ptx" || grep -q '//@' "$work/$id.90a.ptx"; then
          echo "FAILED: $id: no $mma after the PTX step, or a //@ line left"; failed=$((failed + 1))
        fi
        if ! "$PTXAS" -arch=sm_90a "$work/$id.90a.ptx" -o "$work/$id.cubin" > "$work/$id.ptxas.log" 2>&1; then
          echo "FAILED: ptxas -arch=sm_90a, $id ($options):"; sed 's/^/    /' "$work/$id.ptxas.log"
          failed=$((failed + 1))
        fi
      done
      done
      done
    done
  done
  done
done
echo "ptx: $count ptxas checks ($PTX_ARCHS; sm_90 for DMMA, sm_90a for wgmma and DMMA by TMA) of $programs programs: $failed failures"
[[ $failed -eq 0 ]]
