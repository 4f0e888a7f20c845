# digits-lab recipes. `just` lists them.
#
# Everything builds the release profile only: polars is slow to compile, and a second
# (debug) profile would double that. Set CARGO_TARGET_DIR to share builds across clones.

set shell := ["bash", "-euo", "pipefail", "-c"]

bin := env_var_or_default("CARGO_TARGET_DIR", justfile_directory() + "/target") + "/release/digits-lab"

# List the recipes.
default:
    @just --list

# Build the release binary.
build:
    cargo build --release

# The fast tier (under 3 minutes on two cores): unit tests, then the integration binary (figures,
# properties, CLI), every module on small inputs: the fit on a small plan, fuzzing at the
# default counts, corpus slices. `cargo test --release` runs the same (and the doc tests).
test:
    cargo test --release --lib --test integration

# The slow tier (tests marked `#[ignore = "slow: …"]`, each saying why): the published fit
# (`fit --check`), whole corpora, fits on the full plan. `.ci/run` runs it after `just test`.
test-slow:
    cargo test --release --lib --test integration -- --ignored

# The study crate (`study/`, docs/STUDY.md): its unit tests and the server on loopback (a
# session, bad requests, what responses hold, SIGKILL, a 4-second load). Not in `just test`:
# it builds SQLite and the web server, which the library never needs.
test-study:
    cargo test --release -p digits-lab-study

# The study's slow tests: 50 participants for 60 s, and a session in headless Chromium
# (`chromium` and `chromium-driver`, which `.ci/run` installs). Prints the figures.
test-study-slow:
    cargo test --release -p digits-lab-study -- --ignored --nocapture --test-threads 1

# Fuzz every parser (100,000 cases each, in process), `solve` (5,000 whole runs) and the
# table files `hardest` and `plots` read (200 damaged copies), with the cases tried per
# parser printed; docs/FUZZING.md has the figures. The slow tier's fuzzers (fits on the full
# plan) run too. `just fuzz 1000000 20000 500` runs more; FUZZ_SEED=N another seed.
fuzz CASES="100000" CLI_CASES="5000" FILE_CASES="200":
    FUZZ_CASES={{CASES}} FUZZ_CLI_CASES={{CLI_CASES}} FUZZ_FILE_CASES={{FILE_CASES}} cargo test --release --test integration fuzz -- --include-ignored --nocapture 2>&1 | grep -E '^(fuzz |test result|test .*FAILED)'

# Format the code.
fmt:
    cargo fmt --all

# Check formatting and lints (warnings are errors), and that the test build reuses the main
# build's dependencies.
lint: deps-aligned study-deps-aligned
    cargo fmt --all -- --check
    cargo clippy --release --all-targets -- -D warnings
    cargo clippy --release -p digits-lab-study -p digits-lab-python -p digits-lab-testkit --all-targets -- -D warnings

# Fails if building the study crate changes the features of a crate the command's build
# (the library and the CLI) also uses: it would then compile polars a second time.
study-deps-aligned:
    #!/usr/bin/env bash
    set -euo pipefail
    # Each crate as `name@version features;features…` (every feature set it is built with, a
    # local crate's path left out).
    tree() { cargo tree --locked --prefix none -e normal,build -f '{p} {f}' -p "$1" | grep -v ' (\*)$' \
        | awk '{ f = ($3 ~ /^\(/) ? $4 : $3; print $1 "@" $2, (f == "" ? "-" : f) }' | sort -u \
        | awk '{ a[$1] = ($1 in a) ? a[$1] ";" $2 : $2 } END { for (k in a) print k, a[k] }' | sort; }
    changed=$(join <(tree digits-lab-cli) <(tree digits-lab-study) | awk '$2 != $3')
    if [ -n "$changed" ]; then
        echo "the study build changes the features of crates the command's build uses:" >&2
        echo "$changed" >&2
        exit 1
    fi

# Fails if the test or bench build enables a feature of a crate the main build also uses
# (`cargo test --release` would then compile that crate and everything above it again).
deps-aligned:
    #!/usr/bin/env bash
    set -euo pipefail
    tree() { cargo tree --locked --prefix none -f '{p} {f}' "$@" | sort -u; }
    changed=$(diff <(tree -e no-dev) <(tree) | grep '^<' || true)
    if [ -n "$changed" ]; then
        echo "the test build changes the features of crates the main build uses:" >&2
        echo "$changed" >&2
        exit 1
    fi

