#!/usr/bin/env bash
# The README's main command: a local Tumen farm on this machine.
#   - installs what is missing (scripts/setup.sh) and builds (scripts/build.sh);
#   - starts tumen-coordinator on 127.0.0.1 (a free port) with its SQLite store in farm-data/;
#   - starts two tumen-workers (one game at a time each);
#   - runs a shatar match, default parameters (A) against scripts/params/shatar-b.txt (B),
#     shows its progress, prints the result table, exports the games as PGN and builds an
#     opening book from them;
#   - shuts everything down cleanly (also on Ctrl-C or an error).
# Environment: GAMES (default 100), TC (default nodes=2000), VARIANT (default shatar),
# FARM_DATA (default farm-data), BUILD_DIR (default build), TUMEN_SKIP_SETUP/TUMEN_SKIP_BUILD=1.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR
GAMES="${GAMES:-100}"
TC="${TC:-nodes=2000}"
VARIANT="${VARIANT:-shatar}"
FARM_DATA="${FARM_DATA:-farm-data}"

if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then bash scripts/setup.sh; fi
if [[ "${TUMEN_SKIP_BUILD:-0}" != "1" ]]; then TUMEN_SKIP_SETUP=1 bash scripts/build.sh; fi
source scripts/lib/farm.sh
farm_start run
JOB=$("${CLI[@]}" match --variant "${VARIANT}" --games "${GAMES}" --tc "${TC}" \
  --b scripts/params/shatar-b.txt --seed "$(date +%s)")
echo "run: match job ${JOB}: ${VARIANT}, ${GAMES} games at ${TC}, A = defaults, B = scripts/params/shatar-b.txt"

farm_wait "${JOB}"
echo
"${CLI[@]}" workers

PGN="${FARM_DATA}/job-${JOB}.pgn"
"${CLI[@]}" export "${JOB}" --format pgn --out "${PGN}"
BOOK="${FARM_DATA}/book-${JOB}.tbk"
"${CLI[@]}" book build --from "${JOB}" --variant "${VARIANT}" --max-plies 12 --out "${BOOK}" \
  --pgn "${FARM_DATA}/book-${JOB}.pgn"
echo
echo "run: games stored in ${FARM_DATA}/tumen.db (job ${JOB}); PGN written to ${PGN};"
echo "run: opening book of the games in ${BOOK} (its lines in ${FARM_DATA}/book-${JOB}.pgn)"

farm_stop
echo "run: farm stopped."
