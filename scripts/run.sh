#!/usr/bin/env bash
# The project's main command, for now: build, then run perft from the start position of each
# variant and print the node count and the engine's own timing.
# TODO(later issue): this becomes the local farm (coordinator + workers on 127.0.0.1).
# Environment: BUILD_DIR (default: build); TUMEN_SKIP_SETUP=1 skips scripts/setup.sh;
# TUMEN_SKIP_BUILD=1 uses the binaries as they are.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR

if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then
  bash scripts/setup.sh
fi
if [[ "${TUMEN_SKIP_BUILD:-0}" != "1" ]]; then
  TUMEN_SKIP_SETUP=1 bash scripts/build.sh
fi

ENGINE="${BUILD_DIR}/bin/tumen-engine"
if [[ ! -x "${ENGINE}" ]]; then
  echo "run: error: ${ENGINE} was not built" >&2
  exit 1
fi

for variant in shatar shatar-traditional chess; do
  case "${variant}" in
    shatar) depth=7 ;;
    *) depth=6 ;;
  esac
  echo "run: ${variant}: perft ${depth} from the start position"
  output="$(printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %d\nquit\n' \
    "${variant}" "${depth}" | "${ENGINE}")"
  nodes="$(grep -m1 '^Nodes searched' <<<"${output}" || true)"
  timing="$(grep -m1 '^info string perft time' <<<"${output}" || true)"
  if [[ -z "${nodes}" ]]; then
    echo "run: error: no 'Nodes searched' line from ${ENGINE} for ${variant}; output:" >&2
    echo "${output}" >&2
    exit 1
  fi
  echo "  ${nodes}"
  echo "  ${timing:-(no timing line)}"
done
