"""Validates what `digits-lab solve --json`, `hardest --format json` and `generate --format
json` print against the schemas in docs/schema/ with the reference `jsonschema`
implementation (the integration test `json_schema` checks the same outputs with the keywords
those schemas use).

Usage: python notebooks/check_json.py BINARY DATA   (DATA: tables for `hardest`)
Exits 1 on the first output that does not match its schema.
"""

import json
import subprocess
import sys
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schema"

SOLVE = [
    ["765", "1", "3", "7", "10", "25", "50"],
    ["--all", "--no-moves", "415", "1", "2", "3", "4", "5", "6"],
    ["831", "1", "3", "7", "10", "25", "50"],
    ["--count", "--game", "countdown", "952", "25", "50", "75", "100", "3", "6"],
    ["--game", "24", "--all", "3", "3", "8", "8"],
    ["--game", "24", "--no-moves", "--target", "5", "13", "13", "13", "13"],
    ["--game", "24", "--unary-minus", "1", "2", "7", "7"],
    ["--game", "24", "--pow", "3", "4", "9", "10"],
    ["--game", "make10", "1", "1", "5", "8"],
]

GENERATE = [
    ["--day", "--seed", "7", "--all"],
    ["--game", "countdown", "--solutions", "1", "--count", "3", "--seed", "3"],
    ["--game", "24", "--unary-minus", "--targets", "24", "--count", "2", "--seed", "1"],
]


def main() -> int:
    binary, data = sys.argv[1], sys.argv[2]
    schemas = {p.name: json.loads(p.read_text()) for p in SCHEMAS.glob("*.schema.json")}
    registry = Registry().with_resources(
        (name, Resource.from_contents(s)) for name, s in schemas.items()
    )
    for s in schemas.values():
        Draft202012Validator.check_schema(s)
    runs = [("solve.schema.json", ["solve", "--json", *args]) for args in SOLVE]
    runs += [("generate.schema.json", ["generate", "--format", "json", *a]) for a in GENERATE]
    for corpus in ["24", "24-minus", "countdown", "nyt"]:
        args = ["hardest", "--data", data, "--corpus", corpus, "--convention", "expressions"]
        args += ["--format", "json", "--limit", "5"]
        if Path(data, corpus).is_dir():
            runs.append(("hardest.schema.json", args))
    for name, args in runs:
        out = subprocess.run([binary, *args], capture_output=True, text=True, check=True).stdout
        validator = Draft202012Validator(schemas[name], registry=registry)
        errors = list(validator.iter_errors(json.loads(out)))
        print(f"{'ok  ' if not errors else 'FAIL'} {name}: {' '.join(args[:6])}")
        for e in errors[:5]:
            print(f"     {e.json_path}: {e.message}")
        if errors:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