# Solve one puzzle, e.g. `just solve 765 1 3 7 10 25 50`.
solve *ARGS: build
    {{bin}} solve {{ARGS}}

# Every benchmark: the engine and single puzzles, then whole corpus runs (~20 minutes).
bench: bench-solve bench-analyze

# The engine in-process (divan), then whole `solve` runs (hyperfine), medians.
bench-solve: build cores
    cargo bench --bench engine
    command -v hyperfine >/dev/null || (apt-get update -qq && apt-get install -y -qq hyperfine)
    hyperfine --warmup 3 --runs 30 --style basic -N \
        '{{bin}} solve --all 765 1 3 7 10 25 50' \
        '{{bin}} solve 415 1 2 3 4 5 6' \
        '{{bin}} solve --game countdown 952 25 50 75 100 3 6'

# The two-thread benchmarks need both cores: one busy loop is timed alone, then two at once,
# which take about as long as one when the host leaves the second core free.
#
# Whether the host leaves both cores free (one busy loop against two at once).
cores:
    #!/usr/bin/env bash
    set -euo pipefail
    spin() { python3 -c 'for i in range(20_000_000): pass'; }
    t0=$(date +%s%N); spin; t1=$(date +%s%N); spin & spin; wait; t2=$(date +%s%N)
    one=$(( (t1 - t0) / 1000000 )); two=$(( (t2 - t1) / 1000000 ))
    echo "one busy loop: $one ms; two at once: $two ms ($(( 100 * two / one ))% of one)"

# Whole `analyze` runs of the make10, 24, Countdown and Digits corpora, three each (into a scratch
# folder, not data/): wall time, CPU time (user + system) and peak memory per run, then the
# median of each. `just bench-analyze countdown` times one corpus.
bench-analyze CORPORA="make10 24 countdown digits": build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/time ] || (apt-get update -qq && apt-get install -y -qq time)
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    for c in {{CORPORA}}; do
        for i in 1 2 3; do
            /usr/bin/time -f "%e %U %S %M" -o "$out/time" {{bin}} analyze --corpus "$c" --quiet --no-report --force --out "$out"
            read -r secs user sys kb < "$out/time"
            cpu=$(awk "BEGIN { print $user + $sys }")
            echo "analyze --corpus $c, run $i: $secs s wall, $cpu s CPU, $((kb / 1024)) MiB peak"
            echo "$secs $cpu $((kb / 1024))" >> "$out/runs-$c"
        done
        median() { cut -d' ' -f"$1" "$out/runs-$c" | sort -n | sed -n 2p; }
        echo "analyze --corpus $c: median $(median 1) s wall, $(median 2) s CPU, $(median 3) MiB peak"
    done

