#!/usr/bin/env bash
# clang-format over the project's C++ sources (*.h and *.cc under engine, worker, coordinator,
# proto, bench and tests that git tracks or would track: new files count, ignored ones do not),
# using the repository's .clang-format.
#   scripts/format.sh           rewrite files in place
#   scripts/format.sh --check   list files that differ; exit 1 if any do
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode=fix
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  -h | --help)
    echo "usage: scripts/format.sh [--check]  (rewrite in place, or list differing files)"
    exit 0
    ;;
  *)
    echo "format: unknown argument '$1' (use --check or nothing)" >&2
    exit 2
    ;;
esac

if ! command -v clang-format >/dev/null 2>&1; then
  echo "format: error: clang-format is not installed (run scripts/setup.sh)" >&2
  exit 2
fi

mapfile -t listed < <(git ls-files --cached --others --exclude-standard -- \
  'engine/*.h' 'engine/*.cc' 'worker/*.h' 'worker/*.cc' 'coordinator/*.h' 'coordinator/*.cc' \
  'proto/*.h' 'proto/*.cc' 'bench/*.h' 'bench/*.cc' 'tests/*.h' 'tests/*.cc' | sort -u)
files=()
for f in "${listed[@]}"; do
  if [[ -f "${f}" ]]; then  # skip tracked files deleted in the work tree
    files+=("${f}")
  fi
done

if ((${#files[@]} == 0)); then
  echo "format: no files to check."
  exit 0
fi

if [[ "${mode}" == fix ]]; then
  clang-format -i --style=file "${files[@]}"
  echo "format: formatted ${#files[@]} files."
  exit 0
fi

differ=()
for f in "${files[@]}"; do
  if ! clang-format --style=file "${f}" | cmp -s - "${f}"; then
    differ+=("${f}")
  fi
done

if ((${#differ[@]} == 0)); then
  echo "format: all ${#files[@]} files match clang-format."
  exit 0
fi
echo "format: ${#differ[@]} of ${#files[@]} files differ from clang-format:"
printf '  %s\n' "${differ[@]}"
echo "format: run scripts/format.sh to fix them."
exit 1
