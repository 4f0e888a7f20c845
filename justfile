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

# Run every test: unit tests, then the integration binary (figures, properties, CLI).
test:
    cargo test --release --lib --test integration

# Format the code.
fmt:
    cargo fmt --all

# Check formatting and lints (warnings are errors).
lint:
    cargo fmt --all -- --check
    cargo clippy --release --all-targets -- -D warnings

# Solve one puzzle, e.g. `just solve 765 1 3 7 10 25 50`.
solve *ARGS: build
    {{bin}} solve {{ARGS}}

# Benchmarks: the engine in-process (divan), then whole CLI runs (hyperfine), medians.
bench: build
    cargo bench --bench engine
    command -v hyperfine >/dev/null || (apt-get update -qq && apt-get install -y -qq hyperfine)
    hyperfine --warmup 3 --runs 30 --style basic -N \
        '{{bin}} solve --all 765 1 3 7 10 25 50' \
        '{{bin}} solve 415 1 2 3 4 5 6' \
        '{{bin}} solve --game countdown 952 25 50 75 100 3 6'
