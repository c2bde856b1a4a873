#!/usr/bin/env bash
# Configures and builds Tumen (Release) into ${BUILD_DIR:-build}.
# Runs scripts/setup.sh first unless TUMEN_SKIP_SETUP=1.
# Extra arguments go to `cmake --build`, e.g. `scripts/build.sh --target tumen-engine`.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"

if [[ "${TUMEN_SKIP_SETUP:-0}" != "1" ]]; then
  bash scripts/setup.sh
fi

echo "build: configuring ${BUILD_DIR} (Release)"
cmake -S . -B "${BUILD_DIR}" -DCMAKE_BUILD_TYPE=Release
echo "build: building ${BUILD_DIR} with $(nproc) jobs"
cmake --build "${BUILD_DIR}" -j"$(nproc)" "$@"
echo "build: done (binaries in ${BUILD_DIR}/bin)."
