#!/usr/bin/env bash
# Installs every Debian (bookworm) package Tumen needs to build, test, benchmark and format.
# Idempotent: when everything is already installed it only checks with dpkg-query and exits,
# so reruns are fast; `apt-get update` runs only when something is missing.
# Runs apt-get directly as root, through sudo otherwise.
set -euo pipefail

PACKAGES=(
  # Toolchain.
  build-essential cmake pkg-config git
  # C++ libraries: Abseil, protobuf, gRPC, GoogleTest/GoogleMock, Google Benchmark, SQLite.
  libabsl-dev
  libprotobuf-dev protobuf-compiler
  libgrpc++-dev protobuf-compiler-grpc
  libgtest-dev libgmock-dev
  libbenchmark-dev libbenchmark-tools
  libsqlite3-dev sqlite3
  # The coordinator's dashboard and metrics: an HTTP server, Prometheus metrics, and promtool
  # (package prometheus) to check a scrape in the tests.
  libcpp-httplib-dev prometheus-cpp-dev prometheus
  # Benchmark comparison (/usr/share/benchmark/compare.py needs numpy and scipy).
  python3 python3-numpy python3-scipy
  # Reference engines for differential perft and matches.
  fairy-stockfish stockfish
  # Formatting check.
  clang-format
  # An independent Polyglot book reader/writer and the format's spec (tests/book/polyglot_test.cc).
  polyglot
  # Headless browser for the balance-report rendering test (tests/study/report_render_test.cc).
  chromium
  # The deployment files' test (tests/deploy/check_deploy_files.py): systemd-analyze verify
  # for the units, a YAML parser for the Kubernetes manifests.
  systemd python3-yaml
  # The multi-host tests (tests/net): network namespaces and veth pairs (iproute2), a CA and
  # certificates (openssl), the exported games decoded in Python (python3-protobuf, which
  # scripts/endings.py and scripts/clock_use.py use too).
  iproute2 openssl python3-protobuf
)

is_installed() {
  local status
  status="$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)"
  [[ "${status}" == "install ok installed" ]]
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! is_installed "${pkg}"; then
    missing+=("${pkg}")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#PACKAGES[@]} required packages are installed; nothing to do."
  exit 0
fi

echo "setup: missing packages: ${missing[*]}"

if [[ "$(id -u)" -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: error: not root and sudo is not available; install as root:" >&2
  echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "setup: running apt-get update"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
echo "setup: installing: ${missing[*]}"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
echo "setup: done."
