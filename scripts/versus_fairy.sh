#!/usr/bin/env bash
# A Tumen build against Fairy-Stockfish (the Debian package) on a local farm: the reference
# for issue 15's strength goals. Tumen is player A, Fairy-Stockfish player B; one thread and
# HASH MiB each; random 8-ply openings in colour-swapped pairs.
#
#   scripts/versus_fairy.sh [ENGINE]      ENGINE: a tumen-engine binary or a git ref (HEAD)
#
# Environment: VARIANT (shatar-traditional), FAIRY_VARIANT (Fairy-Stockfish's name for it:
# shatar for shatar-traditional, else the same), TC (nodes=2000; or B+I seconds), GAMES
# (200), HASH (16), SEED (the time), FARM_DATA (farm-data-fairy), BUILD_DIR (build: the
# farm's binaries), TUMEN_OPTIONS (more UCI options for Tumen, NAME=VALUE,...: a search or
# evaluation parameter to screen without a build), TUMEN_SKIP_SETUP=1. Prints W/D/L,
# pentanomial and Elo with its interval.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR
VARIANT="${VARIANT:-shatar-traditional}"
if [[ -z "${FAIRY_VARIANT:-}" ]]; then
  FAIRY_VARIANT="${VARIANT}"
  [[ "${VARIANT}" == "shatar-traditional" ]] && FAIRY_VARIANT=shatar
fi
TC="${TC:-nodes=2000}"
GAMES="${GAMES:-200}"
HASH="${HASH:-16}"
SEED="${SEED:-$(date +%s)}"
FARM_DATA="${FARM_DATA:-farm-data-fairy}"
FAIRY=/usr/games/fairy-stockfish

if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then bash scripts/setup.sh; fi
[[ -x "${FAIRY}" ]] || { echo "versus_fairy: ${FAIRY} is missing (scripts/setup.sh installs it)" >&2; exit 1; }
source scripts/lib/engines.sh
TUMEN_ENGINE=$(engine_for "${1:-HEAD}")
echo "versus_fairy: $(engine_bench "${TUMEN_ENGINE}")"

source scripts/lib/farm.sh
farm_start fairy --engine "tumen=${TUMEN_ENGINE},fairy-stockfish=${FAIRY}"
JOB=$("${CLI[@]}" match --variant "${VARIANT}" --games "${GAMES}" --tc "${TC}" --seed "${SEED}" \
  --pairs-per-shard 2 \
  --engine_a tumen --engine_a_variant "${VARIANT}" --engine_a_options "Hash=${HASH},Threads=1${TUMEN_OPTIONS:+,${TUMEN_OPTIONS}}" \
  --engine_b fairy-stockfish --engine_b_variant "${FAIRY_VARIANT}" \
  --engine_b_options "Hash=${HASH},Threads=1")
echo "versus_fairy: job ${JOB}: Tumen (A${TUMEN_OPTIONS:+, ${TUMEN_OPTIONS}}) against Fairy-Stockfish ${FAIRY_VARIANT} (B), ${VARIANT} at ${TC}, ${GAMES} games, seed ${SEED}"
farm_watch "${JOB}"
farm_stop