# The main job (`digits-lab analyze`) step by step from empty folders — every default corpus,
# the default phase sweep, the charts and report, each its own process — then the whole job
# again with nothing changed (every step kept): wall time, CPU time (user + system) and peak
# memory per step. With NUMBERS_BENCH set to a built `NumbersBenchmark` of hknrx/Numbers
# (docs/BENCHMARKS.md), the C reachability sweep `NumbersBenchmark 2 6` is timed before and
# after, and every step's wall time is also given as a multiple of its median.
bench-job: build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/time ] || (apt-get update -qq && apt-get install -y -qq time)
    c="${NUMBERS_BENCH:-}"
    if [ -n "$c" ] && [ ! -x "$c" ]; then echo "error: NUMBERS_BENCH=$c is not an executable" >&2; exit 2; fi
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    yard=""
    step() {
        local label="$1"; shift
        if ! /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$@" > "$out/log" 2>&1; then cat "$out/log" >&2; exit 1; fi
        read -r secs user sys kb < "$out/time"
        local cpu; cpu=$(awk "BEGIN { print $user + $sys }")
        local times=""
        [ -n "$yard" ] && times=$(awk "BEGIN { printf \"  (%.1f× the C sweep)\", $secs / $yard }")
        printf "%-34s %8.2f s wall %8.2f s CPU %6d MiB peak%s\n" "$label" "$secs" "$cpu" "$((kb / 1024))" "$times"
        echo "$secs $cpu" >> "$out/steps-$phase"
    }
    sweep() {
        for i in 1 2 3; do /usr/bin/time -f "%e" -o "$out/time" "$c" 2 6 > /dev/null; cat "$out/time" >> "$out/c"; done
        yard=$(sort -n "$out/c" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
        echo "C sweep (NumbersBenchmark 2 6, 2 threads): median $yard s wall of $(wc -l < "$out/c") runs"
    }
    [ -n "$c" ] && sweep
    phase=empty
    for corpus in make10 make10-concat 24 24-nine 24-pow 24-minus nyt countdown krypto digits; do
        step "analyze --corpus $corpus" {{bin}} analyze --corpus "$corpus" --out "$out/data" --no-report --quiet
    done
    step "phase (the default sweep)" {{bin}} phase --out "$out/data" --no-report --quiet
    step "plots (charts and REPORT.md)" {{bin}} plots --data "$out/data" --reports "$out/reports"
    awk '{ w += $1; c += $2 } END { printf "%-34s %8.2f s wall %8.2f s CPU\n", "the main job, from empty folders", w, c }' "$out/steps-empty"
    phase=again
    step "the main job, nothing changed" {{bin}} analyze --out "$out/data" --reports "$out/reports"
    kept=$(grep -c "up to date, kept" "$out/log" || true)
    echo "  $kept of 12 steps kept (10 corpora, the sweep, the report)"
    [ -n "$c" ] && sweep
    true

# The phase sweep's per-board costs (src/variant/phase_costs.rs): CPU nanoseconds of one board
# for every domain, with and without every number used, k = 1..7, M = 10, 100, 1,000,
# 10,000 (`phase --threads 1`, runs of more boards until one takes 1.5 s, less a run of no
# boards), then the
# factors of ^, unary minus and joined digits. Prints the tables as they go in the code.
phase-costs: build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/time ] || (apt-get update -qq && apt-get install -y -qq time)
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    cpu() { # CPU seconds of one sweep of N boards: FLAGS K M N
        /usr/bin/time -f "%U %S" -o "$out/time" {{bin}} phase $1 --k "$2" --m "$3" --samples "$4" \
            --exact-limit 0 --threads 1 --budget 604800 --no-report --quiet --out "$out/data"
        awk '{ print $1 + $2 }' "$out/time"
    }
    base=$(for i in 1 2 3; do cpu "" 1 10 2; done | sort -n | sed -n 2p)
    ns() { # nanoseconds per board: FLAGS K M (runs of more boards until one takes 1.5 s)
        local n=8 t next
        while :; do
            t=$(cpu "$1" "$2" "$3" $n)
            next=$(awk -v t="$t" -v b="$base" -v n=$n 'BEGIN { d = t - b; if (d >= 1.5 || n >= 10000000) { print 0; exit }
                f = d > 0.01 ? 2.5 / d : 100; if (f > 100) f = 100; if (f < 2) f = 2; m = int(n * f); if (m > 10000000) m = 10000000; print m }')
            [ "$next" -eq 0 ] && break
            n=$next
        done
        awk -v t="$t" -v b="$base" -v n=$n 'BEGIN { d = (t - b) / n * 1e9; if (d < 100) d = 100; printf "%d\n", d }'
    }
    echo "// process without boards: $base s"
    for domain in "POSITIVE:" "WHOLE:--zero" "INTEGERS:--negatives" "RATIONALS:--fractions"; do
        for all in SUBSETS USE_ALL; do
            flags="${domain#*:}"; [ "$all" = USE_ALL ] && flags="$flags --use-all"
            echo "const ${domain%%:*}_$all: Table = ["
            for k in 1 2 3 4 5 6 7; do
                row=""; for m in 10 100 1000 10000; do row="$row$(ns "$flags" $k $m), "; done
                echo "    [${row%, }],"
            done
            echo "];"
        done
    done
    # Joined digits need a pool of digits: make-10's (exact rationals, every number used).
    for v in "--pow:" "--pow:--fractions --use-all" "--concat:--game make10" "--unary-minus:--fractions --use-all"; do
        for k in 6 7; do
            a=$(ns "${v#*:}" $k 10000); b=$(ns "${v#*:} ${v%%:*}" $k 10000)
            echo "// ${v%%:*} on '${v#*:}', k $k, M 10000: $a -> $b ns, x$(awk -v a=$a -v b=$b 'BEGIN { printf "%.2f", b / a }')"
        done
    done

