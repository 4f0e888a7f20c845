"""Checks that the N shards of a sharded `analyze` run are the single run, table by table.

Usage: python compare.py SINGLE_CORPUS_DIR SHARDED_CORPUS_DIR N

- every file of both folders is accounted for: the pieces its plan names per table
  (`part-K-of-N.piece-0001.parquet` …, as many as `plan-K-of-N.json` says: the single run is
  shard 1 of 1) and, at the top, `plan-K-of-N.json`, `run-K-of-N.json` for every K,
  `targets.parquet` and the digest (`hardest.parquet`, `tallies.parquet`,
  `digest.made.json`); no temporaries or other files;
- shard K holds the boards K-1, K-1+N, … and only those (round robin), and its pieces take
  them in order, each piece's boards before the next one's;
- `boards`, `puzzles`, `unique`: the union of every piece of the N shards, sorted by its key,
  equals the single run's pieces, sorted the same way, row for row, column for column
  (names, types, values, nulls);
- `sums`: every piece of the N shards added up per (group, target) equals the single run's
  pieces added up;
- `targets.parquet` and the digest's two tables: the same bytes.
Prints one line per check and exits 1 if any fails.
"""

import json
import sys
from pathlib import Path

import polars as pl

TABLES = {"boards": ["board_id"], "puzzles": ["board_id", "target"], "unique": ["board_id", "target"]}
# The files of the whole corpus, written once every shard is in: its targets and its digest.
CORPUS_FILES = ["targets.parquet", "hardest.parquet", "tallies.parquet", "digest.made.json"]


def main() -> int:
    single, sharded, n = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    failures = 0

    def check(ok: bool, what: str) -> None:
        nonlocal failures
        print(f"{'ok  ' if ok else 'FAIL'} {what}")
        failures += not ok

    def pieces(folder: Path, k: int, n: int) -> list[str]:
        """The piece files shard k of n has per table, as its plan says."""
        plan = json.loads((folder / f"plan-{k}-of-{n}.json").read_text())
        return [f"part-{k}-of-{n}.piece-{p:04d}.parquet" for p in range(1, plan["pieces"] + 1)]

    layouts = {"single run": (single, 1), f"{n} shards": (sharded, n)}
    shard_pieces = {label: {k: pieces(d, k, m) for k in range(1, m + 1)} for label, (d, m) in layouts.items()}
    for label, (folder, m) in layouts.items():
        by_shard = shard_pieces[label]
        want = sorted(p for ps in by_shard.values() for p in ps)
        for table in [*TABLES, "sums"]:
            names = sorted(p.name for p in (folder / table).iterdir())
            check(names == want, f"{label}, {table}/: exactly the {len(want)} pieces of the plans ({len(names)} files)")
        top = sorted(p.name for p in folder.iterdir() if p.is_file())
        want = sorted([*CORPUS_FILES, *(f"{j}-{k}-of-{m}.json" for k in range(1, m + 1) for j in ("plan", "run"))])
        check(top == want, f"{label}, top level: targets.parquet, the digest, {m} plans and {m} run jsons, nothing else")
    check(len(shard_pieces["single run"][1]) > 1, f"the single run has several pieces ({len(shard_pieces['single run'][1])})")

    def read(folder: Path, table: str, files: list[str]) -> pl.DataFrame:
        return pl.concat([pl.read_parquet(folder / table / f) for f in files])

    for table, key in TABLES.items():
        one = read(single, table, shard_pieces["single run"][1])
        shards = []
        for k, files in shard_pieces[f"{n} shards"].items():
            frames = [pl.read_parquet(sharded / table / f) for f in files]
            df = pl.concat(frames)
            ids = df["board_id"].cast(pl.Int64)
            in_order = all(
                a["board_id"].max() < b["board_id"].min() for a, b in zip(frames, frames[1:]) if a.height and b.height
            )
            check(
                df.height > 0 and bool(((ids - (k - 1)) % n == 0).all()) and in_order,
                f"{table} shard {k}: {df.height} rows in {len(frames)} pieces, all of boards ≡ {k - 1} mod {n}, pieces in order",
            )
            shards.append(df)
        union = pl.concat(shards).sort(key)
        same = union.schema == one.schema and union.equals(one.sort(key), null_equal=True)
        check(same, f"{table}: union of {n} shards ({union.height} rows) = single run ({one.height} rows)")

    key = ["group", "target"]

    def added(df: pl.DataFrame) -> pl.DataFrame:
        values = [c for c in df.columns if c not in key]
        return df.group_by(key).agg([pl.col(c).sum().cast(df.schema[c]) for c in values]).select(df.columns).sort(key)

    one = added(read(single, "sums", shard_pieces["single run"][1]))
    all_shards = added(
        pl.concat([read(sharded, "sums", files) for files in shard_pieces[f"{n} shards"].values()])
    )
    check(
        all_shards.equals(one, null_equal=True),
        f"sums: the shards' pieces added up ({all_shards.height} rows) = the single run's pieces added up",
    )

    for name in ("targets.parquet", "hardest.parquet", "tallies.parquet"):
        a, b = (single / name).read_bytes(), (sharded / name).read_bytes()
        check(a == b, f"{name}: byte-identical ({len(b)} bytes)")

    print(f"{failures} failed" if failures else "every table of the shards equals the single run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
