#!/usr/bin/env bash
# Live-cluster test of deploy/slurm, run by .ci/run: a one-node Slurm cluster on localhost,
# the Countdown corpus in 4 shards submitted with deploy/slurm/submit.sh (the files the README
# documents), shard 3 killed on its first attempt, the rerun that the finish job prints (whose
# finish job then draws the report), and the result compared with a single-machine run of the
# same binary.
#
#   deploy/slurm/test/run.sh [BINARY]    default: $CARGO_TARGET_DIR/release/digits-lab
#
# Installs Debian's slurm-wlm and munge when missing (apt-get, as root). Starts munged,
# slurmctld and slurmd in the foreground as its own children, with a generated config
# (select/cons_tres, proctrack/linuxproc, no cgroups, no accounting) and every socket, state,
# spool and log file in one temporary folder; on exit, however it exits, it cancels its jobs,
# stops the three daemons and removes that folder. Ports are picked free on 127.0.0.1.
# The failure is injected by test/fail-once.sh, passed as the binary; the production scripts
# have no test hook. Python with polars compares the tables (test/compare.py): the notebooks'
# venv when it exists, else a venv of its own with the notebooks' pinned polars.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
slurm="$(dirname "$here")"
repo="$(cd "$slurm/../.." && pwd)"
bin="${1:-${CARGO_TARGET_DIR:-$HOME/.cache/digits-lab/target}/release/digits-lab}"
corpus=countdown shards=4 fail=3
started=$(date +%s)
say() { echo "[slurm test +$(( $(date +%s) - started ))s] $*"; }
passed=0 failed=0
check() { # check DESCRIPTION COMMAND…: one counted check
    local what="$1"; shift
    if "$@"; then passed=$((passed + 1)); echo "ok   $what"; else failed=$((failed + 1)); echo "FAIL $what"; fi
}
[ -x "$bin" ] || { echo "error: no digits-lab binary at $bin (build it first)" >&2; exit 2; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

# 1. Slurm and MUNGE, from Debian's packages.
if ! command -v munged >/dev/null || ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null \
    || ! command -v sbatch >/dev/null; then
    say "installing slurm-wlm and munge"
    apt_log="$(mktemp)"
    # The packages' scripts would start the system's munged and Slurm daemons where init
    # scripts can: a policy-rc.d that denies it (as containers have) unless there is one.
    policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        policy=/usr/sbin/policy-rc.d
        printf '#!/bin/sh\n# digits-lab slurm test: no service starts while it installs\nexit 101\n' > "$policy"
        chmod 755 "$policy"
    fi
    status=0
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        slurm-wlm munge; } >"$apt_log" 2>&1 || status=$?
    [ -z "$policy" ] || rm -f "$policy"
    if (( status != 0 )); then cat "$apt_log" >&2; rm -f "$apt_log"; exit 1; fi
    rm -f "$apt_log"
fi
say "$(slurmctld -V), munge $(munged -V 2>&1 | awk '{print $1; exit}' | sed 's/munge-//')"

# 2. Python with polars, for the table comparison.
py="${DL_TEST_PYTHON:-}"
if [ -z "$py" ]; then
    for cand in "${DIGITS_LAB_NB_VENV:-$HOME/.cache/digits-lab/venv-nb}/bin/python" \
        "$HOME/.cache/digits-lab/venv-slurm-test/bin/python"; do
        if [ -x "$cand" ] && "$cand" -c 'import polars' 2>/dev/null; then py="$cand"; break; fi
    done
fi
if [ -z "$py" ]; then
    say "making a venv with polars"
    venv="$HOME/.cache/digits-lab/venv-slurm-test"
    python3 -m venv "$venv"
    # shellcheck disable=SC2046
    "$venv/bin/pip" install --quiet --disable-pip-version-check \
        $(grep -E '^polars(-runtime-32)?==' "$repo/notebooks/requirements.txt")
    py="$venv/bin/python"
fi

# 3. The cluster: everything in one folder, removed on exit.
tmp="$(mktemp -d /tmp/digits-lab-slurm-test.XXXXXX)"
chmod 755 "$tmp" # munged wants every folder above its socket searchable by all
mkdir -p "$tmp"/{munge,run,state,spool,log,out,single,stage,reports}
chmod 700 "$tmp/munge"
munged_pid="" ctld_pid="" slurmd_pid=""

