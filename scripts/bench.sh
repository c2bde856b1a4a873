#!/usr/bin/env bash
# Runs the Google Benchmark suites (tumen-bench), stores the result in bench/history/ and
# compares it with the previous stored result.
#   scripts/bench.sh [extra benchmark flags, e.g. --benchmark_filter=BM_ShatarPerft]
# Environment:
#   BUILD_DIR          build directory (default: build)
#   REPS               repetitions per benchmark (default: 3; only aggregates are stored)
#   TUMEN_SKIP_SETUP=1 skip scripts/setup.sh (passed on to build.sh)
#   TUMEN_SKIP_BUILD=1 use the binary as it is, without building first
# Output: bench/history/<UTC timestamp>-<short commit>.json, with the commit, branch, dirty
# flag and CPU model added to its "context". See bench/history/README.md.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR
REPS="${REPS:-3}"
HISTORY_DIR="bench/history"
COMPARE_PY="/usr/share/benchmark/compare.py"
# compare.py needs Debian's numpy and scipy, so prefer Debian's interpreter over whatever
# python3 comes first on PATH (pyenv, a virtualenv).
COMPARE_PYTHON="/usr/bin/python3"
[[ -x "${COMPARE_PYTHON}" ]] || COMPARE_PYTHON="python3"

if [[ "${TUMEN_SKIP_BUILD:-0}" != "1" ]]; then
  bash scripts/build.sh
fi

BENCH="${BUILD_DIR}/bin/tumen-bench"
if [[ ! -x "${BENCH}" ]]; then
  echo "bench: error: ${BENCH} does not exist. It is built from bench/ (target tumen-bench);" >&2
  echo "bench: if bench/ defines no benchmarks yet, there is nothing to run." >&2
  exit 1
fi

commit="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
short="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
branch="$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)"
# Untracked files (such as new history files) do not make the tree dirty.
if [[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]]; then
  dirty=true
else
  dirty=false
fi
stamp="$(date -u +%Y%m%dT%H%M%SZ)"

mkdir -p "${HISTORY_DIR}"
out="${HISTORY_DIR}/${stamp}-${short}.json"
raw="$(mktemp "${TMPDIR:-/tmp}/tumen-bench.XXXXXX.json")"
trap 'rm -f "${raw}"' EXIT

dirty_note=""
[[ "${dirty}" == false ]] || dirty_note=" (dirty tree)"
echo "bench: running ${BENCH} (${REPS} repetitions) at ${short} on ${branch}${dirty_note}"
"${BENCH}" --benchmark_out="${raw}" --benchmark_out_format=json \
  --benchmark_repetitions="${REPS}" --benchmark_report_aggregates_only=true "$@"

# Add where and on what the numbers were measured.
python3 - "${raw}" "${out}" "${commit}" "${branch}" "${dirty}" <<'PY'
import json
import sys

raw, out, commit, branch, dirty = sys.argv[1:6]
with open(raw) as f:
    data = json.load(f)

cpu_model = "unknown"
try:
    with open("/proc/cpuinfo") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Model", "cpu model"):
                cpu_model = value.strip()
                break
except OSError:
    pass

context = data.setdefault("context", {})
context["tumen_commit"] = commit
context["tumen_branch"] = branch
context["tumen_dirty"] = dirty == "true"
context["cpu_model"] = cpu_model
with open(out, "w") as f:
    json.dump(data, f, indent=2)
    f.write("\n")
PY
echo "bench: saved ${out}"

# The previous result: the newest history file older than this one (names sort by time).
previous=""
for f in "${HISTORY_DIR}"/*.json; do
  [[ -e "${f}" && "${f}" != "${out}" ]] || continue
  if [[ "$(basename "${f}")" < "$(basename "${out}")" ]]; then
    previous="${f}"
  fi
done
if [[ -z "${previous}" ]]; then
  echo "bench: no earlier result in ${HISTORY_DIR}; nothing to compare with."
  exit 0
fi

echo "bench: comparing ${previous} -> ${out}"
color=()
[[ -t 1 ]] || color=(--no-color)
if [[ -f "${COMPARE_PY}" ]] &&
  "${COMPARE_PYTHON}" "${COMPARE_PY}" "${color[@]}" benchmarks "${previous}" "${out}"; then
  exit 0
fi

echo "bench: ${COMPARE_PY} failed or is missing; simple comparison of items_per_second:"
python3 - "${previous}" "${out}" <<'PY'
import json
import sys


def rates(path):
    """Benchmark name -> items_per_second, preferring the median, then the mean aggregate."""
    with open(path) as f:
        data = json.load(f)
    found = {}
    rank = {"median": 0, "mean": 1, "": 2}
    for b in data.get("benchmarks", []):
        agg = b.get("aggregate_name", "")
        if agg not in rank or "items_per_second" not in b:
            continue
        name = b.get("run_name", b.get("name", "?"))
        if name not in found or rank[agg] < found[name][0]:
            found[name] = (rank[agg], b["items_per_second"])
    return {name: value for name, (_, value) in found.items()}


old, new = rates(sys.argv[1]), rates(sys.argv[2])
names = sorted(set(old) | set(new))
width = max([len("benchmark")] + [len(n) for n in names])
print(f"{'benchmark':<{width}}  {'old items/s':>14}  {'new items/s':>14}  {'new/old':>8}")
for n in names:
    o, w = old.get(n), new.get(n)
    ratio = f"{w / o:8.3f}" if o and w else f"{'-':>8}"
    fo = f"{o:14.4g}" if o is not None else f"{'-':>14}"
    fw = f"{w:14.4g}" if w is not None else f"{'-':>14}"
    print(f"{n:<{width}}  {fo}  {fw}  {ratio}")
PY
