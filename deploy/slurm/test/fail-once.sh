#!/usr/bin/env bash
# Test double of the digits-lab binary, for the live-cluster test only (run.sh passes it as
# submit.sh --bin): it runs the real binary (DL_REAL_BIN), except that the first
# `analyze … --shard DL_FAIL_SHARD …` is killed with SIGKILL DL_FAIL_AFTER seconds in (default
# 1), as a node failure or the OOM killer would, and exits 137. "First" is kept by the marker
# folder DL_FAIL_MARKER, made atomically by mkdir, so a rerun of the same task succeeds.
set -euo pipefail
real="${DL_REAL_BIN:?set DL_REAL_BIN to the real digits-lab}"
if [ "${1:-}" = analyze ] && [ -n "${DL_FAIL_SHARD:-}" ] && [[ " $* " == *" --shard $DL_FAIL_SHARD "* ]] \
    && mkdir "${DL_FAIL_MARKER:?set DL_FAIL_MARKER}" 2>/dev/null; then
    "$real" "$@" &
    pid=$!
    sleep "${DL_FAIL_AFTER:-1}"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" || true
    echo "fail-once: killed analyze --shard $DL_FAIL_SHARD (pid $pid) after ${DL_FAIL_AFTER:-1} s, as injected by the test" >&2
    exit 137
fi
exec "$real" "$@"
