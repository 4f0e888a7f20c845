"""`digits-lab serve` as OpenRLHF 0.11.2's remote reward model (`--reward.remote_url
http://…/get_reward`), called by OpenRLHF's own code: its prompt dataset's
`preprocess_data` makes each prompt and label from a `generate` row (`--data.input_key
prompt --data.label_key ground_truth`, with and without `--data.apply_chat_template`), and
its rollout executor's HTTP client, `SingleTurnAgentExecutor._fetch_rewards_via_http`,
posts `{"query": [prompt + response], "prompts", "labels"}` and reads the reply.

OpenRLHF is installed with --no-deps (python/requirements-stacks.txt): its requirements pin
GPU builds (deepspeed, flash-attn) that neither the client nor the dataset code imports.

The server listens on 127.0.0.1 on a free port, serves only these requests, and is stopped
(SIGTERM, then SIGKILL after 10 s) when the module's tests end."""

from __future__ import annotations

import ast
import asyncio
import importlib.util
import json
import re
import subprocess
import threading
from pathlib import Path

import pytest
from openrlhf.datasets.prompts_dataset import preprocess_data
from openrlhf.utils.agent import SingleTurnAgentExecutor

import _tiny
from _sets import RuleSet, answers
from digits_lab_testing import ROOT, binary


@pytest.fixture(scope="module")
def server():
    """The server's `/get_reward` address, read from the line it prints when it listens."""
    proc = subprocess.Popen(
        [str(binary()), "serve", "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(30)
    try:
        found = re.search(r"listening on (http://\S+)", line[0] if line else "")
        assert found, f"no address line from digits-lab serve: {line!r}, {proc.poll()}"
        yield found.group(1).rstrip("/") + "/get_reward"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def fetch(url: str, queries: list[str], prompts: list[str], labels: list) -> list[float]:
    """OpenRLHF's client, as its rollout calls it (here with the whole set in one request)."""
    executor = SingleTurnAgentExecutor(remote_rm_url=url)
    [reply] = asyncio.run(executor._fetch_rewards_via_http(queries, prompts, labels))
    assert len(reply["rewards"]) == len(reply["scores"]) == len(queries), reply
    # `scores` (what OpenRLHF's executor keeps when given) say solved or not.
    assert reply["scores"] == [1.0 if r == 1.0 else 0.0 for r in reply["rewards"]], reply
    assert isinstance(reply.get("extra_logs", {}), dict), reply
    return reply["rewards"]


@pytest.mark.parametrize("chat", [False, True], ids=["plain", "chat-template"])
@pytest.mark.parametrize("label_as", ["object", "json-text"])
def test_get_reward_through_openrlhf_client(server: str, rule_set: RuleSet, chat: bool, label_as: str) -> None:
    tok = _tiny.tokenizer([r["prompt"] for r in rule_set.rows]) if chat else None

    def apply(text, **kw):
        return tok.apply_chat_template([{"role": "user", "content": text}], **kw)

    made = [
        preprocess_data(row, None, "prompt", "ground_truth", apply if chat else None) for row in rule_set.rows
    ]
    prompts = [p for p, _ in made]
    labels = [label if label_as == "object" else json.dumps(label) for _, label in made]
    end = tok.eos_token if chat else ""
    given = [answers(row) for row in rule_set.rows]

    def rewards(replies: list[str]) -> list[float]:
        return fetch(server, [p + r + end for p, r in zip(prompts, replies)], prompts, labels)

    got = rewards([a.reference for a in given])
    bad = [(r["numbers"], r["target"], r["solution"]) for r, s in zip(rule_set.rows, got) if s != 1.0]
    assert bad == [], f"{len(bad)} of {len(got)} references not 1.0 through serve: {bad[:3]}"
    for k in range(max(len(a.wrong) for a in given)):
        got = rewards([a.wrong[min(k, len(a.wrong) - 1)] for a in given])
        assert all(0.0 <= s < 1.0 for s in got), got
    assert rewards([a.empty for a in given]) == [0.0] * len(given)


def test_docs_give_openrlhfs_own_flags() -> None:
    """Every flag of the OpenRLHF command in docs/SERVE.md and FOR-MODELS.md is one that 0.11.2's
    `openrlhf.cli.train_ppo_ray` defines: its parser's `add_argument` calls, read from the
    installed source (the module cannot be imported here: it imports vLLM)."""
    [folder] = importlib.util.find_spec("openrlhf").submodule_search_locations
    source = (Path(folder) / "cli" / "train_ppo_ray.py").read_text()
    defined = {
        node.args[0].value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and getattr(node.func, "attr", None) == "add_argument"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }
    assert "--reward.remote_url" in defined, sorted(defined)[:20]
    for page in ("SERVE.md", "FOR-MODELS.md"):
        docs = (ROOT / "docs" / page).read_text()
        command = re.search(r"python -m openrlhf\.cli\.train_ppo_ray(?:[^\n]*\\\n)*[^\n]*", docs)
        assert command, f"docs/{page} has no train_ppo_ray command"
        given = set(re.findall(r"(?<!\S)(--[\w.]+)", command.group(0)))
        assert given, command.group(0)
        wrong = sorted(given - defined)
        assert wrong == [], f"docs/{page}: not flags of OpenRLHF 0.11.2's train_ppo_ray: {wrong}"
