"""The tests' fake provider (tests/fake_provider.py), timing how long it spends on each request.

``timed_fake()`` returns a ``FakeProvider`` whose ``timings`` list gets the
server-side milliseconds of every request it handles (CORS preflights
included): from the request's arrival to its response's last write. A loop step's
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
            self.fake.handler_timings.append((time.perf_counter() - started) * 1000)
    return run


def timed_fake() -> FakeProvider:
    """The fake, timing each request (``timings``) and each handler (``handler_timings``).

    A request's time is all the server's: from its arrival (the request line
    read) through parsing and the handler to the start of the last write of
    its response (``connections`` has the same as (began at, ms)).
    ``handler_timings`` is only the ``do_POST``/``do_OPTIONS`` part (kept for
    comparison).

    The clock never runs while the client is not waiting on the server, so
    the server's time fits inside the client's round trip: the time a
    connection is open with no request on it (opened ahead, as Chromium does,
    or kept alive between requests) is not counted, and the clock stops just
    before the last write, not after: once the write has released the GIL,
    this thread can wait a switch interval (5 ms) for it behind the bench's
    other threads, while the client already has the whole response.
    """
    fake = FakeProvider()
    fake.timings = []  # ms per request, in the order they ended
    fake.connections = []  # the same as (began at, ms)
    fake.handler_timings = []  # ms per request, inside do_POST / do_OPTIONS

    class TimedWriter:
        def __init__(self, raw):
            self.raw, self.last = raw, None

        def write(self, data):
            self.last = time.perf_counter()
            return self.raw.write(data)

        def __getattr__(self, name):
            return getattr(self.raw, name)

    def setup(self) -> None:
        handler.setup(self)
        self.wfile = TimedWriter(self.wfile)

    def parse_request(self) -> bool:
        self.began = time.perf_counter()  # the request line has just been read
        return handler.parse_request(self)

    def handle_one_request(self) -> None:
        self.began, self.wfile.last = None, None
        handler.handle_one_request(self)
        if self.began is not None and self.wfile.last is not None:
            ms = (self.wfile.last - self.began) * 1000
            fake.connections.append((self.began, ms))
            fake.timings.append(ms)  # last: server_ms waits for this one

    handler = fake.server.RequestHandlerClass
    fake.server.RequestHandlerClass = type("TimedHandler", (handler,), {
        "setup": setup, "parse_request": parse_request, "handle_one_request": handle_one_request,
        "do_POST": _timed(handler.do_POST), "do_OPTIONS": _timed(handler.do_OPTIONS)})
    return fake


def server_ms(fake: FakeProvider, mark: int) -> tuple[float, int]:
    """The server's ms and request count since ``mark`` (a length of ``fake.timings``), once every
    handled request is timed (that ends just after the client has its response)."""
    deadline = time.monotonic() + 5.0
    while len(fake.timings) < len(fake.handler_timings) and time.monotonic() < deadline:
        time.sleep(0.001)
    return sum(fake.timings[mark:]), len(fake.timings) - mark