# What an engine counting only the targets' needs would skip (benches/headroom.rs; a count,
# not a timing): every sub-board size of sampled Digits and Countdown boards, and two cells of
# the phase sweep. About three minutes on two cores.
bench-headroom:
    cargo bench --bench headroom -- --game digits --stride 100
    cargo bench --bench headroom -- --game countdown --stride 10
    cargo bench --bench headroom -- --phase 6,1000,100
    cargo bench --bench headroom -- --phase 7,100,100

# `analyze --corpus countdown --reach-only` (solvable, min_ops, closest; Parquet written) on 2
# threads, RUNS runs, CPU time (user + system) and the median; with NUMBERS_BENCH set to a built
# `NumbersBenchmark` of the C solver hknrx/Numbers (not part of this project; see
# docs/BENCHMARKS.md), each run is followed by `NumbersBenchmark 2 6` (the same 13,243
# selections, 2 threads) and the medians' ratio is printed.
bench-reach RUNS="5": build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/time ] || (apt-get update -qq && apt-get install -y -qq time)
    c="${NUMBERS_BENCH:-}"
    if [ -n "$c" ] && [ ! -x "$c" ]; then echo "error: NUMBERS_BENCH=$c is not an executable" >&2; exit 2; fi
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    cpu() { awk '{ print $2 + $3 }' "$out/time"; }
    for i in $(seq {{RUNS}}); do
        /usr/bin/time -f "%e %U %S %M" -o "$out/time" {{bin}} analyze --corpus countdown --reach-only --threads 2 --quiet --no-report --force --out "$out/data"
        echo "reach-only, run $i: $(cut -d' ' -f1 "$out/time") s wall, $(cpu) s CPU, $(( $(cut -d' ' -f4 "$out/time") / 1024 )) MiB peak"
        cpu >> "$out/ours"
        if [ -n "$c" ]; then
            /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$c" 2 6 > /dev/null
            echo "NumbersBenchmark 2 6, run $i: $(cut -d' ' -f1 "$out/time") s wall, $(cpu) s CPU"
            cpu >> "$out/c"
        fi
    done
    median() { sort -n "$1" | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
    echo "reach-only Countdown: median $(median "$out/ours") s CPU"
    if [ -n "$c" ]; then
        echo "NumbersBenchmark 2 6: median $(median "$out/c") s CPU; ratio $(awk "BEGIN { printf \"%.2f\", $(median "$out/ours") / $(median "$out/c") }")"
    fi

# `solve_many` from Python against `analyze` on the same 10,010 Digits puzzles: the 5,005
# boards of six distinct numbers from 1–15, each at targets 500 and 501 (a custom corpus),
# three runs each: wall time, CPU time (user + system) and peak memory of the whole process
# (Python, polars and the package's import included), then the medians and the CPU ratio.
bench-python: build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/time ] || (apt-get update -qq && apt-get install -y -qq time)
    venv="${DIGITS_LAB_PY_VENV:-$HOME/.cache/digits-lab/venv-python}"
    [ -x "$venv/bin/python" ] || just python-env
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    py='import itertools, digits_lab as dl; boards = list(itertools.combinations(range(1, 16), 6)); df = dl.solve_many(boards, "500-501", quiet=True); assert df.height == 10_010, df.height'
    for i in 1 2 3; do
        /usr/bin/time -f "%e %U %S %M" -o "$out/time" {{bin}} analyze --corpus custom --game digits --pool 1-15 --size 6 --distinct true --targets 500-501 --quiet --no-report --force --out "$out/data"
        read -r secs user sys kb < "$out/time"
        echo "analyze, run $i: $secs s wall, $(awk "BEGIN { print $user + $sys }") s CPU, $((kb / 1024)) MiB peak"
        echo "$secs $(awk "BEGIN { print $user + $sys }") $((kb / 1024))" >> "$out/analyze"
        /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$venv/bin/python" -c "$py"
        read -r secs user sys kb < "$out/time"
        echo "solve_many, run $i: $secs s wall, $(awk "BEGIN { print $user + $sys }") s CPU, $((kb / 1024)) MiB peak"
        echo "$secs $(awk "BEGIN { print $user + $sys }") $((kb / 1024))" >> "$out/python"
    done
    median() { cut -d' ' -f"$2" "$out/$1" | sort -n | sed -n 2p; }
    for w in analyze python; do
        echo "$w: median $(median $w 1) s wall, $(median $w 2) s CPU, $(median $w 3) MiB peak"
    done
    echo "CPU ratio solve_many / analyze: $(awk "BEGIN { printf \"%.2f\", $(median python 2) / $(median analyze 2) }")"

