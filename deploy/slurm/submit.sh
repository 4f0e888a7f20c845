#!/usr/bin/env bash
# Submits a sharded `digits-lab analyze` to Slurm: the job array of analyze.sbatch (one task
# per shard) and, after it, the finish job of finish.sbatch (`--dependency=afterany`), which
# checks every shard with `digits-lab gather` and writes targets.parquet (and, with --reports,
# the report), or names the shards to rerun.
#
#   deploy/slurm/submit.sh --corpus digits --shards 20 --out /shared/data [options] [-- analyze flags]
#
#   --corpus NAME     the corpus (one; `custom` with its flags after `--`)          required
#   --shards N        number of shards = array tasks                                 required
#   --out DIR         output folder; the tables go to DIR/<corpus>/                  required
#   --cpus C          threads (CPUs) per task                                        default 1
#   --mem M           memory per task, as sbatch --mem (e.g. 2G)                     default 2G
#   --time T          time limit per task, as sbatch --time                          default: the partition's
#   --bin PATH        the digits-lab binary, as the compute nodes see it             default: digits-lab on PATH
#   --logs DIR        per-task logs, DIR/<job name>-<array job>_<task>.log           default: DIR of --out/slurm-logs
#   --stage DIR       node-local scratch folder of each task                         default: $SLURM_TMPDIR, $TMPDIR or /tmp
#   --only LIST       submit only these shards, e.g. `3` or `3,7,9-11` (a rerun)
#   --resume          keep the pieces that stopped tasks of these shards published (a task
#                     that ran out of time) and compute only the rest (analyze --resume)
#   --reports DIR     the finish job also draws the charts and REPORT.md into DIR
#                     (`digits-lab plots --data OUT --reports DIR`)                      default: not drawn
#   --sbatch ARG      one more sbatch option for both jobs (repeatable), e.g. --sbatch --partition=long
#   --no-finish       no finish job (for --out on node-local disks: gather the pieces into
#                     one folder first, then run finish.sbatch; README.md)
#   --parsable        print only `ARRAY_JOB_ID FINISH_JOB_ID` (`none` with --no-finish)
#   -- FLAGS…         more `digits-lab analyze` flags (no spaces inside one flag's value)
#
# Prints the two job ids and how to watch them. Everything the jobs need travels in DL_*
# environment variables (analyze.sbatch lists them), so the same files can be submitted by
# hand with sbatch.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
die() { echo "error: $*" >&2; exit 2; }

corpus="" shards="" out="" cpus=1 mem=2G time="" bin="" logs="" stage="" only="" reports=""
parsable=0 no_finish=0 resume=0
sbatch_extra=() analyze_extra=()
while (( $# > 0 )); do
    case "$1" in
        --corpus) corpus="${2:?}"; shift 2 ;;
        --shards) shards="${2:?}"; shift 2 ;;
        --out) out="${2:?}"; shift 2 ;;
        --cpus) cpus="${2:?}"; shift 2 ;;
        --mem) mem="${2:?}"; shift 2 ;;
        --time) time="${2:?}"; shift 2 ;;
        --bin) bin="${2:?}"; shift 2 ;;
        --logs) logs="${2:?}"; shift 2 ;;
        --stage) stage="${2:?}"; shift 2 ;;
        --only) only="${2:?}"; shift 2 ;;
        --resume) resume=1; shift ;;
        --reports) reports="${2:?}"; shift 2 ;;
        --sbatch) sbatch_extra+=("${2:?}"); shift 2 ;;
        --parsable) parsable=1; shift ;;
        --no-finish) no_finish=1; shift ;;
        --) shift; analyze_extra=("$@"); break ;;
        -h|--help) usage ;;
        *) die "unknown option $1 (--help lists them)" ;;
    esac
