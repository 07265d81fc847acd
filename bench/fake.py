"""The tests' fake provider (tests/fake_provider.py), timing how long it spends on each request.

``timed_fake()`` returns a ``FakeProvider`` whose ``timings`` list gets the
server-side milliseconds of every request it handles (CORS preflights
included): from accepting the connection (or, on one opened ahead, from the
request's arrival) to closing it (the stdlib server's thread start and
request parsing are the server's time too). A loop step's
product overhead is then the turn's total time minus these. ``TWO_STEP``
scripts a typical turn: one tool call, then a streamed two-sentence answer.
"""

from __future__ import annotations

import select
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
            self.fake.handled.add(id(self.request))
    return run


def timed_fake() -> FakeProvider:
    """The fake, timing each connection from accept to close (``timings``) and each handler (``handler_timings``).

    A connection's time is all the server's: the stdlib server starting a
    thread for it, parsing the request line and headers, the handler, and
    closing. ``handler_timings`` is only the ``do_POST``/``do_OPTIONS`` part
    (what the benchmark counted before; kept for comparison). A connection
    closed with no request handled (Chromium opens spare ones) is not timed.

    The clock never runs while the client is not waiting on the server, so
    the server's time fits inside the client's round trip:
    - it stops just before the close that ends the response, not after: once
      the close has released the GIL, this thread can wait a switch interval
      (5 ms) for it behind the bench's other threads;
    - on a connection Chromium opened before it had a request for it, it
      starts when the request arrives, not at the accept.
    """
    fake = FakeProvider()
    fake.handled = set()  # ids of the connections a request was handled on, until they close
    fake.timings = []  # ms per request, accept (or the request's arrival) to the close, in the order they closed
    fake.connections = []  # the same as (began at, ms): the order their requests came
    fake.handler_timings = []  # ms per request, inside do_POST / do_OPTIONS
    server = fake.server
    started: dict[int, float] = {}  # connection id -> when the server's time for it began
    idle: set[int] = set()  # connections that had no request yet when their thread began

    def setup(self) -> None:
        handler.setup(self)
        if not select.select([self.connection], [], [], 0)[0]:
            idle.add(id(self.request))

    def parse_request(self) -> bool:
        if id(self.request) in idle:  # the request line has just arrived
            idle.discard(id(self.request))
            started[id(self.request)] = time.perf_counter()
        return handler.parse_request(self)

    handler = server.RequestHandlerClass
    server.RequestHandlerClass = type("TimedHandler", (handler,), {
        "setup": setup, "parse_request": parse_request,
        "do_POST": _timed(handler.do_POST), "do_OPTIONS": _timed(handler.do_OPTIONS)})
    process_request, shutdown_request = server.process_request, server.shutdown_request

    def timed_process_request(request, client_address) -> None:
        started[id(request)] = time.perf_counter()
        process_request(request, client_address)

    def timed_shutdown_request(request) -> None:
        closing = time.perf_counter()
        try:
            shutdown_request(request)
        finally:
            idle.discard(id(request))
            began = started.pop(id(request), None)
            if began is not None and id(request) in fake.handled:
                fake.handled.discard(id(request))
                ms = (closing - began) * 1000
                fake.connections.append((began, ms))
                fake.timings.append(ms)  # last: server_ms waits for this one

    server.process_request = timed_process_request
    server.shutdown_request = timed_shutdown_request
    return fake


def server_ms(fake: FakeProvider, mark: int) -> tuple[float, int]:
    """The server's ms and request count since ``mark`` (a length of ``fake.timings``), once every
    handled request's connection is closed (the close is timed just after the client sees the end)."""
    deadline = time.monotonic() + 5.0
    while len(fake.timings) < len(fake.handler_timings) and time.monotonic() < deadline:
        time.sleep(0.001)
    return sum(fake.timings[mark:]), len(fake.timings) - mark