# The reward server (`digits-lab serve`, release) on loopback: four kept-alive clients post
# batches of 256 24-game answers to /check and /get_reward, three runs each: answers a
# second, a batch's p50 and p99 latency, the server's CPU and peak memory (medians); then the
# library's batch checker in-process (what `check_many` runs) on the same answers, and the
# ratio.
bench-serve: build
    cargo bench -p digits-lab-cli --bench serve_load -- {{bin}}

# Checking answers and auditing sets (issue 47), three runs each: `check_many` on 200,000
# answers to random 24-game hands (the call alone, timed inside Python, answers a second);
# `check --batch` of the same answers as JSONL; `audit` of 100,000 random 24-game rows and
# of 100,000 TinyZero-style rows (3–4 numbers of 1–99, targets 1–100): wall, CPU, peak.
bench-check: build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/time ] || (apt-get update -qq && apt-get install -y -qq time)
    venv="${DIGITS_LAB_PY_VENV:-$HOME/.cache/digits-lab/venv-python}"
    [ -x "$venv/bin/python" ] || just python-env
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    "$venv/bin/python" - "$out" <<'PY'
    import itertools, json, random, sys
    out = sys.argv[1]
    rng = random.Random(47)
    hands = list(itertools.combinations_with_replacement(range(1, 14), 4))
    with open(f"{out}/answers.jsonl", "w") as f, open(f"{out}/h24.jsonl", "w") as g:
        for i in range(200_000):
            h = list(rng.choice(hands)); rng.shuffle(h)
            a = f"({h[0]}+{h[1]})*{h[2]}-{h[3]}" if i % 2 else f"{h[0]}*{h[1]}*{h[2]}/{h[3]}"
            f.write(json.dumps({"nums": h, "target": 24, "response": a}) + "\n")
            if i < 100_000:
                g.write(json.dumps({"nums": h, "target": 24}) + "\n")
    with open(f"{out}/tz.jsonl", "w") as f:
        for _ in range(100_000):
            n = [rng.randint(1, 99) for _ in range(rng.choice([3, 4]))]
            f.write(json.dumps({"nums": n, "target": rng.randint(1, 100)}) + "\n")
    PY
    py="import json, time, digits_lab as dl
    rows = [json.loads(l) for l in open('$out/answers.jsonl')]
    a = [r['response'] for r in rows]; n = [r['nums'] for r in rows]
    t = time.perf_counter(); df = dl.check_many(a, n, 24, game='24'); e = time.perf_counter() - t
    assert df.height == 200_000
    print(f'check_many: {len(a) / e:,.0f} answers a second ({e:.3f} s for 200,000)')"
    timed() {
        local name="$1"; shift
        /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$@" > /dev/null
        read -r secs user sys kb < "$out/time"
        echo "$name: $secs s wall, $(awk "BEGIN { print $user + $sys }") s CPU, $((kb / 1024)) MiB peak"
    }
    for i in 1 2 3; do
        "$venv/bin/python" -c "$py"
        timed "check --batch, 200,000 answers" {{bin}} check --game 24 --quiet --batch "$out/answers.jsonl" --out "$out/v.parquet"
        timed "audit, 100,000 24-game rows" {{bin}} audit --game 24 --quiet "$out/h24.jsonl"
        timed "audit, 100,000 TinyZero-style rows" {{bin}} audit --game 24 --pool 1-100x6 --targets 1-100000 --quiet "$out/tz.jsonl"
    done

