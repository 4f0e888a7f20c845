"""The sets the tier scores: one per rule set `generate` can write, made by the binary itself
(`DIGITS_LAB_BIN`), and the answers every test gives each row: its reference, wrong answers
and no answer."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

from digits_lab_testing import binary

#: Puzzles a set.
ROWS = 12


def generate(*words: str) -> str:
    """`digits-lab generate WORDS --quiet`'s standard output; fails the test if it fails."""
    done = subprocess.run(
        [str(binary()), "generate", "--quiet", *words], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"digits-lab generate {' '.join(words)}: {done.stderr}"
    return done.stdout


@dataclass
class Answers:
    """One row's answers, each as a model's whole reply."""

    reference: str
    wrong: list[str]
    empty: str


def answers(row: dict) -> Answers:
    """The reference (the set's `solution` in `<answer>` tags), wrong answers (on a solvable
    puzzle the reference plus one, whose value is off by one, and "no solution"; on one with
    no solution the sum of its numbers, which cannot make the target), and a reply with no
    answer in it."""
    solution = row["solution"]
    if row.get("solvable", True):
        wrong = [f"({solution}) + 1", "no solution"]
    else:
        assert solution == "no solution", row
        wrong = [" + ".join(str(n) for n in row["numbers"])]
    return Answers(
        reference=f"Let me think.\n<answer>{solution}</answer>",
        wrong=[f"<answer>{w}</answer>" for w in wrong],
        empty="I do not know.",
    )


class RuleSet:
    """One rule set: `generate`'s flags, its rows as JSON lines (with their references), and
    the same puzzles in any dataset format, written on demand."""

    def __init__(self, name: str, flags: list[str], folder: Path) -> None:
        self.name, self.flags, self.folder = name, flags, folder
        self.args = [*flags, "--count", str(ROWS), "--seed", "63"]
        self.rows = [json.loads(line) for line in generate(*self.args, "--format", "jsonl").splitlines()]
        assert len(self.rows) == ROWS, (name, len(self.rows))
        self.by_prompt = {row["prompt"]: row for row in self.rows}

    def write(self, fmt: str, *extra: str) -> Path:
        """The set in `--format fmt` (with `extra` flags), written once under the folder: a
        file for `jsonl` and `parquet`, a folder for `hf` and `verl`."""
        # The set's own name in the file's: offline, `datasets` finds a cached set by it.
        name = "_".join([self.name, fmt, *extra]).replace("-", "")
        out = self.folder / (name + (f".{fmt}" if fmt in ("jsonl", "parquet") else ""))
        if not out.exists():
            generate(*self.args, *extra, "--format", fmt, "--out", str(out))
        return out

    def row(self, prompt: str | list) -> dict:
        """The row whose prompt this is: its text, or a chat whose last user message holds it."""
        if not isinstance(prompt, str):
            prompt = [m for m in prompt if m["role"] == "user"][-1]["content"]
        return self.by_prompt[prompt]
