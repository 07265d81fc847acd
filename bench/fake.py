"""The tests' fake provider (tests/fake_provider.py), timing how long it spends on each request.

``timed_fake()`` returns a ``FakeProvider`` whose ``timings`` list gets the
server-side milliseconds of every request it handles (CORS preflights
included): from the handler starting to the last byte written. A loop step's
product overhead is then the turn's total time minus these. ``TWO_STEP``
scripts a typical turn: one tool call, then a streamed two-sentence answer.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from fake_provider import FakeProvider, reply  # noqa: E402

QUESTION = "Who won the World Series in 2016?"
ANSWER = "The Chicago Cubs won the 2016 World Series. They beat the Cleveland Indians four games to three."


def two_step(chunks: int = 8) -> list[dict]:
    """A typical real-model turn: call `season`, then answer in two streamed sentences."""
    return [reply(calls=[("season", {"season": 2016})], usage=(700, 20)),
            reply(ANSWER, usage=(1000, 25), chunks=chunks)]


def _timed(method):
    def run(self) -> None:
        started = time.perf_counter()
        try:
            method(self)
        finally:
            self.fake.timings.append((time.perf_counter() - started) * 1000)
    return run


def timed_fake() -> FakeProvider:
    fake = FakeProvider()
    fake.timings = []  # ms per request handled
    handler = fake.server.RequestHandlerClass
    fake.server.RequestHandlerClass = type("TimedHandler", (handler,), {
        "do_POST": _timed(handler.do_POST), "do_OPTIONS": _timed(handler.do_OPTIONS)})
    return fake
