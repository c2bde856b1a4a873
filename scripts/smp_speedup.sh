#!/usr/bin/env bash
# Lazy SMP time-to-depth speedup: runs BM_TimeToDepth (every bench position searched to a
# fixed depth with 1 and 2 threads, REPS repetitions) and prints per-position ratios
# time(1 thread) / time(2 threads) and their median. The node ratio, nodes(1 thread) /
# (nodes(2 threads) / 2), is the speedup the search would have if both threads ran at the
# single-thread node rate: it separates the search's efficiency from the machine's scaling.
# Environment: BUILD_DIR, REPS (default 3), DEPTH (default 14; deeper for more threads).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
BENCH="${BUILD_DIR}/bin/tumen-bench"
[[ -x "${BENCH}" ]] || { echo "smp_speedup: ${BENCH} not found; run scripts/build.sh" >&2; exit 1; }
out=$(mktemp)
trap 'rm -f "${out}"' EXIT
TUMEN_TTD_DEPTH="${DEPTH:-14}" "${BENCH}" --benchmark_filter='BM_TimeToDepth' --benchmark_repetitions="${REPS:-3}" \
  --benchmark_out="${out}" --benchmark_out_format=json >/dev/null 2>&1
python3 - "${out}" <<'PY'
import json, statistics, sys, collections
runs = collections.defaultdict(list)
nodes = collections.defaultdict(list)
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b.get("run_type") != "iteration":
        continue
    name = b["run_name"]  # BM_TimeToDepth/pos:N/threads:T/...
    parts = dict(p.split(":") for p in name.split("/")[1:3])
    key = (int(parts["pos"]), int(parts["threads"]))
    runs[key].append(b["real_time"])
    nodes[key].append(b["nodes"])
ratios, node_ratios = [], []
print(f"{'position':>8} {'1 thread ms':>12} {'2 threads ms':>13} {'speedup':>8} {'node ratio':>11}")
for pos in sorted({p for p, _ in runs}):
    one, two = statistics.median(runs[(pos, 1)]), statistics.median(runs[(pos, 2)])
    node_ratio = statistics.median(nodes[(pos, 1)]) / (statistics.median(nodes[(pos, 2)]) / 2)
    ratios.append(one / two)
    node_ratios.append(node_ratio)
    print(f"{pos:>8} {one:>12.1f} {two:>13.1f} {one / two:>8.2f} {node_ratio:>11.2f}")
print(f"median speedup over {len(ratios)} positions: {statistics.median(ratios):.2f}x"
      f" (node ratio {statistics.median(node_ratios):.2f})")
PY
