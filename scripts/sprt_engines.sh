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

source scripts/lib/engines.sh

if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then bash scripts/setup.sh; fi
BASE_ENGINE=$(engine_for "$1")
DEV_ENGINE=$(engine_for "$2")
for engine in "${BASE_ENGINE}" "${DEV_ENGINE}"; do echo "sprt: $(engine_bench "${engine}")"; done

source scripts/lib/farm.sh
farm_start sprt --engine "base=${BASE_ENGINE},dev=${DEV_ENGINE}"
OPTIONS="Hash=${HASH},Threads=1"
JOB=$("${CLI[@]}" match --variant "${VARIANT}" --games "${GAMES}" --tc "${TC}" --sprt "${SPRT}" \
  --seed "$(date +%s)" --pairs-per-shard 4 \
  --engine_a dev --engine_a_variant "${VARIANT}" --engine_a_options "${OPTIONS}" \
  --engine_b base --engine_b_variant "${VARIANT}" --engine_b_options "${OPTIONS}")
echo "sprt: job ${JOB}: dev (A) against base (B), ${VARIANT} at ${TC}, SPRT ${SPRT}, at most ${GAMES} games"
farm_watch "${JOB}"
farm_stop
if grep -q "accepted H1" <<<"${STATUS}"; then exit 0; fi
if grep -q "accepted H0" <<<"${STATUS}"; then exit 1; fi
exit 2
