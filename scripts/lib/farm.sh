# A local farm for the scripts (run.sh, tune.sh, study.sh): sourced, not run.
#   farm_start NAME [WORKER_ARGS...]  coordinator on 127.0.0.1 (a free port) over ${FARM_DATA},
#                                     ${FARM_WORKERS:-2} workers of one game slot each; sets
#                                     ADDR and CLI (the `tumen` command);
#                                     everything stops on exit, Ctrl-C or an error
#   farm_wait JOB                     prints progress until the job ends, then its status
#   farm_watch JOB                    the same for a match, with W/D/L, Elo and LLR on every
#                                     line; leaves the final status in STATUS
#   farm_stop                         workers finish, then the coordinator
# Needs BUILD_DIR and FARM_DATA.
BIN="${BUILD_DIR}/bin"
farm_pids=()
farm_worker_pids=()

farm_cleanup() {
  local code=$?
  for pid in "${farm_pids[@]}"; do kill -TERM "${pid}" 2>/dev/null || true; done
  for pid in "${farm_pids[@]}"; do wait "${pid}" 2>/dev/null || true; done
  exit "${code}"
}

farm_start() {
  local name="$1"
  shift
  mkdir -p "${FARM_DATA}"
  # Tokens: made once, readable only by this user.
  for role in worker admin; do
    local token="${FARM_DATA}/${role}.token"
    [[ -s "${token}" ]] || (umask 077 && head -c 32 /dev/urandom | base64 | tr -d '/+=\n' > "${token}")
  done
  trap farm_cleanup EXIT INT TERM
  rm -f "${FARM_DATA}/coordinator.addr"
  "${BIN}/tumen-coordinator" --listen 127.0.0.1:0 --data "${FARM_DATA}" \
    --worker-token-file "${FARM_DATA}/worker.token" --admin-token-file "${FARM_DATA}/admin.token" \
    --port-file "${FARM_DATA}/coordinator.addr" > "${FARM_DATA}/coordinator.log" 2>&1 &
  farm_coordinator_pid=$!
  farm_pids+=("${farm_coordinator_pid}")
  for _ in $(seq 100); do
    [[ -s "${FARM_DATA}/coordinator.addr" ]] && break
    kill -0 "${farm_coordinator_pid}" 2>/dev/null || { cat "${FARM_DATA}/coordinator.log" >&2; exit 1; }
    sleep 0.1
  done
  ADDR=$(cat "${FARM_DATA}/coordinator.addr")
  echo "${name}: coordinator on ${ADDR}, store ${FARM_DATA}/tumen.db"
  local workers="${FARM_WORKERS:-2}"
  for i in $(seq "${workers}"); do
    local worker="${name}-worker-${i}"
    "${BIN}/tumen-worker" --coordinator "${ADDR}" --token-file "${FARM_DATA}/worker.token" --games 1 \
      --name "${worker}" --spool "${FARM_DATA}/spool-${worker}" --heartbeat-seconds 2 "$@" \
      > "${FARM_DATA}/${worker}.log" 2>&1 &
    farm_pids+=("$!")
    farm_worker_pids+=("$!")
  done
  echo "${name}: ${workers} worker(s) started (logs in ${FARM_DATA}/)"
  CLI=("${BIN}/tumen" --coordinator "${ADDR}" --token-file "${FARM_DATA}/admin.token")
}

farm_wait() {
  local status
  while true; do
    status=$("${CLI[@]}" status "$1")
    grep -m1 '^  \[' <<<"${status}"
    echo "${status}" | head -1 | grep -q running || break
    sleep 5
  done
  echo
  "${CLI[@]}" status "$1"
}

farm_watch() {
  while true; do
    STATUS=$("${CLI[@]}" status "$1")
    echo "$(grep -m1 '^  \[' <<<"${STATUS}" | tr -s ' ')  $(grep -o 'W [0-9]*  D [0-9]*  L [0-9]*' <<<"${STATUS}")  $(grep -o 'Elo [-+0-9.]*' <<<"${STATUS}")  $(grep -o 'LLR .*' <<<"${STATUS}")"
    head -1 <<<"${STATUS}" | grep -q running || break
    sleep 10
  done
  echo
  echo "${STATUS}"
}

farm_stop() {
  for pid in "${farm_worker_pids[@]}"; do kill -TERM "${pid}"; done
  for pid in "${farm_worker_pids[@]}"; do wait "${pid}" || true; done
  kill -TERM "${farm_coordinator_pid}"
  wait "${farm_coordinator_pid}" || true
  farm_pids=()
}
