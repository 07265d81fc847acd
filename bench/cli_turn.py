"""The CLI's per-step overhead: the real loop, model client and tools in CPython, against the fake provider.

``cli_turns(fake, runs)`` answers the typical two-step question ``runs``
times in this process on one event loop (streaming, as `chat` does by
default, and as it keeps one loop for a conversation), after one warm-up
turn that reads the data files. For each turn: the wall time of
``run_turn``, the time the fake server spent handling its requests, and the
difference per loop step: what the product adds around the model.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent_py import data  # noqa: E402
from baseball import TOOLS  # noqa: E402
from agent_py.loop import run_turn  # noqa: E402
from agent_py.model import ModelClient  # noqa: E402
from agent_py.providers import load_table  # noqa: E402
from fake import QUESTION, server_ms, two_step  # noqa: E402


def system_prompt() -> str:
    return yaml.safe_load((ROOT / "data" / "site.yaml").read_text(encoding="utf-8"))["system_prompt"]


def openai_row() -> dict:
    table = load_table(yaml.safe_load((ROOT / "data" / "providers.yaml").read_text(encoding="utf-8")))
    return table["openai"]


def one_turn(fake, system: str, provider: dict, loop: asyncio.AbstractEventLoop) -> dict:
    client = ModelClient(provider, provider["models"][0]["id"], "sk-bench-0000", fake.base_url("openai"), stream=True)
    fake.script(*two_step())
    mark = len(fake.requests)
    started = time.perf_counter()
    turn = loop.run_until_complete(run_turn(client, TOOLS, system, [], QUESTION))
    total = (time.perf_counter() - started) * 1000
    if turn["stopped"] != "answer":
        raise RuntimeError(f"the CLI turn did not answer: {turn['stopped']}: {turn['answer']}")
    server, _ = server_ms(fake, mark)
    steps = len(turn["steps"])
    return {"total_ms": total, "server_ms": server, "steps": steps, "overhead_per_step_ms": (total - server) / steps}


def cli_turns(fake, site_dir: Path, runs: int) -> list[dict]:
    data.configure(str(Path(site_dir) / "data"))
    system, provider = system_prompt(), openai_row()
    loop = asyncio.new_event_loop()  # one for all the turns, as `chat` keeps one for its conversation
    try:
        one_turn(fake, system, provider, loop)  # warm-up: imports and the first data read
        return [one_turn(fake, system, provider, loop) for _ in range(runs)]
    finally:
        loop.close()
