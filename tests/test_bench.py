"""The benchmark still works: `bench/run.py` end to end on a tiny scale, and its arithmetic.

One run of every measurement (bare and product boots, a second visit, two
demo questions, one model turn in the page, with and without DevTools on the
worker, one in the CLI, Python's side of it in Pyodide under Node, tokens)
against the session's built site. Timing targets are NOT asserted (they
would flake on a shared machine); what is asserted is that each figure was
measured, is consistent with the others, and lands in the table and the
JSON file.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from fake_provider import reply

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import report  # noqa: E402
from fake import ANSWER, server_ms, server_times, timed_fake  # noqa: E402

# A client in a process of its own: CORS preflights to the fake, each timed from before its send until its
# response is in (a 204: headers only), on connections opened 50 ms ahead of their first request and kept
# open 10 ms between requests; prints the round trips, ms.
CLIENT = """
import json, socket, sys, time
port, out = int(sys.argv[1]), []
for _ in range(2):
    sock = socket.create_connection(("127.0.0.1", port))
    time.sleep(0.05)
    for _ in range(3):
        t0 = time.perf_counter()
        sock.sendall(b"OPTIONS /v1/chat/completions HTTP/1.1\\r\\nHost: x\\r\\nOrigin: http://x\\r\\n\\r\\n")
        got = b""
        while not got.endswith(b"\\r\\n\\r\\n"):
            got += sock.recv(65536)
        out.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.01)
    sock.close()
print(json.dumps(out))
"""


def test_percentile_is_nearest_rank():
    values = list(range(1, 21))  # 1..20
    assert report.percentile(values, 50) == 10
    assert report.percentile(values, 95) == 19
    assert report.percentile(values, 100) == 20
    assert report.percentile([7.0], 95) == 7.0
    assert report.percentile([], 95) is None


def test_rows_compare_against_their_targets():
    assert report.Row("a", 199.9, "ms", ("<", 200)).status() == "ok"
    assert report.Row("a", 200.0, "ms", ("<", 200)).status() == "MISS"
    assert report.Row("a", 1.10, "x", ("<=", 1.10)).status() == "ok"
    assert report.Row("a", None, "ms", ("<", 200)).status() == "n/a"
    assert report.Row("a", 5, "ms").status() == ""
    assert report.Row("a", 300_000, "B").shown() == "300.0 kB"


@pytest.mark.browser
def test_the_fakes_time_fits_inside_the_clients_round_trip():
    """The server's time is taken off a page step, so it must never count time the client was not waiting
    on it: a connection open with no request on it (opened ahead, as Chromium does, or kept between
    requests), or the server's thread waiting for the GIL after its last write, behind a busy thread of
    the bench's (the cause of a floor below 0 in CI)."""
    import threading
    fake, busy = timed_fake(), threading.Event()

    def spin() -> None:
        while not busy.is_set():
            sum(range(1000))
    spinner = threading.Thread(target=spin, daemon=True)
    spinner.start()
    try:
        port = int(fake.url.rsplit(":", 1)[1])
        done = subprocess.run([sys.executable, "-c", CLIENT, str(port)], capture_output=True, text=True, timeout=60)
        client = json.loads(done.stdout)
    finally:
        busy.set()
        spinner.join()
        fake.close()
    server = server_times(fake, 0)
    assert len(server) == len(client) == 6
    assert all(0 < s < c for s, c in zip(server, client)), (server, client)


def test_a_requests_time_counts_in_the_turn_that_made_it():
    """The server may finish its bookkeeping for a request after its client has the answer and has moved
    on: that request's time is still its own, never the next turn's (a CLI turn once came out at less
    than its server time)."""
    fake = timed_fake()
    handler = fake.server.RequestHandlerClass
    post = handler.do_POST

    def late(self) -> None:
        post(self)
        time.sleep(0.05)  # after the response: the client has it and sends its next request

    handler.do_POST = late

    def ask() -> float:
        request = urllib.request.Request(fake.base_url("openai") + "/chat/completions", method="POST",
                                         data=b'{"model": "m", "messages": [{"role": "user", "content": "hi"}]}',
                                         headers={"authorization": "Bearer sk-0", "content-type": "application/json"})
        started = time.perf_counter()
        with urllib.request.urlopen(request) as answer:
            answer.read()
        return (time.perf_counter() - started) * 1000

    try:
        fake.script(reply("One."), reply("Two."))
        ask()
        mark = len(fake.requests)
        took = ask()
        total, count = server_ms(fake, mark)
    finally:
        fake.close()
    assert count == 1 and 0 < total < took
    assert server_times(fake, 0) == [r["server_ms"] for r in fake.requests] and len(fake.requests) == 2


