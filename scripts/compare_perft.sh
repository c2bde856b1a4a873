#!/usr/bin/env bash
# Times perft from the start position side by side with the reference engines:
#   Tumen "shatar-traditional"  vs  Fairy-Stockfish "shatar" (the same rules, two names)
#   Tumen "chess"               vs  Stockfish
# Each engine gets its commands through stdin followed by `quit`; both must report the same
# "Nodes searched" total. Prints the median wall time (engine start-up included) and the
# ratio Tumen/reference (below 1: Tumen is faster).
# Environment:
#   BUILD_DIR        build directory holding bin/tumen-engine (default: build)
#   RUNS             timed runs per engine (default: 3)
#   DEPTH            perft depth (default: 6)
#   FAIRY_STOCKFISH  default /usr/games/fairy-stockfish
#   STOCKFISH        default /usr/games/stockfish
# Uses hyperfine for the timing when it is installed, plain bash timing otherwise.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
RUNS="${RUNS:-3}"
DEPTH="${DEPTH:-6}"
TUMEN="${BUILD_DIR}/bin/tumen-engine"
FAIRY_STOCKFISH="${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}"
STOCKFISH="${STOCKFISH:-/usr/games/stockfish}"

for exe in "${TUMEN}" "${FAIRY_STOCKFISH}" "${STOCKFISH}"; do
  if [[ ! -x "${exe}" ]]; then
    echo "compare_perft: error: ${exe} not found." >&2
    echo "compare_perft: build with scripts/build.sh; install the references with scripts/setup.sh." >&2
    exit 1
  fi
done
if ! [[ "${RUNS}" =~ ^[1-9][0-9]*$ && "${DEPTH}" =~ ^[1-9][0-9]*$ ]]; then
  echo "compare_perft: error: RUNS and DEPTH must be positive integers" >&2
  exit 2
fi

USE_HYPERFINE=0
if command -v hyperfine >/dev/null 2>&1; then
  USE_HYPERFINE=1
fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/tumen-perft.XXXXXX")"
trap 'rm -rf "${workdir}"' EXIT

# UCI input for one engine: an optional variant, the start position, perft, quit.
commands() {  # commands <variant or empty>
  if [[ -n "$1" ]]; then
    printf 'setoption name UCI_Variant value %s\n' "$1"
  fi
  printf 'position startpos\ngo perft %d\nquit\n' "${DEPTH}"
}

nodes_of() {  # nodes_of <output file>: the number on the "Nodes searched" line
  sed -n 's/^Nodes searched: *\([0-9][0-9]*\).*/\1/p' "$1" | head -n1
}

median() {  # median <numbers...>
  printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1}
    END { if (NR % 2) printf "%.3f", v[(NR + 1) / 2]; else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# measure <label> <engine> <variant>: sets NODES and SECONDS_MEDIAN.
measure() {
  local label="$1" engine="$2" variant="$3"
  local input="${workdir}/${label}.in" output="${workdir}/${label}.out"
  commands "${variant}" >"${input}"
  NODES=""
  if ((USE_HYPERFINE)); then
    "${engine}" <"${input}" >"${output}"
    NODES="$(nodes_of "${output}")"
    hyperfine --style basic --runs "${RUNS}" --export-json "${workdir}/${label}.json" \
      "'${engine}' < '${input}' > /dev/null" >&2
    SECONDS_MEDIAN="$(python3 -c 'import json, sys
print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "${workdir}/${label}.json")"
  else
    local times=() i t0 t1 nodes
    for ((i = 1; i <= RUNS; ++i)); do
      t0="$(date +%s.%N)"
      "${engine}" <"${input}" >"${output}"
      t1="$(date +%s.%N)"
      times+=("$(awk -v a="${t0}" -v b="${t1}" 'BEGIN { printf "%.3f", b - a }')")
      nodes="$(nodes_of "${output}")"
      if [[ -n "${NODES}" && "${nodes}" != "${NODES}" ]]; then
        echo "compare_perft: error: ${label} gave ${NODES} nodes, then ${nodes}" >&2
        exit 1
      fi
      NODES="${nodes}"
    done
    SECONDS_MEDIAN="$(median "${times[@]}")"
  fi
  if [[ -z "${NODES}" ]]; then
    echo "compare_perft: error: no 'Nodes searched' line from ${label}; its output:" >&2
    cat "${output}" >&2
    exit 1
  fi
  echo "compare_perft:   ${label}: ${NODES} nodes, median ${SECONDS_MEDIAN} s" >&2
}

rows=()
failed=0
compare() {  # compare <name> <tumen variant> <reference label> <reference> <reference variant>
  local name="$1" ours="$2" ref_label="$3" ref="$4" theirs="$5"
  echo "compare_perft: ${name}: perft ${DEPTH}, ${RUNS} runs each" >&2
  measure "tumen-${ours}" "${TUMEN}" "${ours}"
  local our_nodes="${NODES}" our_s="${SECONDS_MEDIAN}"
  measure "${ref_label}-${theirs:-chess}" "${ref}" "${theirs}"
  local ref_nodes="${NODES}" ref_s="${SECONDS_MEDIAN}"
  local match=yes ratio
  if [[ "${our_nodes}" != "${ref_nodes}" ]]; then
    match="NO (${ref_nodes})"
    failed=1
  fi
  ratio="$(awk -v a="${our_s}" -v b="${ref_s}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
  rows+=("$(printf '%-20s %-16s %12s %14s %10s  %-14s %s' "${name}" "${ref_label}" \
    "${our_s}" "${ref_s}" "${ratio}" "${our_nodes}" "${match}")")
}

compare "shatar-traditional" shatar-traditional fairy-stockfish "${FAIRY_STOCKFISH}" shatar
compare "chess" chess stockfish "${STOCKFISH}" ""

timer="plain bash timing"
((USE_HYPERFINE)) && timer="hyperfine"
echo
echo "perft ${DEPTH} from the start position, median of ${RUNS} runs (${timer}; wall time incl. start-up)"
printf '%-20s %-16s %12s %14s %10s  %-14s %s\n' variant reference "tumen (s)" "reference (s)" \
  "tumen/ref" nodes "same nodes"
printf '%s\n' "${rows[@]}"

if ((failed)); then
  echo "compare_perft: error: node counts differ" >&2
  exit 1
fi
