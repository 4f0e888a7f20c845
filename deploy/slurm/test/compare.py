"""Checks that the N shards of a sharded `analyze` run are the single run, table by table.

Usage: python compare.py SINGLE_CORPUS_DIR SHARDED_CORPUS_DIR N

- every file of both folders is accounted for: `part-1-of-1` per table in the single run,
  `part-K-of-N` for K = 1..N in the sharded one, no temporaries or other files;
- part K of each table holds the boards K-1, K-1+N, … and only those (round robin);
- `boards`, `puzzles`, `unique`: the union of the N parts, sorted by its key, equals the
  single run's table row for row, column for column (names, types, values, nulls);
- `sums`: the N parts added up per (group, target) equal the single run's sums;
- `targets.parquet`: the same bytes.
Prints one line per check and exits 1 if any fails.
"""

import sys
from pathlib import Path

import polars as pl

TABLES = {"boards": ["board_id"], "puzzles": ["board_id", "target"], "unique": ["board_id", "target"]}


def main() -> int:
    single, sharded, n = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    failures = 0

    def check(ok: bool, what: str) -> None:
        nonlocal failures
        print(f"{'ok  ' if ok else 'FAIL'} {what}")
        failures += not ok

    for table in [*TABLES, "sums"]:
        names = sorted(p.name for p in (sharded / table).iterdir())
        want = sorted(f"part-{k}-of-{n}.parquet" for k in range(1, n + 1))
        check(names == want, f"{table}/: exactly {n} parts, nothing else ({len(names)} files)")
        names = sorted(p.name for p in (single / table).iterdir())
        check(names == ["part-1-of-1.parquet"], f"{table}/ of the single run: part-1-of-1 only")
    top = sorted(p.name for p in sharded.iterdir() if p.is_file())
    want = sorted(["targets.parquet", *(f"run-{k}-of-{n}.json" for k in range(1, n + 1))])
    check(top == want, f"top level: targets.parquet and {n} run jsons, nothing else")

    def parts(table: str) -> list[pl.DataFrame]:
        return [pl.read_parquet(sharded / table / f"part-{k}-of-{n}.parquet") for k in range(1, n + 1)]

    for table, key in TABLES.items():
        one = pl.read_parquet(single / table / "part-1-of-1.parquet")
        shards = parts(table)
        for k, df in enumerate(shards, 1):
            ids = df["board_id"].cast(pl.Int64)
            check(
                df.height > 0 and bool(((ids - (k - 1)) % n == 0).all()),
                f"{table} part {k}: {df.height} rows, all of boards ≡ {k - 1} mod {n}",
            )
        union = pl.concat(shards).sort(key)
        same = union.schema == one.schema and union.equals(one.sort(key), null_equal=True)
        check(same, f"{table}: union of {n} parts ({union.height} rows) = single run ({one.height} rows)")

    one = pl.read_parquet(single / "sums" / "part-1-of-1.parquet")
    key = ["group", "target"]
    value_columns = [c for c in one.columns if c not in key]
    added = (
        pl.concat(parts("sums"))
        .group_by(key)
        .agg([pl.col(c).sum().cast(one.schema[c]) for c in value_columns])
        .select(one.columns)
        .sort(key)
    )
    check(added.equals(one.sort(key), null_equal=True), f"sums: {n} parts added up ({added.height} rows) = single run")

    a, b = (single / "targets.parquet").read_bytes(), (sharded / "targets.parquet").read_bytes()
    check(a == b, f"targets.parquet: byte-identical ({len(b)} bytes)")

    print(f"{failures} failed" if failures else "every table of the shards equals the single run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
