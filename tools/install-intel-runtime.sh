#!/usr/bin/env bash
# Installs Intel's OpenCL runtime for x86 CPUs (PyPI: intel-opencl-rt, intel-cmplr-lib-rt) into a cache
# directory and writes an ICD vendors folder that lists it beside PoCL. It is a second real OpenCL
# implementation, with Intel's sub-group extensions (shuffles, block reads, required sub-group sizes),
# on which gemmcl's Intel path runs without Intel hardware (docs/intel.md).
#
#   bash tools/install-intel-runtime.sh          # installs (or reuses) it; prints the vendors folder
#   export OCL_ICD_VENDORS="$(bash tools/install-intel-runtime.sh --print)"
#
# The cache directory is $GEMMCL_CACHE_DIR/intel-opencl (default ~/.cache/gemmcl/intel-opencl). The
# wheels are kept there too: pip's own cache does not keep them, and they are 276 MB. A complete
# installation is reused as it is; nothing is downloaded then.
set -euo pipefail

cache="${GEMMCL_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gemmcl}/intel-opencl"
print_only=false
for arg in "$@"; do
  case "$arg" in
    --print) print_only=true ;;
    *) echo "usage: $0 [--print]" >&2; exit 2 ;;
  esac
done
packages=(intel-opencl-rt intel-cmplr-lib-rt)  # both: the first alone lacks libimf, libsvml, libirng
log() { if ! $print_only; then echo "install-intel-runtime: $*"; fi; }

prefix="$cache/prefix"
library="$prefix/lib/libintelocl.so"
if [ ! -f "$library" ] || [ ! -f "$cache/complete" ]; then
  rm -rf "$prefix" "$cache/complete"
  mkdir -p "$cache/wheels"
  if ! ls "$cache/wheels"/intel_opencl_rt-*.whl >/dev/null 2>&1; then
    log "downloading ${packages[*]} into $cache/wheels"
    python3 -m pip download -q --only-binary=:all: --dest "$cache/wheels" "${packages[@]}" >&2
  fi
  log "installing from $cache/wheels into $prefix"
  # --prefix rather than a virtual environment: the runtime is a set of shared libraries, and the
  # wheels place them in <prefix>/lib; no Python code of theirs is ever imported.
  python3 -m pip install -q --no-index --find-links "$cache/wheels" --prefix "$prefix" \
    --no-warn-script-location "${packages[@]}" >&2
  [ -f "$library" ] || { echo "install-intel-runtime: $library is missing after the install" >&2; exit 1; }
  touch "$cache/complete"
fi

vendors="$cache/vendors"
mkdir -p "$vendors"
echo "$library" > "$vendors/intel.icd"  # an ICD file names the library by absolute path
if [ -f /etc/OpenCL/vendors/pocl.icd ]; then cp /etc/OpenCL/vendors/pocl.icd "$vendors/"; fi
log "ready; use it with: export OCL_ICD_VENDORS=$vendors"
if $print_only; then echo "$vendors"; fi
