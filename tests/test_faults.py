"""Provider faults, against the fake provider: every fault x both wires x streaming and not.

Two levels, one table (FAULTS):

- the turn (``run_turn`` + ``ModelClient``, what the page's worker and the CLI
  both run): the turn ends the way the fault calls for, with ONE message that
  says what happened and what to do, never the key; retries happen only for
  the statuses where waiting can help, and are bounded (the number of requests
  is exact); the conversation is left valid, so the same question asked again
  goes through (the fake checks every request's pairing and types);
- the CLI as a person runs it (a subprocess per case, run concurrently): exit
  status 2 and one ``error:`` line on stderr for a failed turn, 0 for a
  recovered one; no traceback, no key anywhere in the output.

The page's side of the same faults is tests/test_page_faults.py.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from fake_provider import FakeProvider, error, posts, reply, tool_results
from fake_provider import provider_row as provider

from agent_py.loop import run_turn
from agent_py.model import ModelClient
from agent_py.tools import Tool

ROOT = Path(__file__).resolve().parent.parent
KEY = "sk-fault-SECRET-5a1e7c"
TIMEOUT = 1.5  # seconds: what the hang cases wait before giving up
WHAT_TO_DO = ("Ask again", "ask again", "Check ", "Wait ")


@dataclass(frozen=True)
class Fault:
    script: list  # what the fake answers, one item per request
    says: str  # a phrase the visitor's one message must contain
    requests: int  # POSTs the fake must see: retries are bounded and happen only where they help
    ends: str = "error"  # or "answer": the turn recovers
    modes: tuple = (True, False)  # streaming, whole
    refused: bool = False  # nothing listens at the base URL
    wires: tuple = ("openai", "anthropic")
    result: tuple = ()  # for recovered turns: the tool result the model was sent holds one of these


def _cut(after_events: int, **kw) -> dict:
    return {**reply(**kw), "fault": "cut", "after": after_events}


FAULTS: dict[str, Fault] = {
    "401": Fault([error(401)], "rejected the API key (401)", 1),
    "403": Fault([error(403)], "refused this key access (403)", 1),
    "429 retry-after": Fault([error(429, retry_after="0")] * 3, "rate limiting this key (429)", 3),
    "429": Fault([error(429)] * 3, "rate limiting this key (429)", 3),
    "500": Fault([error(500)] * 3, "server error (500)", 3),
    "502": Fault([error(502)] * 3, "server error (502)", 3),
    "503": Fault([error(503)] * 3, "(503). Ask again in a minute", 3),
    "529 overloaded": Fault([error(529)] * 3, "overloaded right now (529)", 3),
    "429 then fine": Fault([error(429, retry_after="0"), reply("Fine.")], "Fine.", 2, ends="answer"),
    "connection refused": Fault([], "could not be reached at", 0, refused=True),
    "hang": Fault([{"fault": "hang"}], f"did not answer in time (no response within {TIMEOUT:g} s)", 1),
    "not JSON": Fault([{"fault": "not_json"}], "not JSON", 1),
    "dropped": Fault([{"fault": "drop"}], "closed the connection before the answer was complete", 1),
    "stream cut in text": Fault([_cut(4, text="The 1998 Yankees won 114 games, a record.", chunks=6)],
                                "stopped sending in the middle of the answer", 1, modes=(True,)),
    "stream cut in tool arguments": Fault([_cut(5, calls=[("add", {"a": 20, "b": 30})])],
                                          "stopped sending in the middle of the answer", 1, modes=(True,)),
    "chunked stream cut": Fault([{**_cut(4, text="The 1998 Yankees won 114 games.", chunks=6), "fault": "cut_chunk"}],
                                "closed the connection before the answer was complete", 1, modes=(True,)),
    "text cut by token limit": Fault([reply("The answer is fi", stop="length")],
                                     "(The answer was cut off by the model's output limit.)", 1, ends="answer"),
    "tool arguments cut by token limit": Fault(
        [reply("", [("add", {"a": 2, "b": 3})], stop="length", raw_args={0: '{"a": 2, "b'}), reply("Sorry.")],
        # a whole Anthropic reply always carries an object, so its cut arguments arrive as {}
        "Sorry.", 2, ends="answer", result=("cut off by the output token limit", "missing required parameter 'a'")),
    "unknown tool": Fault([reply("", [("fly", {})]), reply("I can't fly.")], "I can't fly.", 2, ends="answer",
                          result=("unknown tool 'fly'. Valid tools: add, now.",)),
}

def _case(name: str, wire: str, stream: bool):
    return pytest.param(name, wire, stream, id=f"{name}-{wire}-{'stream' if stream else 'whole'}")


CASES = [_case(name, wire, stream) for name, fault in FAULTS.items() for wire in fault.wires for stream in fault.modes]
# The CLI says each fault as the loop reports it, whatever the wire: each fault once in a terminal, the wires
# and modes taken in turn (every combination of each is run above, in the loop), a process each.
CLI_CASES = [_case(name, fault.wires[i % len(fault.wires)], fault.modes[i // 2 % len(fault.modes)])
             for i, (name, fault) in enumerate(FAULTS.items())]

TOOLS = [
    Tool("add", "Returns a + b. Use it for sums.",
         {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
          "required": ["a", "b"], "additionalProperties": False}, lambda a, b: str(a + b)),
    Tool("now", "Returns the time. Use it for the time.", {"type": "object", "properties": {}}, lambda: "noon"),
]


def closed_port_url() -> str:
    """A base URL where nothing listens (connection refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.fixture
def fake():
    server = FakeProvider()
    yield server
    server.close()


# ---------------------------------------------------------------- the turn


@pytest.mark.parametrize("name,wire,stream", CASES)
def test_fault_in_a_turn(fake, name, wire, stream):
    fault = FAULTS[name]
    fake.script(*fault.script)
    waits: list[float] = []

    async def sleep(seconds):  # the backoff still happens, only shorter: its lengths are recorded
        waits.append(seconds)
        await asyncio.sleep(0)

    base = closed_port_url() if fault.refused else fake.base_url(wire)
    model = ModelClient(provider(wire, base), "test-model", KEY, stream=stream, timeout=TIMEOUT, backoff=0.01,
                        sleep=sleep)
    history: list[dict] = []
    shown: list[str] = []
    started = time.monotonic()
    turn = asyncio.run(run_turn(model, TOOLS, "sys", history, "What is 20 + 30?", on_text=shown.append))
    elapsed = time.monotonic() - started

    assert turn["stopped"] == fault.ends, turn["answer"]
    assert fault.says in turn["answer"]
    assert len(posts(fake)) == fault.requests  # bounded retries, and none where they cannot help
    assert len(waits) == max(0, fault.requests - 1) if fault.ends == "error" else True
    assert all(w <= 4.0 for w in waits)
    assert elapsed < TIMEOUT + 3
    if fault.ends == "error":
        message = turn["answer"]
        assert message.startswith("FakeAI ") and "\n" not in message and "Traceback" not in message
        assert any(do in message for do in WHAT_TO_DO)  # what to do about it
        assert history == []  # nothing half-done is kept: the question can simply be asked again
    else:
        assert [m["role"] for m in history][0] == "user" and history[-1]["role"] == "assistant"
    if fault.result:
        sent = tool_results(posts(fake)[-1])[0]
        assert sent.startswith("error: ") and any(phrase in sent for phrase in fault.result), sent
    if fault.refused:
        assert "Start the fake server first." in turn["answer"]  # the provider's setup hint
    assert KEY not in turn["answer"] + "".join(shown)

    # The next question works: the fake refuses a request with a dangling call or a bad shape.
    fake.problems.clear()
    fake.script(reply("It is noon."))
    again = ModelClient(provider(wire, fake.base_url(wire)), "test-model", KEY, stream=stream, timeout=TIMEOUT)
    follow = asyncio.run(run_turn(again, TOOLS, "sys", history, "What is 20 + 30?"))
    assert follow["stopped"] == "answer" and follow["answer"] == "It is noon."
    assert fake.problems == []


def test_a_key_the_provider_echoes_is_scrubbed(fake):
    fake.script(error(401, message=f"Incorrect API key provided: {KEY}. Find yours at example.com."))
    model = ModelClient(provider("openai", fake.base_url("openai")), "test-model", KEY, stream=True)
    turn = asyncio.run(run_turn(model, TOOLS, "sys", [], "hi"))
    assert turn["stopped"] == "error" and KEY not in turn["answer"] and "[key]" in turn["answer"]


# ---------------------------------------------------------------- the CLI


@dataclass
class CliRun:
    returncode: int
    stdout: str
    stderr: str
    posts: int
    problems: list = field(default_factory=list)


def _run_cli(name: str, wire: str, stream: bool) -> CliRun:
    fault = FAULTS[name]
    fake = FakeProvider()
    try:
        fake.script(*fault.script)
        base = closed_port_url() if fault.refused else fake.base_url(wire)
        pid = "openai" if wire == "openai" else "anthropic"
        env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
        env["AGENT_API_KEY"] = KEY
        args = [sys.executable, "-m", "agent_py", "ask", "What is 20 + 30?", "--provider", pid,
                "--base-url", base, "--timeout", str(TIMEOUT), *([] if stream else ["--no-stream"])]
        done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
        return CliRun(done.returncode, done.stdout, done.stderr, len(posts(fake)), list(fake.problems))
    finally:
        fake.close()


@pytest.fixture(scope="module")
def cli_runs() -> dict[tuple, CliRun]:
    """Every case through the CLI, eight at a time (the backoff waits overlap)."""
    keys = [tuple(p.values) for p in CLI_CASES]
    with ThreadPoolExecutor(max_workers=8) as pool:
        return dict(zip(keys, pool.map(lambda k: _run_cli(*k), keys)))


# The CLI runs the real baseball tools, so a recovered turn's tool result differs; the message does not.
@pytest.mark.parametrize("name,wire,stream", CLI_CASES)
def test_fault_in_the_cli(cli_runs, name, wire, stream):
    fault = FAULTS[name]
    run = cli_runs[(name, wire, stream)]
    assert "Traceback" not in run.stderr + run.stdout
    assert KEY not in run.stderr + run.stdout
    assert run.posts == fault.requests and run.problems == []
    if fault.ends == "error":
        assert run.returncode == 2
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1, run.stderr  # one clear message
        provider_label = "OpenAI" if wire == "openai" else "Anthropic"
        assert lines[0].startswith(f"error: {provider_label} ") and fault.says in lines[0]
    else:
        assert run.returncode == 0, run.stderr
        assert fault.says in run.stdout