def test_bench_runs_end_to_end_on_a_tiny_scale(site_dir, tmp_path):
    out = tmp_path / "latest.json"
    # A separate process, as `make bench` runs it: its own Playwright, whatever browser tests ran before.
    done = subprocess.run([sys.executable, str(BENCH / "run.py"), "--site", str(site_dir), "--runs", "1",
                           "--questions", "2", "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    printed = done.stdout
    saved = json.loads(out.read_text())
    figures, rows = saved["figures"], saved["rows"]

    # Boot: every clock reading is there and in order.
    boot = figures["boots"]["product"][0]
    assert 0 < boot["first_paint"] < boot["agent_ready"]
    assert 0 < boot["question_ready"] < boot["agent_ready"]
    assert boot["longtasks_supported"]
    assert figures["boots"]["bare_main"][0] > 0 and figures["boots"]["bare_worker"][0] > 0
    second = figures["boots"]["second_visit"][0]  # persistent profile, browser relaunched
    assert second["agent_ready"] > 0 and second["restored"] is True  # from the snapshot
    assert figures["boots"]["product"][0]["restored"] is False
    assert figures["boots"]["second_visit_otr"][0]["agent_ready"] > 0  # off the record, labelled
    offline = figures["boots"]["offline"][0]  # the network cut: the service worker's copy
    assert offline["agent_ready"] > 0 and offline["bytes"]["sent"] == 0
    assert all("Something went wrong" not in a["answer"] for a in offline["answers"])
    assert "74 wins" in offline["answers"][0]["answer"]

    # Bytes: the runtime came precompressed; a return visit fetches no runtime bytes.
    cats = boot["bytes"]["by_category"]
    assert 0 < cats["runtime"]["sent"] < cats["runtime"]["raw"]
    assert cats["agent"]["files"] == 1
    assert "runtime" not in figures["boots"]["second_visit"][0]["bytes"]["by_category"]
    assert "runtime" not in figures["boots"]["second_visit_otr"][0]["bytes"]["by_category"]

    # Turns: real answers, timed; the model turn made its two requests to the fake provider.
    demo = figures["turns"]["demo"]
    assert len(demo) == 2 and "Chicago Cubs" in demo[0]["answer"]
    assert all(t["ms"] > 0 for t in demo)
    model = figures["turns"]["model"]
    assert len(model) == 4 and all(t["answer"] == ANSWER for t in model)
    assert model[0]["server_ms"] > 0 and model[0]["ms"] > model[0]["server_ms"]
    assert model[0]["first_delta_to_speech"] is not None
    unwatched = figures["turns"]["model_unwatched"]  # the same turn, no DevTools on the worker
    assert len(unwatched) == 4 and all(t["answer"] == ANSWER and t["requests"] == 2 for t in unwatched), [
        (t["answer"], t["requests"]) for t in unwatched]
    assert all(t["ms"] > t["server_ms"] > 0 for t in unwatched)
    # The browser's own request, the floor under a page step, with and without DevTools. Each is a round
    # trip less the server's time for it, which fits inside it (test above): above 0. Under the suite's
    # load any of them may wait tens of ms for a core (once 36-155 ms, three of four, while the turns
    # before them took 24-42 ms), so the fastest is compared: below the fastest two-request turn.
    for bare, turns in ((figures["turns"]["bare_requests"], model),
                        (figures["turns"]["bare_requests_unwatched"], unwatched)):
        assert len(bare) == 4 and all(ms > 0 for ms in bare) and min(bare) < min(t["ms"] for t in turns)
    cli = figures["cli"][0]
    assert cli["steps"] == 2 and cli["total_ms"] > cli["server_ms"] > 0
    # Python's side of the same turn in the page's runtime (under Node, no network): part of a page turn.
    python_side = figures["pyodide"]
    assert len(python_side) == 20 and all(ms > 0 for ms in python_side)
    assert min(python_side) < min(t["ms"] - t["server_ms"] for t in unwatched)

    # Tokens: the parts add up (two messages of framing plus the reply's priming).
    first = figures["tokens"]["first_request"]
    assert first["total"] == first["system"] + first["tools"] + first["question"] + 9
    assert figures["tokens"]["cost_usd"]["typical_turn"] > 0

    # Every target is printed with a verdict, and saved with the same verdict.
    targeted = [r for r in rows if r["target"] is not None]
    assert len(targeted) == 15
    assert all(r["status"] in ("ok", "MISS") for r in targeted)
    for r in targeted:
        assert r["label"] in printed
    assert "agent-ready / bare Pyodide" in printed
    # The machine's state beside the figures, before and after: its load, its CPU, its wake-ups.
    for when in ("before", "after"):
        state = saved["machine"][when]
        assert len(state["load"]) == 3 and state["cpu_loop_ms"] > 0 and state["wakeup_us"] > 0
    assert printed.count("a round trip to another process") == 2

