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
BIN="${BUILD_DIR}/bin"
mkdir -p "${FARM_DATA}"
for role in worker admin; do
  [[ -s "${FARM_DATA}/${role}.token" ]] || (umask 077 && head -c 32 /dev/urandom | base64 | tr -d '/+=\n' > "${FARM_DATA}/${role}.token")
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
pids+=("$!")
for _ in $(seq 100); do [[ -s "${FARM_DATA}/coordinator.addr" ]] && break; sleep 0.1; done
ADDR=$(cat "${FARM_DATA}/coordinator.addr")
for name in tune-worker-1 tune-worker-2; do
  "${BIN}/tumen-worker" --coordinator "${ADDR}" --token-file "${FARM_DATA}/worker.token" --games 1 \
    --name "${name}" --spool "${FARM_DATA}/spool-${name}" > "${FARM_DATA}/${name}.log" 2>&1 &
  pids+=("$!")
done
CLI=("${BIN}/tumen" --coordinator "${ADDR}" --token-file "${FARM_DATA}/admin.token")

wait_for() {  # job: print progress until it ends
  while true; do
    status=$("${CLI[@]}" status "$1")
    echo "${status}" | sed -n 2p
    echo "${status}" | head -1 | grep -q running || break
    sleep 10
  done
  "${CLI[@]}" status "$1"
}

TUNE=$("${CLI[@]}" tune --variant "${VARIANT}" --params "${SPEC}" --iterations "${ITERATIONS}" --tc "${TC}" \
  --seed "$(date +%s)" --pairs-per-shard 8)
echo "tune: SPSA job ${TUNE}: ${VARIANT}, ${ITERATIONS} pairs at ${TC}"
wait_for "${TUNE}"
TUNED="${FARM_DATA}/tuned-${VARIANT}-job${TUNE}.txt"
"${CLI[@]}" export-params "${TUNE}" --out "${TUNED}"
echo "tune: tuned parameters in ${TUNED}"

CHECK=$("${CLI[@]}" match --variant "${VARIANT}" --games "${SPRT_GAMES}" --tc "${TC}" --a "${TUNED}" \
  --sprt "${SPRT}" --seed "$(date +%s)" --pairs-per-shard 8)
echo "tune: SPRT job ${CHECK}: tuned (A) against defaults (B), ${SPRT}, at most ${SPRT_GAMES} games"
wait_for "${CHECK}"