done
if [ -z "$corpus" ] || [ -z "$shards" ] || [ -z "$out" ]; then die "--corpus, --shards and --out are required"; fi
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || die "--shards $shards is not a positive number"
[[ "$corpus" != *,* && "$corpus" != all ]] || die "one corpus per submission, not '$corpus'"
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || die "--cpus $cpus is not a positive number"
for a in "${analyze_extra[@]}"; do [[ "$a" != *[[:space:]]* ]] || die "analyze flag '$a' has a space"; done
if [ -n "$only" ]; then
    [[ "$only" =~ ^[0-9,-]+$ ]] || die "--only $only is not a list like 3,7,9-11"
    array="$only"
else
    array="1-$shards"
fi
command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm submit host"

mkdir -p "$out"
out="$(cd "$out" && pwd)"
logs="${logs:-$out/slurm-logs}"
mkdir -p "$logs"
logs="$(cd "$logs" && pwd)"
if [ -n "$reports" ]; then
    mkdir -p "$reports"
    reports="$(cd "$reports" && pwd)"
fi
if [ -z "$bin" ]; then
    bin="$(command -v digits-lab)" || die "digits-lab not on PATH: give --bin"
fi
[ -x "$bin" ] || die "--bin $bin is not an executable"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

# What the finish job prints to rerun missing shards: this submission with `--only LIST`
# (inserted after the path), with absolute paths.
rerun=(--corpus "$corpus" --shards "$shards" --out "$out" --cpus "$cpus" --mem "$mem")
[ -z "$time" ] || rerun+=(--time "$time")
rerun+=(--bin "$bin" --logs "$logs")
[ -z "$stage" ] || rerun+=(--stage "$stage")
(( ! resume )) || rerun+=(--resume)
[ -z "$reports" ] || rerun+=(--reports "$reports")
for a in "${sbatch_extra[@]}"; do rerun+=(--sbatch "$a"); done
(( ${#analyze_extra[@]} == 0 )) || rerun+=(-- "${analyze_extra[@]}")

export DL_CORPUS="$corpus" DL_SHARDS="$shards" DL_OUT="$out" DL_BIN="$bin"
export DL_ANALYZE_ARGS="${analyze_extra[*]}"
DL_SUBMIT="$(printf '%q' "$here/submit.sh")"
DL_SUBMIT_ARGS="$(printf '%q ' "${rerun[@]}")"
export DL_SUBMIT DL_SUBMIT_ARGS="${DL_SUBMIT_ARGS% }"
[ -z "$stage" ] || export DL_STAGE="$stage"
export DL_RESUME="$resume" DL_REPORTS="$reports" # set either way: --export=ALL passes the shell's

# --open-mode=append: a task requeued (by scontrol requeue, or by Slurm after a node failure)
# adds to its log instead of wiping the first attempt's.
common=(--parsable --cpus-per-task="$cpus" --mem="$mem" --export=ALL --open-mode=append)
[ -z "$time" ] || common+=(--time="$time")
common+=("${sbatch_extra[@]}")

array_job=$(sbatch "${common[@]}" --array="$array" --job-name="dl-$corpus" \
    --output="$logs/%x-%A_%a.log" "$here/analyze.sbatch")
array_job="${array_job%%;*}"
finish_job=none
if (( ! no_finish )); then
    finish_job=$(sbatch "${common[@]}" --dependency="afterany:$array_job" --job-name="dl-$corpus-finish" \
        --output="$logs/%x-%j.log" "$here/finish.sbatch")
    finish_job="${finish_job%%;*}"
fi

if (( parsable )); then
    echo "$array_job $finish_job"
    exit 0
fi
echo "submitted $corpus, shards $array of $shards, into $out"
echo "  array job  $array_job  (per task: $cpus CPUs, $mem memory; logs $logs/dl-$corpus-${array_job}_K.log)"
if (( no_finish )); then
    echo "  no finish job: gather the pieces, then run finish.sbatch (README.md)"
    echo "watch:  squeue -j $array_job"
else
    echo "  finish job $finish_job  (after the array; log $logs/dl-$corpus-finish-$finish_job.log)"
    echo "watch:  squeue -j $array_job,$finish_job"
fi
