"""What the stacks tier shares: the environment (offline: no hub, no telemetry; set before any
stack is imported), the binary, and a set per rule set `generate` can write (`_sets.py`).
`just test-stacks` runs the tier in the pinned environment of python/requirements-stacks.txt."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

# Hugging Face's caches in a folder of the session's own: offline, `datasets` would otherwise
# take a set from an earlier run's cache by its folder's name alone.
_home = tempfile.mkdtemp(prefix="digits-lab-stacks-hf-")
atexit.register(shutil.rmtree, _home, ignore_errors=True)
for key, value in {
    "HF_HOME": _home,
    "HF_HUB_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "WANDB_MODE": "disabled",
    "TOKENIZERS_PARALLELISM": "false",
    "RAY_USAGE_STATS_ENABLED": "0",
    "INSPECT_DISPLAY": "none",
}.items():
    os.environ[key] = value

from _sets import RuleSet  # noqa: E402
from digits_lab_testing import RULE_SETS, binary  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _binary() -> None:
    if not binary().is_file():
        pytest.exit(f"no digits-lab binary at {binary()}: `cargo build --release` or set DIGITS_LAB_BIN", 2)


_made: dict[str, RuleSet] = {}


@pytest.fixture(params=list(RULE_SETS))
def rule_set(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> RuleSet:
    """Each rule set in turn, its set made once a session."""
    name = request.param
    if name not in _made:
        _made[name] = RuleSet(name, RULE_SETS[name], tmp_path_factory.mktemp(f"set-{name}"))
    return _made[name]
