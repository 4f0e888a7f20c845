#!/usr/bin/env bash
# Test double of the digits-lab binary, for the live-cluster test only (run.sh passes it as
# submit.sh --bin): it runs the real binary (DL_REAL_BIN), except that the first
# `analyze … --shard DL_FAIL_SHARD …` is killed with SIGKILL in the middle of writing its
# tables, as a node failure or the OOM killer would, and exits 137. "Middle" is as soon as the
# hidden temporary of its first piece, `.part-K-of-N.piece-0001.parquet.tmp`, appears under
# its --out (at most 60 s in). "First" is kept by the marker folder DL_FAIL_MARKER, made
# atomically by mkdir, so a rerun of the task succeeds.
set -euo pipefail
real="${DL_REAL_BIN:?set DL_REAL_BIN to the real digits-lab}"
if [ "${1:-}" = analyze ] && [ -n "${DL_FAIL_SHARD:-}" ] && [[ " $* " == *" --shard $DL_FAIL_SHARD "* ]] \
    && mkdir "${DL_FAIL_MARKER:?set DL_FAIL_MARKER}" 2>/dev/null; then
    out=""
    first=".part-${DL_FAIL_SHARD%/*}-of-${DL_FAIL_SHARD#*/}.piece-0001.parquet.tmp"
    args=("$@")
    for ((i = 0; i < ${#args[@]}; i++)); do [ "${args[i]}" != --out ] || out="${args[i + 1]}"; done
    "$real" "$@" &
    pid=$!
    for ((i = 0; i < 600; i++)); do
        [ -z "$(find "${out:?no --out}" -name "$first" 2>/dev/null)" ] || break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    tmps=$(find "$out" -name '.*.tmp' -printf '%P ' 2>/dev/null)
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" || true
    echo "fail-once: killed analyze --shard $DL_FAIL_SHARD (pid $pid) as injected by the test, while writing: ${tmps:-nothing yet}" >&2
    exit 137
fi
exec "$real" "$@"
