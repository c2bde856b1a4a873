# Engine builds for the match scripts (sprt_engines.sh, versus_fairy.sh): sourced, not run.
#   engine_for BIN|REF   prints the path of an engine binary: the file itself, or the build of
#                        a git ref of this repository (tumen-engine only, built once in a git
#                        worktree and kept in ${ENGINE_CACHE}/<commit>/tumen-engine)
#   engine_bench PATH    prints the engine's bench signature line
ENGINE_CACHE="${ENGINE_CACHE:-.engine-cache}"

engine_for() {
  if [[ -f "$1" && -x "$1" ]]; then
    realpath "$1"
    return
  fi
  local commit
  commit=$(git rev-parse --verify --quiet "$1^{commit}") || {
    echo "engines: '$1' is neither an engine binary nor a git ref of this repository" >&2
    exit 64
  }
  local out="${ENGINE_CACHE}/${commit}"
  if [[ ! -x "${out}/tumen-engine" ]]; then
    echo "engines: building tumen-engine at ${commit:0:10} ($(git log -1 --format=%s "${commit}" | cut -c1-60))" >&2
    local tree="${ENGINE_CACHE}/src-${commit}"
    rm -rf "${tree}"
    git worktree add --detach "${tree}" "${commit}" >/dev/null 2>&1
    cmake -S "${tree}" -B "${tree}/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "${tree}/build" -j"$(nproc)" --target tumen-engine >&2
    mkdir -p "${out}"
    cp "${tree}/build/bin/tumen-engine" "${out}/tumen-engine"
    git worktree remove --force "${tree}"
  fi
  realpath "${out}/tumen-engine"
}

engine_bench() {
  echo "$(basename "$(dirname "$1")")/tumen-engine bench: $("$1" bench 2>&1 | grep 'Nodes searched')"
}
