#!/usr/bin/env bash
# An SPRT between two builds of tumen-engine on a local farm, the fishtest way: DEV (player A)
# against BASE (player B), openings in colour-swapped pairs, stopped when the SPRT decides.
#
#   scripts/sprt_engines.sh BASE DEV
#
# BASE and DEV are each an engine binary or a git ref of this repository. A ref is built once
# (tumen-engine only, in a git worktree) and kept in ${ENGINE_CACHE}/<commit>/tumen-engine.
# Both engines run with one thread; the workers know them as `base` and `dev`.
# Environment: VARIANT (shatar-traditional), TC (2+0.02), SPRT (elo0=0,elo1=5),
# GAMES (the most games, 8000), HASH (16), FARM_DATA (farm-data-sprt), ENGINE_CACHE
# (.engine-cache), BUILD_DIR (build: the farm's own binaries), TUMEN_SKIP_SETUP=1.
# Prints the job's final status (W/D/L, pentanomial, Elo, LLR); exits 0 on H1, 1 on H0,
# 2 when the game budget ran out undecided.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
if (($# != 2)); then
  sed -n 2,15p "$0" >&2
  exit 64
fi
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR
VARIANT="${VARIANT:-shatar-traditional}"
TC="${TC:-2+0.02}"
SPRT="${SPRT:-elo0=0,elo1=5}"
GAMES="${GAMES:-8000}"
HASH="${HASH:-16}"
FARM_DATA="${FARM_DATA:-farm-data-sprt}"
ENGINE_CACHE="${ENGINE_CACHE:-.engine-cache}"

# Prints the path of an engine binary for $1: the file itself, or the cached build of a ref.
engine_for() {
  if [[ -f "$1" && -x "$1" ]]; then
    realpath "$1"
    return
  fi
  local commit
  commit=$(git rev-parse --verify --quiet "$1^{commit}") || {
    echo "sprt: '$1' is neither an engine binary nor a git ref of this repository" >&2
    exit 64
  }
  local out="${ENGINE_CACHE}/${commit}"
  if [[ ! -x "${out}/tumen-engine" ]]; then
    echo "sprt: building tumen-engine at ${commit:0:10} ($(git log -1 --format=%s "${commit}" | cut -c1-60))" >&2
    local tree="${ENGINE_CACHE}/src-${commit}"
    rm -rf "${tree}"
    git worktree add --detach "${tree}" "${commit}" >/dev/null 2>&1
    cmake -S "${tree}" -B "${tree}/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "${tree}/build" -j"$(nproc)" --target tumen-engine >&2
    mkdir -p "${out}"
    cp "${tree}/build/bin/tumen-engine" "${out}/tumen-engine"
    git worktree remove --force "${tree}"
  fi
  realpath "${out}/tumen-engine"
}

if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then bash scripts/setup.sh; fi
BASE_ENGINE=$(engine_for "$1")
DEV_ENGINE=$(engine_for "$2")
for engine in "${BASE_ENGINE}" "${DEV_ENGINE}"; do
  echo "sprt: $(basename "$(dirname "${engine}")")/tumen-engine bench: $("${engine}" bench 2>&1 | grep 'Nodes searched')"
done

source scripts/lib/farm.sh
farm_start sprt --engine "base=${BASE_ENGINE},dev=${DEV_ENGINE}"
OPTIONS="Hash=${HASH},Threads=1"
JOB=$("${CLI[@]}" match --variant "${VARIANT}" --games "${GAMES}" --tc "${TC}" --sprt "${SPRT}" \
  --seed "$(date +%s)" --pairs-per-shard 4 \
  --engine_a dev --engine_a_variant "${VARIANT}" --engine_a_options "${OPTIONS}" \
  --engine_b base --engine_b_variant "${VARIANT}" --engine_b_options "${OPTIONS}")
echo "sprt: job ${JOB}: dev (A) against base (B), ${VARIANT} at ${TC}, SPRT ${SPRT}, at most ${GAMES} games"
# Progress: games, W/D/L and the LLR against its bounds, every 10 seconds.
while true; do
  STATUS=$("${CLI[@]}" status "${JOB}")
  echo "$(sed -n 2p <<<"${STATUS}" | tr -s ' ')  $(grep -o 'W [0-9]*  D [0-9]*  L [0-9]*' <<<"${STATUS}")  $(grep -o 'LLR .*' <<<"${STATUS}")"
  head -1 <<<"${STATUS}" | grep -q running || break
  sleep 10
done
echo
echo "${STATUS}"
farm_stop
if grep -q "accepted H1" <<<"${STATUS}"; then exit 0; fi
if grep -q "accepted H0" <<<"${STATUS}"; then exit 1; fi
exit 2
