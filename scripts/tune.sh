#!/usr/bin/env bash
# Tunes the evaluation on a local farm and checks the result: starts a coordinator and two
# workers (like scripts/run.sh), runs an SPSA job over the parameters of SPEC, exports the
# tuned parameters, then plays an SPRT match tuned (A) against the defaults (B).
# Environment: VARIANT (shatar), SPEC (scripts/params/shatar-spsa.txt), ITERATIONS (10000),
# TC (nodes=1000), SPRT (elo0=0,elo1=5), SPRT_GAMES (20000), FARM_DATA (farm-data),
# BUILD_DIR (build), TUMEN_SKIP_SETUP/TUMEN_SKIP_BUILD=1.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR
VARIANT="${VARIANT:-shatar}"
SPEC="${SPEC:-scripts/params/shatar-spsa.txt}"
ITERATIONS="${ITERATIONS:-10000}"
TC="${TC:-nodes=1000}"
SPRT="${SPRT:-elo0=0,elo1=5}"
SPRT_GAMES="${SPRT_GAMES:-20000}"
FARM_DATA="${FARM_DATA:-farm-data}"

if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then bash scripts/setup.sh; fi
if [[ "${TUMEN_SKIP_BUILD:-0}" != "1" ]]; then TUMEN_SKIP_SETUP=1 bash scripts/build.sh; fi
source scripts/lib/farm.sh
farm_start tune

TUNE=$("${CLI[@]}" tune --variant "${VARIANT}" --params "${SPEC}" --iterations "${ITERATIONS}" --tc "${TC}" \
  --seed "$(date +%s)" --pairs-per-shard 8)
echo "tune: SPSA job ${TUNE}: ${VARIANT}, ${ITERATIONS} pairs at ${TC}"
farm_wait "${TUNE}"
TUNED="${FARM_DATA}/tuned-${VARIANT}-job${TUNE}.txt"
"${CLI[@]}" export-params "${TUNE}" --out "${TUNED}"
echo "tune: tuned parameters in ${TUNED}"

CHECK=$("${CLI[@]}" match --variant "${VARIANT}" --games "${SPRT_GAMES}" --tc "${TC}" --a "${TUNED}" \
  --sprt "${SPRT}" --seed "$(date +%s)" --pairs-per-shard 8)
echo "tune: SPRT job ${CHECK}: tuned (A) against defaults (B), ${SPRT}, at most ${SPRT_GAMES} games"
farm_wait "${CHECK}"