# `evaluate` on 20,000 answers of two scripted models to 100 Countdown puzzles (100 each a
# puzzle: the reference, a wrong stated result, "no solution", or text that is no answer),
# three runs: wall, CPU, peak. Issue 56 asks for 10 s on two cores.
bench-evaluate: build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/time ] || (apt-get update -qq && apt-get install -y -qq time)
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    {{bin}} generate --game countdown --count 100 --seed 5 --format jsonl --quiet --out "$out/set.jsonl"
    python3 - "$out" <<'PY'
    import json, random, sys
    out = sys.argv[1]
    rows = [json.loads(line) for line in open(f"{out}/set.jsonl")]
    rng = random.Random(56)
    with open(f"{out}/answers.jsonl", "w") as f:
        for model in ("a", "b"):
            for r in rows:
                for _ in range(100):
                    x = rng.random()
                    a = r["solution"] if x < 0.6 else r["solution"] + " = 1" if x < 0.8 else "no solution" if x < 0.9 else "(("
                    f.write(json.dumps({"model": model, "numbers": r["numbers"], "target": r["target"], "answer": a}) + "\n")
    PY
    for i in 1 2 3; do
        rm -rf "$out/eval"
        /usr/bin/time -f "%e %U %S %M" -o "$out/time" {{bin}} evaluate --game countdown --quiet --out "$out/eval" "$out/answers.jsonl" > /dev/null
        read -r secs user sys kb < "$out/time"
        echo "evaluate, 20,000 answers: $secs s wall, $(awk "BEGIN { print $user + $sys }") s CPU, $((kb / 1024)) MiB peak"
    done

