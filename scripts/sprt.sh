#!/usr/bin/env bash
# A fishtest-style test of a commit, in one command: a local farm whose workers build both
# commits from this repository (tumen-worker --source), an SPRT match between them, its
# progress, and the verdict.
#
#   scripts/sprt.sh [--simplification] [BASE [DEV]]      (defaults: main and HEAD)
#
# DEV plays as player A against BASE (B), openings in colour-swapped pairs. Bounds are in
# logistic Elo (the Elo of the match's score; fishtest's SPRT on pentanomial pair counts,
# coordinator/stats/match_stats.h): a gainer must show elo0=0,elo1=5 (H1: DEV is stronger); with
# --simplification, non-regression bounds elo0=-3,elo1=1 (H1: DEV is not weaker).
# BASE and DEV are refs of this repository; uncommitted changes are not part of a commit.
# The CLI builds both once for their bench signatures (into BUILD_CACHE, which the workers
# share, so they find them built) and the workers refuse a build whose signature differs.
# Environment: VARIANT (shatar-traditional), TC (nodes=4000: fixed nodes, immune to a busy
# machine; a clock such as 10+0.1 is scaled per worker by its bench speed, unless
# SCALE_TC=false: then both engines get exactly the clock asked for, as when a change to time
# management is tested on a busy machine), SPRT (overrides the bounds, e.g. elo0=0,elo1=3),
# GAMES (the most games, 20000), HASH (16), FARM_DATA (farm-data-sprt), BUILD_CACHE
# (tumen-builds), BUILD_DIR (build: the farm's own binaries), TUMEN_SKIP_SETUP=1,
# TUMEN_SKIP_BUILD=1.
# Run again over the same FARM_DATA, it resumes a running job of the same commits, variant
# and time control instead of starting a second one (the bounds and GAMES stay the job's).
# Prints the final status (W/D/L, pentanomial, Elo, LLR); exits 0 on H1, 1 on H0, 2 when
# the game budget ran out undecided, 3 when the job failed (a build that failed or differed).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
SIMPLIFICATION=0
if [[ "${1:-}" == "--simplification" ]]; then
  SIMPLIFICATION=1
  shift
fi
if (($# > 2)) || [[ "${1:-}" == -* ]]; then
  sed -n 2,25p "$0" >&2
  exit 64
fi
BASE="${1:-main}"
DEV="${2:-HEAD}"
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR
VARIANT="${VARIANT:-shatar-traditional}"
TC="${TC:-nodes=4000}"
if ((SIMPLIFICATION)); then DEFAULT_SPRT="elo0=-3,elo1=1"; else DEFAULT_SPRT="elo0=0,elo1=5"; fi
SPRT="${SPRT:-${DEFAULT_SPRT}}"
SCALE_TC="${SCALE_TC:-true}"
if [[ "${SCALE_TC}" != true && "${SCALE_TC}" != false ]]; then
  echo "sprt: SCALE_TC=${SCALE_TC}: give true or false" >&2
  exit 64
fi
GAMES="${GAMES:-20000}"
HASH="${HASH:-16}"
FARM_DATA="${FARM_DATA:-farm-data-sprt}"
BUILD_CACHE="${BUILD_CACHE:-tumen-builds}"

START=$(date +%s)
if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then bash scripts/setup.sh; fi
if [[ "${TUMEN_SKIP_BUILD:-0}" != "1" ]]; then TUMEN_SKIP_SETUP=1 bash scripts/build.sh; fi
if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
  echo "sprt: note: the working tree has uncommitted changes; a test takes commits only" >&2
fi

# The time control as `tumen status` prints a job's (its TimeControl message), to recognise a
# job of this test already in the store: nodes=N, depth=N, movetime=MS or BASE+INC seconds.
tc_as_status() {
  awk -v tc="$1" 'BEGIN {
    if (split(tc, kv, "=") == 2) {
      name = kv[1] == "movetime" ? "movetime_ms" : kv[1]
      print name ": " kv[2]
    } else if (split(tc, clock, "+") == 2) {
      line = "base_ms: " int(clock[1] * 1000 + 0.5)
      if (clock[2] + 0 > 0) line = line " increment_ms: " int(clock[2] * 1000 + 0.5)
      print line
    }
  }'
}

# A running job of the same test (variant, time control, DEV against BASE) in this store: a
# test stopped with its farm goes on where it was when the same command runs again, as the
# coordinator already resumes the job's games.
running_job_of_this_test() {
  local dev base
  dev=$(git rev-parse --verify --quiet "${DEV}^{commit}") || return 0
  base=$(git rev-parse --verify --quiet "${BASE}^{commit}") || return 0
  "${CLI[@]}" status | awk -v variant="${VARIANT}" -v tc="tc $(tc_as_status "${TC}")" \
    -v dev="${dev:0:10}" -v base="${base:0:10}" '
    /^job [0-9]+ / {
      rest = index($0, tc) ? substr($0, index($0, tc) + length(tc)) : "-"
      # A clock job adds " (scaled per worker to ...)" after its time control.
      same_tc = rest == "" || substr(rest, 1, 2) == " ("
      job = ($3 == variant && $4 == "running" && same_tc) ? $2 : ""
      a = ""
      next
    }
    job != "" && $1 == "A" && $2 == "dev" { a = $3 }
    job != "" && $1 == "B" && $2 == "base" && a == dev && $3 == base { print job; exit }'
}

source scripts/lib/farm.sh
farm_start sprt --source "$(pwd)" --build-cache "${BUILD_CACHE}"
JOB=$(running_job_of_this_test)
if [[ -n "${JOB}" ]]; then
  echo "sprt: resuming job ${JOB} of ${FARM_DATA} (the same commits, variant and time control)"
else
  JOB=$("${CLI[@]}" match --variant "${VARIANT}" --games "${GAMES}" --tc "${TC}" \
    --scale-tc="${SCALE_TC}" --sprt "${SPRT}" \
    --seed "$(date +%s)" --pairs-per-shard 4 --hash "${HASH}" \
    --dev "${DEV}" --base "${BASE}" --source "$(pwd)" --build-cache "${BUILD_CACHE}")
fi
echo "sprt: job ${JOB}: ${DEV} (A) against ${BASE} (B), ${VARIANT} at ${TC}, SPRT ${SPRT}" \
  "(logistic Elo), at most ${GAMES} games"

# Time to the first stored game: the builds (cold or cached) and the farm's start.
while true; do
  STATUS=$("${CLI[@]}" status "${JOB}")
  head -1 <<<"${STATUS}" | grep -q running || break
  if grep -q ' [1-9][0-9]*/[0-9]* games' <<<"${STATUS}"; then
    echo "sprt: first game stored $(($(date +%s) - START)) s after the start"
    break
  fi
  sleep 1
done
farm_watch "${JOB}"
farm_stop
if grep -q "accepted H1" <<<"${STATUS}"; then exit 0; fi
if grep -q "accepted H0" <<<"${STATUS}"; then exit 1; fi
if head -1 <<<"${STATUS}" | grep -q failed; then exit 3; fi
exit 2
