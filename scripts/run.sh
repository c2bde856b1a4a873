#!/usr/bin/env bash
# The README's main command: a local Tumen farm on this machine.
#   - installs what is missing (scripts/setup.sh) and builds (scripts/build.sh);
#   - starts tumen-coordinator on 127.0.0.1 (a free port) with its SQLite store in farm-data/;
#   - starts two tumen-workers (one game at a time each);
#   - runs a shatar match, default parameters (A) against scripts/params/shatar-b.txt (B),
#     shows its progress, prints the result table and exports the games as PGN;
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
BIN="${BUILD_DIR}/bin"

mkdir -p "${FARM_DATA}"
# Tokens: made once, readable only by this user.
for role in worker admin; do
  token="${FARM_DATA}/${role}.token"
  if [[ ! -s "${token}" ]]; then
    (umask 077 && head -c 32 /dev/urandom | base64 | tr -d '/+=\n' > "${token}")
  fi
done

pids=()
cleanup() {
  local code=$?
  for pid in "${pids[@]}"; do kill -TERM "${pid}" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "${pid}" 2>/dev/null || true; done
  exit "${code}"
}
trap cleanup EXIT INT TERM

rm -f "${FARM_DATA}/coordinator.addr"
"${BIN}/tumen-coordinator" --listen 127.0.0.1:0 --data "${FARM_DATA}" \
  --worker-token-file "${FARM_DATA}/worker.token" --admin-token-file "${FARM_DATA}/admin.token" \
  --port-file "${FARM_DATA}/coordinator.addr" > "${FARM_DATA}/coordinator.log" 2>&1 &
coordinator_pid=$!
pids+=("${coordinator_pid}")
for _ in $(seq 100); do
  [[ -s "${FARM_DATA}/coordinator.addr" ]] && break
  kill -0 "${coordinator_pid}" 2>/dev/null || { cat "${FARM_DATA}/coordinator.log" >&2; exit 1; }
  sleep 0.1
done
ADDR=$(cat "${FARM_DATA}/coordinator.addr")
echo "run: coordinator on ${ADDR}, store ${FARM_DATA}/tumen.db"

worker_pids=()
for name in worker-1 worker-2; do
  "${BIN}/tumen-worker" --coordinator "${ADDR}" --token-file "${FARM_DATA}/worker.token" --games 1 \
    --name "${name}" --spool "${FARM_DATA}/spool-${name}" --heartbeat-seconds 2 \
    > "${FARM_DATA}/${name}.log" 2>&1 &
  pids+=("$!")
  worker_pids+=("$!")
done
echo "run: two workers started (logs in ${FARM_DATA}/)"

CLI=("${BIN}/tumen" --coordinator "${ADDR}" --token-file "${FARM_DATA}/admin.token")
JOB=$("${CLI[@]}" match --variant "${VARIANT}" --games "${GAMES}" --tc "${TC}" \
  --b scripts/params/shatar-b.txt --seed "$(date +%s)")
echo "run: match job ${JOB}: ${VARIANT}, ${GAMES} games at ${TC}, A = defaults, B = scripts/params/shatar-b.txt"

# Progress: one line per update until the job ends.
while true; do
  status=$("${CLI[@]}" status "${JOB}")
  echo "${status}" | sed -n 2p
  if ! echo "${status}" | head -1 | grep -q running; then break; fi
  sleep 2
done
echo
"${CLI[@]}" status "${JOB}"
echo
"${CLI[@]}" workers

PGN="${FARM_DATA}/job-${JOB}.pgn"
"${CLI[@]}" export "${JOB}" --format pgn --out "${PGN}"
echo
echo "run: games stored in ${FARM_DATA}/tumen.db (job ${JOB}); PGN written to ${PGN}"

# Clean shutdown: workers finish (nothing is running now), then the coordinator.
for pid in "${worker_pids[@]}"; do kill -TERM "${pid}"; done
for pid in "${worker_pids[@]}"; do wait "${pid}" || true; done
kill -TERM "${coordinator_pid}"
wait "${coordinator_pid}" || true
pids=()
echo "run: farm stopped."
