"""`scan` reads what `analyze` wrote, as DuckDB reads it; `analyze` from Python writes what
the command writes."""

from __future__ import annotations

import duckdb
import polars as pl
import pytest

import digits_lab as dl


def test_scan_countdown_puzzles_equals_duckdb(data) -> None:
    got = dl.scan("countdown", "puzzles", data).sort("board_id", "target").collect()
    glob = str(data / "countdown" / "puzzles" / "*.parquet")
    expected = duckdb.sql(f"SELECT * FROM read_parquet('{glob}') ORDER BY board_id, target").pl()
    assert got.height == 13_243 * 900
    assert got.columns == expected.columns
    assert got.equals(expected)


@pytest.mark.parametrize("table", ["boards", "unique", "sums", "targets"])
def test_every_table_scans(data, table) -> None:
    frame = dl.scan("24", table, data).collect()
    assert frame.height > 0
    path = data / "24" / ("targets.parquet" if table == "targets" else f"{table}/*.parquet")
    assert frame.equals(pl.read_parquet(path))


def test_missing_tables_are_refused(data, tmp_path) -> None:
    with pytest.raises(dl.DigitsLabError, match="no tables of `chess`"):
        dl.scan("chess", "puzzles", data)
    with pytest.raises(dl.DigitsLabError, match="no table `answers`"):
        dl.scan("24", "answers", data)
    with pytest.raises(dl.DigitsLabError, match="no `phase` table"):
        dl.scan("24", "phase", tmp_path)


def test_analyze_from_python_writes_the_commands_tables(cli, tmp_path) -> None:
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    summary = dl.analyze("make10", ours, quiet=True)
    done = cli.run("analyze", "--corpus", "make10", "--out", str(theirs), "--quiet", "--no-report")
    assert done.returncode == 0, done.stderr
    assert summary["make10"]["puzzles"] > 0
    for table in ("boards", "puzzles", "unique", "targets"):
        assert dl.scan("make10", table, ours).collect().equals(dl.scan("make10", table, theirs).collect())


def test_analyze_refuses_with_the_commands_message(cli, tmp_path) -> None:
    with pytest.raises(dl.DigitsLabError) as raised:
        dl.analyze("chess", tmp_path, quiet=True)
    assert str(raised.value) == cli.error("analyze", "--corpus", "chess", "--out", str(tmp_path), "--quiet", "--no-report")
