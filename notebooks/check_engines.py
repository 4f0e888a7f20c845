"""Runs the same questions on the Parquet tables with DuckDB SQL and with polars, and
asserts that both engines give identical answers (exit status 1 otherwise).

Usage: python notebooks/check_engines.py [DATA]   (DATA defaults to ./data)

The questions: solvable (board, target) pairs per target, puzzles with exactly one
`distinct` solution and the boards holding a given number (the `numbers` list column) in
every corpus present, the probability that a dealt 24-game hand
makes 24 (`24`, `24-nine`), and the mean `min_ops` and `difficulty` of the real NYT puzzles by
slot (`nyt`).
Corpora whose folder is missing are skipped with a line saying so.
"""

import sys
from pathlib import Path

import duckdb
import polars as pl

CORPORA = ["digits", "countdown", "24", "24-nine", "24-pow", "24-minus", "nyt", "make10", "krypto"]


def glob(data: Path, corpus: str, table: str) -> str:
    return str(data / corpus / table / "*.parquet")


def close(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))
    return a == b


def same(name: str, duck: list, polars: list) -> bool:
    ok = len(duck) == len(polars) and all(
        len(x) == len(y) and all(close(a, b) for a, b in zip(x, y)) for x, y in zip(duck, polars)
    )
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {len(duck)} rows")
    if not ok:
        for x, y in list(zip(duck, polars))[:5]:
            print(f"     duckdb {x}  polars {y}")
    return ok


def rows(df: pl.DataFrame) -> list:
    return [tuple(r) for r in df.iter_rows()]


def main() -> int:
    data = Path(sys.argv[1] if len(sys.argv) > 1 else "data")
    if not data.is_dir():
        print(f"error: data folder {data} does not exist", file=sys.stderr)
        return 2
    ok = True
    checked = 0
    for corpus in CORPORA:
        if not (data / corpus).is_dir():
            print(f"skip {corpus}: no folder {data / corpus}")
            continue
        puzzles = glob(data, corpus, "puzzles")
        p = pl.read_parquet(puzzles)

        duck = duckdb.sql(
            f"""SELECT target, count(*) FILTER (WHERE solvable) AS solvable, count(*) AS pairs
                FROM '{puzzles}' GROUP BY target ORDER BY target"""
        ).fetchall()
        pol = (
            p.group_by("target")
            .agg(pl.col("solvable").sum().cast(pl.Int64), pl.len().cast(pl.Int64))
            .sort("target")
        )
        ok &= same(f"{corpus}: solvable pairs per target", duck, rows(pol))

        duck = duckdb.sql(
            f"""SELECT count(*) FROM '{puzzles}' WHERE "distinct" = 1"""
        ).fetchall()
        pol = [(p.filter(pl.col("distinct") == 1).height,)]
        ok &= same(f"{corpus}: puzzles with one distinct solution", duck, pol)
        unique = glob(data, corpus, "unique")
        duck = duckdb.sql(f"SELECT count(*) FROM '{unique}'").fetchall()
        ok &= same(f"{corpus}: rows of the unique table", duck, pol)

        # The `numbers` list column: boards holding a 25 (a 9 for the 24-game corpora, whose
        # cards stop at 13, and make10's digits), and how many targets they reach in all.
        boards = glob(data, corpus, "boards")
        card = 9 if corpus.startswith("24") or corpus == "make10" else 25
        duck = duckdb.sql(
            f"""SELECT count(*), sum(targets_reached) FROM '{boards}'
                WHERE list_contains(numbers, {card})"""
        ).fetchall()
        b = pl.read_parquet(boards).filter(pl.col("numbers").list.contains(card))
        pol = [(b.height, b["targets_reached"].cast(pl.Int64).sum())]
        ok &= same(f"{corpus}: boards holding a {card} (list column `numbers`)", duck, pol)

        if corpus in ("24", "24-nine"):
            duck = duckdb.sql(
                f"""SELECT sum(b.weight) FROM '{boards}' b JOIN '{puzzles}' p USING (board_id)
                    WHERE p.target = 24 AND p.solvable"""
            ).fetchall()
            b = pl.read_parquet(boards)
            pol = [
                (
                    b.join(p.filter((pl.col("target") == 24) & pl.col("solvable")), on="board_id")[
                        "weight"
                    ].sum(),
                )
            ]
            ok &= same(f"{corpus}: probability that a dealt hand makes 24", duck, pol)

        if corpus == "nyt":
            boards = glob(data, corpus, "boards")
            duck = duckdb.sql(
                f"""SELECT b.slot, count(*), avg(p.min_ops), avg(p.difficulty)
                    FROM '{boards}' b JOIN '{puzzles}' p
                      ON p.board_id = b.board_id AND p.target = b.target
                    GROUP BY b.slot ORDER BY b.slot"""
            ).fetchall()
            b = pl.read_parquet(boards)
            pol = (
                b.join(p, on=["board_id", "target"])
                .group_by("slot")
                .agg(
                    pl.len().cast(pl.Int64),
                    pl.col("min_ops").cast(pl.Float64).mean(),
                    pl.col("difficulty").mean(),
                )
                .sort("slot")
            )
            ok &= same("nyt: real puzzles, mean min_ops and difficulty by slot", duck, rows(pol))
        checked += 1
    if checked == 0:
        print(f"error: no corpus folder under {data}", file=sys.stderr)
        return 2
    print("engines agree" if ok else "ENGINES DISAGREE")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
