#!/usr/bin/env bash
# The project's test command: install packages, build, run every test with ctest.
# Exits non-zero if the build or any test fails. Formatting differences only warn for now.
# Honours BUILD_DIR (default: build).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD_DIR="${BUILD_DIR:-build}"
export BUILD_DIR

bash scripts/setup.sh
TUMEN_SKIP_SETUP=1 bash scripts/build.sh

echo "test: formatting check"
if ! bash scripts/format.sh --check; then
  echo "test: WARNING: formatting differs from clang-format (not failing yet; run scripts/format.sh)"
fi

echo "test: running ctest in ${BUILD_DIR}"
ctest --test-dir "${BUILD_DIR}" --output-on-failure -j2

if [[ "${TUMEN_TSAN:-0}" == "1" || "${CI:-}" == "true" ]]; then
  # HOOK: a ThreadSanitizer build of the concurrency tests (CMakePresets.json preset "tsan",
  # build dir build-tsan) will be added here by a later issue. Nothing runs here yet.
  echo "test: ThreadSanitizer run requested (TUMEN_TSAN=1 or CI=true), but none is set up yet."
fi

echo "test: all tests passed."