stop() { # stop PID NAME: TERM, then KILL after 15 s
    local pid="$1" i
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 150; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then echo "  $2 ($pid) did not stop: killed" >&2; kill -KILL "$pid" 2>/dev/null || true; fi
    wait "$pid" 2>/dev/null || true
}
cleanup() {
    local status=$? i jobs pid
    set +e
    trap - EXIT INT TERM
    if [ -n "$ctld_pid" ] && kill -0 "$ctld_pid" 2>/dev/null; then
        jobs=$(squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ')
        if [ -n "${jobs// /}" ]; then
            say "cancelling jobs $jobs"
            # shellcheck disable=SC2086
            scancel $jobs
            for ((i = 0; i < 300; i++)); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.1; done
        fi
    fi
    if (( status != 0 )); then
        echo "---- logs of the failed run ($tmp/log, $tmp/out/slurm-logs)" >&2
        for f in "$tmp"/log/*.log "$tmp"/out/slurm-logs/*.log; do
            [ -f "$f" ] && { echo "== $f" >&2; tail -n 30 "$f" >&2; }
        done
    fi
    # This cluster's job steps (slurmstepd, reparented to init, its environment cleared): the
    # ones with a file open under $tmp (slurmd's log). Given 10 s to end, then killed.
    ours() {
        local p
        for p in $(pgrep -x slurmstepd 2>/dev/null); do
            { for f in /proc/"$p"/fd/*; do readlink "$f"; done; } 2>/dev/null | grep -F "$tmp/" >/dev/null && echo "$p"
        done
    }
    for ((i = 0; i < 100; i++)); do [ -z "$(ours)" ] && break; sleep 0.1; done
    stop "$slurmd_pid" slurmd
    stop "$ctld_pid" slurmctld
    for pid in $(ours); do
        echo "  slurmstepd $pid outlived slurmd: killed" >&2; kill -KILL "$pid" 2>/dev/null
    done
    stop "$munged_pid" munged
    rm -rf "$tmp"
    say "daemons stopped, $tmp removed; $(( $(date +%s) - started )) s in all"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

head -c 1024 /dev/urandom > "$tmp/munge/munge.key"
chmod 400 "$tmp/munge/munge.key"
munged -F --key-file="$tmp/munge/munge.key" --socket="$tmp/run/munge.socket" \
    --pid-file="$tmp/run/munged.pid" --seed-file="$tmp/munge/munged.seed" \
    --log-file="$tmp/log/munged.log" >"$tmp/log/munged.out" 2>&1 &
munged_pid=$!
for ((i = 0; i < 100; i++)); do [ -S "$tmp/run/munge.socket" ] && break; sleep 0.1; done
[ -S "$tmp/run/munge.socket" ] || { echo "error: munged did not start" >&2; exit 1; }

read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
host="$(hostname -s)"
mem_mb=$(( $(awk '/^MemTotal:/ {print int($2 / 1024)}' /proc/meminfo) - 1024 ))
cat > "$tmp/slurm.conf" <<EOF
# Generated by deploy/slurm/test/run.sh: one node on localhost, nothing outside $tmp.
ClusterName=digits-lab-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/run/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=2,bf_interval=2
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MinJobAge=3600
KillWait=5
InactiveLimit=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem_mb State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$tmp/slurm.conf"
slurmctld -D -i >"$tmp/log/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D >"$tmp/log/slurmd.out" 2>&1 &
slurmd_pid=$!
for ((i = 0; i < 300; i++)); do
    [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
    if ! kill -0 "$ctld_pid" 2>/dev/null || ! kill -0 "$slurmd_pid" 2>/dev/null; then
        echo "error: a Slurm daemon exited" >&2; exit 1
    fi
    sleep 0.2
done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || { echo "error: the node did not come up" >&2; sinfo >&2; exit 1; }
say "cluster up: node $host, $(nproc) CPUs, ${mem_mb} MB, slurmctld on 127.0.0.1:$ctld_port"

# 4. The reference: one single-machine run of the same binary.
t=$(date +%s)
"$bin" analyze --corpus "$corpus" --quiet --no-report --out "$tmp/single"
say "single-machine run of $corpus: $(( $(date +%s) - t )) s"

wait_jobs() { # wait_jobs ID…: until none is pending or running (10 minutes at most)
    local ids i
    ids=$(IFS=,; echo "$*")
    for ((i = 0; i < 1200; i++)); do
        [ -z "$(squeue -h -j "$ids" 2>/dev/null)" ] && return 0
        sleep 0.5
    done
    echo "error: jobs $ids still queued after 10 minutes" >&2; squeue >&2; return 1
}
state() { # state JOB [TASK]: JobState and ExitCode, e.g. `FAILED 137:0`
    local line
    line=$(scontrol -o show job "$1${2:+_$2}" | head -n 1)
    echo "$(grep -o 'JobState=[A-Z_]*' <<<"$line" | cut -d= -f2) $(grep -o ' ExitCode=[0-9:]*' <<<"$line" | cut -d= -f2)"
}
is() { [ "$1" = "$2" ] || { echo "     got '$1', want '$2'" >&2; return 1; }; }
dest="$tmp/out/$corpus"
logs="$tmp/out/slurm-logs"

# 5. The job array, shard 3 killed on its first attempt, and the finish job after it.
export DL_REAL_BIN="$bin" DL_FAIL_SHARD="$fail/$shards" DL_FAIL_MARKER="$tmp/failed-once"
t=$(date +%s)
read -r array finish < <("$slurm/submit.sh" --parsable --corpus "$corpus" --shards "$shards" --out "$tmp/out" \
    --cpus 1 --mem 2G --stage "$tmp/stage" --reports "$tmp/reports" --bin "$here/fail-once.sh")
say "submitted array job $array and finish job $finish"
wait_jobs "$array" "$finish"
say "array and finish job done: $(( $(date +%s) - t )) s"
for k in $(seq "$shards"); do
    if (( k == fail )); then
        check "task $k failed (killed on its first attempt)" is "$(state "$array" "$k")" "FAILED 137:0"
    else
        check "task $k completed" is "$(state "$array" "$k")" "COMPLETED 0:0"
    fi
    check "task $k has its own log" test -s "$logs/dl-$corpus-${array}_$k.log"
done
check "the log of task $fail says it was killed" grep -q "fail-once: killed" "$logs/dl-$corpus-${array}_$fail.log"
grep -h "fail-once: killed" "$logs/dl-$corpus-${array}_$fail.log" || true
check "the finish job failed" is "$(state "$finish")" "FAILED 1:0"
finish_log="$logs/dl-$corpus-finish-$finish.log"
check "the finish job names shard $fail, and only it, to rerun" grep -qx "shards to rerun: $fail (of $shards)" "$finish_log"
check "no targets.parquet while shard $fail is missing" test ! -e "$dest/targets.parquet"
check "no piece and no run json of shard $fail were published" \
    test -z "$(find "$dest" -name "part-$fail-of-$shards.*" -o -name "run-$fail-of-$shards.json")"
check "no report while shard $fail is missing" test ! -e "$tmp/reports/REPORT.md"
rerun=$(sed -n 's/^rerun: //p' "$finish_log")
check "the finish job prints the rerun command" test -n "$rerun"
cat "$finish_log"
# The same check as a plain script, outside Slurm (how node-local outputs are finished).
status=0
plain=$(DL_CORPUS="$corpus" DL_SHARDS="$shards" DL_OUT="$tmp/out" DL_BIN="$bin" DL_SUBMIT="" \
    bash "$slurm/finish.sbatch" 2>&1) || status=$?
check "finish.sbatch run by bash exits 1 and names shard $fail" \
    test "$status" = 1 -a -n "$(grep -x "shards to rerun: $fail (of $shards)" <<<"$plain")"

# 6. The rerun the finish job printed, which must leave the other shards' files alone.
# The corpus's own files (targets.parquet, the digest) are written once every shard is in.
corpus_files=(! -name targets.parquet ! -name hardest.parquet ! -name tallies.parquet ! -name digest.made.json)
snapshot() { # every published file of the other shards: inode, mtime, size, checksum
    find "$dest" -type f ! -name "*-$fail-of-$shards.*" "${corpus_files[@]}" -printf '%P %i %T@ %s\n' | sort
    find "$dest" -type f ! -name "*-$fail-of-$shards.*" "${corpus_files[@]}" -exec sha256sum {} + | sort
}
before=$(snapshot)
t=$(date +%s)
read -r array2 finish2 < <(eval "${rerun/ --only / --parsable --only }")
say "rerun: array job $array2, finish job $finish2"
wait_jobs "$array2" "$finish2"
say "rerun and finish job done: $(( $(date +%s) - t )) s"
check "the rerun of task $fail completed" is "$(state "$array2" "$fail")" "COMPLETED 0:0"
check "the rerun has its own log" test -s "$logs/dl-$corpus-${array2}_$fail.log"
check "the second finish job completed" is "$(state "$finish2")" "COMPLETED 0:0"
cat "$logs/dl-$corpus-finish-$finish2.log"
check "the second finish job drew the report" test -s "$tmp/reports/REPORT.md"
check "the other shards' files are untouched (inode, mtime, bytes)" is "$(snapshot)" "$before"
check "no scratch folder or temporary is left" \
    test -z "$(find "$tmp/stage" -mindepth 1; find "$dest" -name '.*')"

# 7. The shards against the single run.
say "comparing with the single-machine run"
check "every table of the $shards shards equals the single run; targets.parquet byte-identical" \
    "$py" "$here/compare.py" "$tmp/single/$corpus" "$dest" "$shards"
check "targets.parquet byte-identical (cmp)" cmp "$tmp/single/$corpus/targets.parquet" "$dest/targets.parquet"

say "live-cluster test: $(( $(date +%s) - started )) s before cleanup"
echo "slurm: $passed passed, $failed failed"
(( failed == 0 ))
