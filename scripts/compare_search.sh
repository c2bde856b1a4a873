#!/usr/bin/env bash
# Search speed side by side: Tumen `shatar-traditional` against Fairy-Stockfish `shatar`
# (the same rules) on the shatar-traditional bench positions, one thread, Hash 16, the same
# movetime each. Prints the depth and nodes/s of each engine's last `info depth` line.
# Environment: BUILD_DIR (default build), MOVETIME ms (default 3000), FAIRY_STOCKFISH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
MOVETIME="${MOVETIME:-3000}"
FAIRY_STOCKFISH="${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}"
TUMEN="${BUILD_DIR}/bin/tumen-engine"
for exe in "${TUMEN}" "${FAIRY_STOCKFISH}"; do
  [[ -x "${exe}" ]] || { echo "compare_search: ${exe} not found (scripts/build.sh, scripts/setup.sh)" >&2; exit 1; }
done

last_info() {  # engine variant fen -> "depth D nps N"
  local wait_s
  wait_s=$(awk "BEGIN{print ${MOVETIME}/1000 + 1}")
  { printf 'setoption name UCI_Variant value %s\nsetoption name Hash value 16\nposition fen %s\ngo movetime %s\n' \
      "$2" "$3" "${MOVETIME}"; sleep "${wait_s}"; echo quit; } | "$1" |
    grep -E '^info depth' | tail -1 | grep -oE ' depth [0-9]+|nps [0-9]+' | tr '\n' ' '
}

printf '%-72s %-28s %-28s\n' "position (shatar-traditional)" "tumen" "fairy-stockfish"
"${TUMEN}" bench 1 | grep '^shatar-traditional' | awk '{ $1=""; print }' | sed 's/ bestmove.*//' |
  while read -r fen; do
    printf '%-72s %-28s %-28s\n' "${fen}" "$(last_info "${TUMEN}" shatar-traditional "${fen}")" \
      "$(last_info "${FAIRY_STOCKFISH}" shatar "${fen}")"
  done
