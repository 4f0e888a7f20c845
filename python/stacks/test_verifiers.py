"""verifiers 0.4.0 (its v1 API): the environment from `digits_lab.verifiers_env.load_environment`
(verifiers' own `resolve_env_config` and `load_environment`, which import the taskset
`digits-lab-env` by its id) over a `generate` set; each task scores, offline, a trace whose
reply is a sampled assistant message, as a plain-chat rollout records it (`Task.score`, the
call verifiers makes after a rollout: running one needs a model endpoint)."""

from __future__ import annotations

import asyncio

import verifiers.v1 as vf
from digits_lab.verifiers_env import load_environment

from _sets import RuleSet, answers


def trace(task, reply: str) -> vf.Trace:
    prompt = task.data.prompt
    messages = [vf.UserMessage(content=prompt)] if isinstance(prompt, str) else list(prompt)
    nodes = [vf.MessageNode(message=m, parent=i - 1 if i else None) for i, m in enumerate(messages)]
    nodes.append(vf.MessageNode(message=vf.AssistantMessage(content=reply), parent=len(nodes) - 1, sampled=True))
    return vf.Trace(
        task=vf.TraceTask(type=type(task).__name__, data=task.data),
        agent=vf.AgentInfo(config=vf.AgentConfig()),
        nodes=nodes,
    )


def score(task, reply: str) -> float:
    t = trace(task, reply)
    assert t.last_reply == reply.strip()
    asyncio.run(task.score(t))
    assert all(r is not None for r in t.rewards.values()), t.rewards
    return t.reward


def test_environment_scores_traces(rule_set: RuleSet) -> None:
    path = rule_set.write("jsonl")
    env = load_environment(path=str(path))
    assert isinstance(env, vf.Env)
    tasks = list(env.taskset)
    assert len(tasks) == len(rule_set.rows)
    bad = []
    for task in tasks:
        row = rule_set.row(task.data.prompt_text)
        a = answers(row)
        if score(task, a.reference) != 1.0:
            bad.append((row["numbers"], row["target"], row["solution"]))
        for wrong in a.wrong:
            assert 0.0 <= score(task, wrong) < 1.0, (row["numbers"], wrong)
        assert score(task, a.empty) == 0.0
    assert bad == [], f"{len(bad)} of {len(tasks)} references not 1.0 through verifiers: {bad[:3]}"