# Peak memory of a corpus over three times the size of Digits (six distinct numbers from
# 1–30: 593,775 boards, targets 1–999; ~15 minutes), one run, beside one run of Digits: the
# shared sub-board tables are bounded by --cache-mb, so the two peaks should be close.
bench-memory: build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/time ] || (apt-get update -qq && apt-get install -y -qq time)
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    run() {
        /usr/bin/time -f "%e %U %S %M" -o "$out/time" {{bin}} analyze --quiet --no-report --force --out "$out" "$@"
        read -r secs user sys kb < "$out/time"
        echo "analyze $*: $secs s wall, $(awk "BEGIN { print $user + $sys }") s CPU, $((kb / 1024)) MiB peak"
        rm -rf "${out:?}"/*/
    }
    run --corpus digits
    run --corpus custom --game digits --pool 1-30 --size 6 --distinct true --targets 1-999 --name digits-1-30

# The main job: every default corpus into data/ (Parquet), then the charts and reports/REPORT.md.
# `just analyze --corpus countdown` runs one corpus; any `digits-lab analyze` flag works.
analyze *ARGS: build
    {{bin}} analyze {{ARGS}}

# Draw the charts (PNG and SVG) and write OUT/REPORT.md from the tables under DATA.
plots DATA="data" OUT="reports": build
    {{bin}} plots --data {{DATA}} --reports {{OUT}}

# The hardest puzzles of a corpus, e.g. `just hardest --corpus 24 --target 24 --convention trees`.
hardest *ARGS: build
    {{bin}} hardest {{ARGS}}

# The Python package (python/, docs/PYTHON.md): built with `pip install ./python` into a
# fresh virtual environment ($HOME/.cache/digits-lab/venv-python, made anew each time, the
# Rust build reusing CARGO_TARGET_DIR), then its pytest suite against this build's binary
# and, when given, the tables under DATA (else it writes the tables it needs, ~1 minute).
python DATA="": build python-env
    #!/usr/bin/env bash
    set -euo pipefail
    venv="${DIGITS_LAB_PY_VENV:-$HOME/.cache/digits-lab/venv-python}"
    data="{{DATA}}"
    DIGITS_LAB_BIN="{{bin}}" DIGITS_LAB_DATA="${data:+$(realpath "$data")}" "$venv/bin/python" -m pytest -q python/tests

# A fresh virtual environment with the package built and installed, and its test tools.
python-env:
    #!/usr/bin/env bash
    set -euo pipefail
    venv="${DIGITS_LAB_PY_VENV:-$HOME/.cache/digits-lab/venv-python}"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r python/requirements-test.txt
    started=$(date +%s)
    "$venv/bin/pip" install --quiet --disable-pip-version-check ./python
    echo "pip install ./python: $(( $(date +%s) - started )) s"

# The stacks tier (python/stacks/, docs/DEVELOPING.md): the rewards, the Inspect scorer, the
# verifiers environment and `serve` tested with each stack's own code (TRL's GRPOTrainer, verl's
# dataset and reward loop, Inspect's eval, verifiers, OpenRLHF's reward client) on sets this
# build's `generate` writes, offline. The pinned environment (python/requirements-stacks.txt, a
# complete `pip freeze`, so installed with --no-deps) lives outside the clone in
# $HOME/.cache/digits-lab/venv-stacks and is rebuilt only when that file changes (a cold install
# is ~6.5 GB, torch with its CUDA libraries); the package is installed into it from this source.
# Where `unshare` can make a network namespace, the tests run in one with loopback only.
test-stacks: build
    #!/usr/bin/env bash
    set -euo pipefail
    venv="${DIGITS_LAB_STACKS_VENV:-$HOME/.cache/digits-lab/venv-stacks}"
    pip=("$venv/bin/pip" install --quiet --disable-pip-version-check --retries 10 --timeout 60)
    if [ ! -x "$venv/bin/python" ] || ! cmp -s python/requirements-stacks.txt "$venv/requirements-stacks.txt"; then
        rm -rf "$venv"
        python3 -m venv "$venv"
        started=$(date +%s)
        "${pip[@]}" --no-deps -r python/requirements-stacks.txt
        cp python/requirements-stacks.txt "$venv/requirements-stacks.txt"
        echo "the stacks environment: $(( $(date +%s) - started )) s"
    fi
    "${pip[@]}" --no-deps ./python
    export DIGITS_LAB_BIN="{{bin}}" HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 TRANSFORMERS_OFFLINE=1 \
        WANDB_MODE=disabled RAY_USAGE_STATS_ENABLED=0 INSPECT_DISPLAY=none
    run=("$venv/bin/python" -m pytest -q -p no:cacheprovider python/stacks)
    if unshare --net true 2>/dev/null && command -v ip >/dev/null; then
        unshare --net bash -c 'ip link set lo up && exec "$@"' - "${run[@]}"
    else
        echo "(no network namespace here: the tests run with the host's network)"
        "${run[@]}"
    fi

# Run notebooks/check_engines.py and check_json.py, and execute every notebook against the
# tables under DATA (with the Python package installed from python/).
# The Python environment (notebooks/requirements.txt, pinned) lives outside the clone in
# $HOME/.cache/digits-lab/venv-nb and is rebuilt only when the requirements change. The
# executed notebooks, with their outputs, go to reports/notebooks/ for the default data/, and
# to DATA/reports/notebooks/ for any other DATA (nothing is written outside it).
notebooks DATA="data":
    #!/usr/bin/env bash
    set -euo pipefail
    venv="${DIGITS_LAB_NB_VENV:-$HOME/.cache/digits-lab/venv-nb}"
    if [ ! -x "$venv/bin/jupyter" ] || ! cmp -s notebooks/requirements.txt "$venv/requirements.txt"; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check -r notebooks/requirements.txt
        cp notebooks/requirements.txt "$venv/requirements.txt"
    fi
    # The package from this source (notebooks/researcher_loop.ipynb imports it); a warm
    # rebuild takes seconds.
    "$venv/bin/pip" install --quiet --disable-pip-version-check ./python
    [ -d "{{DATA}}" ] || { echo "error: data folder {{DATA}} does not exist" >&2; exit 2; }
    data="$(realpath "{{DATA}}")"
    "$venv/bin/python" notebooks/check_engines.py "$data"
    "$venv/bin/python" notebooks/check_json.py "{{bin}}" "$data"
    if [ "{{DATA}}" = data ]; then executed="$PWD/reports/notebooks"; else executed="$data/reports/notebooks"; fi
    mkdir -p "$executed"
    for nb in notebooks/*.ipynb; do
        echo "executing $nb"
        DIGITS_LAB_DATA="$data" "$venv/bin/jupyter" execute --output="$executed/$(basename "$nb")" "$nb"
    done
