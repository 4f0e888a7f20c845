"""What the tests share: the command line (the binary built from the same source, whose
output the package must equal) and a data folder of tables written by `analyze`."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from digits_lab_testing import binary

import digits_lab as dl


class Cli:
    """The `digits-lab` command, run as a subprocess."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            pytest.exit(f"no digits-lab binary at {path}: `cargo build --release` or set DIGITS_LAB_BIN", 2)
        self.path = path

    def run(self, *words: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.path), *words], capture_output=True, text=True, check=False)

    def json(self, *words: str) -> object:
        done = self.run(*words)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def error(self, *words: str) -> str:
        """The command's one-line error, `error: ` removed; fails unless it refuses."""
        done = self.run(*words)
        assert done.returncode != 0, f"digits-lab {' '.join(words)} succeeded"
        lines = done.stderr.splitlines()
        assert len(lines) == 1, done.stderr
        assert lines[0].startswith("error: "), lines[0]
        return lines[0].removeprefix("error: ")


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(binary())


@pytest.fixture(scope="session")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tables of `countdown`, `24` and `make10`: `DIGITS_LAB_DATA` when it has them (CI's
    folder), else written now by `digits_lab.analyze` (about a minute on two cores)."""
    given = os.environ.get("DIGITS_LAB_DATA")
    corpora = ("countdown", "24", "make10")
    if given and all((Path(given) / c / "targets.parquet").is_file() for c in corpora):
        return Path(given)
    out = tmp_path_factory.mktemp("data")
    dl.analyze(",".join(corpora), out, quiet=True)
    return out
