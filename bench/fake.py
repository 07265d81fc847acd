"""The tests' fake provider (tests/fake_provider.py), timing how long it spends on each request.

``timed_fake()`` returns a ``FakeProvider`` that times every request it
handles (CORS preflights included): from the request's arrival to its
response's last write, kept in the request's record. A loop step's
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
            if self.record is not None:
                self.record["handler_ms"] = (time.perf_counter() - started) * 1000
    return run


def timed_fake() -> FakeProvider:
    """The fake, timing each request it records (in ``fake.requests``): ``server_ms`` and ``handler_ms``.

    A request's ``server_ms`` is all the server's: from its arrival (the
    request line read) through parsing and the handler to the start of the
    last write of its response. ``handler_ms`` is only the ``do_POST`` /
    ``do_OPTIONS`` part (kept for comparison).

    The clock never runs while the client is not waiting on the server, so
    the server's time fits inside the client's round trip: the time a
    connection is open with no request on it (opened ahead, as Chromium does,
    or kept alive between requests) is not counted, and the clock stops just
    before the last write, not after: once the write has released the GIL,
    this thread can wait a switch interval (5 ms) for it behind the bench's
    other threads, while the client already has the whole response.
    """
    fake = FakeProvider()

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
        self.began, self.wfile.last, self.record = None, None, None
        handler.handle_one_request(self)
        if self.record is not None and self.began is not None and self.wfile.last is not None:
            self.record["server_ms"] = (self.wfile.last - self.began) * 1000

    handler = fake.server.RequestHandlerClass
    fake.server.RequestHandlerClass = type("TimedHandler", (handler,), {
        "record": None, "setup": setup, "parse_request": parse_request, "handle_one_request": handle_one_request,
        "do_POST": _timed(handler.do_POST), "do_OPTIONS": _timed(handler.do_OPTIONS)})
    return fake


def server_times(fake: FakeProvider, mark: int) -> list[float]:
    """The server's ms for each request recorded since ``mark`` (a length of ``fake.requests``), in the
    order they came, once each is timed (that ends just after its client has the response)."""
    deadline = time.monotonic() + 5.0
    while any("server_ms" not in r for r in fake.requests[mark:]) and time.monotonic() < deadline:
        time.sleep(0.001)
    return [r["server_ms"] for r in fake.requests[mark:] if "server_ms" in r]


def server_ms(fake: FakeProvider, mark: int) -> tuple[float, int]:
    """The server's ms and request count since ``mark`` (a length of ``fake.requests``)."""
    times = server_times(fake, mark)
    return sum(times), len(times)
