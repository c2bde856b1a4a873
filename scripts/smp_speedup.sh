#!/usr/bin/env bash
# Lazy SMP time-to-depth speedup: runs BM_TimeToDepth (every bench position searched to a
# fixed depth with 1 and 2 threads, REPS repetitions) and prints per-position ratios
# time(1 thread) / time(2 threads) and their median. Two more columns separate the search
# from the machine:
#   node ratio   nodes(1 thread) / (nodes(2 threads) / 2): the speedup the search would have
#                if both threads ran at the single-thread node rate (its efficiency);
#   machine cap  2 * time(1 thread) / time(two 1-thread searches at once), from
#                BM_TwoIndependentSearches: the speedup a perfectly efficient 2-thread search
#                would reach on this machine. A shared VM often gives two vCPUs less than two
#                cores' worth, and varies from minute to minute.
# Repetitions run in random interleaved order, so that a drift in the machine's clock speed
# during the run falls on every column alike.
# Environment: BUILD_DIR, REPS (default 3), DEPTH (default 14; deeper for more threads).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
BENCH="${BUILD_DIR}/bin/tumen-bench"
[[ -x "${BENCH}" ]] || { echo "smp_speedup: ${BENCH} not found; run scripts/build.sh" >&2; exit 1; }
out=$(mktemp)
trap 'rm -f "${out}"' EXIT
TUMEN_TTD_DEPTH="${DEPTH:-14}" "${BENCH}" --benchmark_filter='BM_TimeToDepth|BM_TwoIndependentSearches' --benchmark_repetitions="${REPS:-3}" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_out="${out}" --benchmark_out_format=json >/dev/null 2>&1
python3 - "${out}" <<'PY'
import json, statistics, sys, collections
times = collections.defaultdict(list)  # (position, "1", "2" or "copies") -> wall ms
nodes = collections.defaultdict(list)
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b.get("run_type") != "iteration":
        continue
    # BM_TimeToDepth/pos:N/threads:T/... or BM_TwoIndependentSearches/pos:N/...
    parts = dict(p.split(":") for p in b["run_name"].split("/")[1:] if ":" in p)
    key = (int(parts["pos"]), parts.get("threads", "copies"))
    times[key].append(b["real_time"])
    if "nodes" in b:
        nodes[key].append(b["nodes"])
def med(d, pos, kind):
    return statistics.median(d[(pos, kind)])
columns = collections.defaultdict(list)
print(f"{'position':>8} {'1 thread ms':>12} {'2 threads ms':>13} {'speedup':>8} {'node ratio':>11}"
      f" {'machine cap':>12}")
for pos in sorted({p for p, _ in times}):
    one, two = med(times, pos, "1"), med(times, pos, "2")
    row = {"speedup": one / two,
           "node ratio": med(nodes, pos, "1") / (med(nodes, pos, "2") / 2),
           "machine cap": 2 * one / med(times, pos, "copies")}
    for name, value in row.items():
        columns[name].append(value)
    print(f"{pos:>8} {one:>12.1f} {two:>13.1f} {row['speedup']:>8.2f} {row['node ratio']:>11.2f}"
          f" {row['machine cap']:>12.2f}")
m = {name: statistics.median(values) for name, values in columns.items()}
print(f"median speedup over {len(columns['speedup'])} positions: {m['speedup']:.2f}x"
      f" (node ratio {m['node ratio']:.2f}, machine cap {m['machine cap']:.2f})")
PY
