"""The sql tool in the page, in real Pyodide in headless Chromium, with the fake provider calling it.

- Nothing of the database loads before the first question that needs it; then only some chunks of it
  (recorded: requests and bytes as sent).
- The bench's queries, called by the model in one step, answer exactly as in CPython.
- The trace shows the SQL as written (monospace, wrapped) and the rows as a table, raw JSON one click away;
  the conversation shows the rows as a small table.
- Offline (service worker on): chunks fetched before are read again from its cache by a new visit; a
  query that needs a chunk never fetched says plainly that it needs the network.
Run under `flock /tmp/browser.lock`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from fake_provider import FakeProvider, posts, reply, tool_results
from page_helpers import ANSWER_TIMEOUT, BOOT_TIMEOUT, answers, ask, last_answer, open_page, raw_json, trace, use_model
from playwright.sync_api import expect

from baseball import sql as sql_tool
from conftest_data import baseball_data  # noqa: F401  (a fixture)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.sql_queries import QUERIES  # noqa: E402

pytestmark = pytest.mark.browser

KEY = "sk-sql-test-1"
CHUNK = "/data/lahman/"


@pytest.fixture(scope="module")
def fake():
    server = FakeProvider()
    yield server
    server.close()


class Sent:
    """Every finished request's URL and body bytes as sent (encoded), from the context's events."""

    def __init__(self, context):
        self.rows: list[tuple[str, int]] = []
        context.on("requestfinished", self._done)

    def _done(self, request) -> None:
        try:
            size = request.sizes()["responseBodySize"]
        except Exception:
            size = -1
        self.rows.append((request.url, size))

    def chunks(self) -> list[tuple[str, int]]:
        return [(u, s) for u, s in self.rows if CHUNK in u]


def test_a_sql_question_reads_a_few_chunks_and_the_trace_shows_query_and_rows(returning, site_url, fake,
                                                                               baseball_data):
    context, page, recorder = open_page(returning.new_context, site_url)
    sent = Sent(context)
    try:
        page.wait_for_timeout(500)
        assert not [u for u in [r["url"] for r in recorder.requests] if CHUNK in u]  # nothing before a question
        statement = ("SELECT nameFirst, nameLast, birthCity, height\nFROM People\n"
                     "WHERE playerID IN ('ruthba01', 'aaronha01') ORDER BY nameLast")
        fake.script(reply("", [("sql", {"sql": statement})]), reply("Aaron and Ruth, from Mobile and Baltimore."))
        use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-5-mini")
        ask(page, "Where were Hank Aaron and Babe Ruth born, and how tall were they?")
        turn = last_answer(page, 1)
        expect(turn.locator(".text")).to_have_text("Aaron and Ruth, from Mobile and Baltimore.")
        expected = json.loads(sql_tool.sql(statement))
        assert tool_results(posts(fake)[1]) == [sql_tool.sql(statement)]  # the same text the model got in CPython
        # The conversation: the rows as a small table.
        table = turn.locator(".sql-rows table")
        expect(table.locator("th")).to_have_text(expected["columns"])
        expect(table.locator("tr")).to_have_count(1 + len(expected["rows"]))
        expect(table.locator("tr").nth(1).locator("td")).to_have_text([str(v) for v in expected["rows"][0]])
        # The trace: the SQL as written, monospace and wrapped, the rows as a table, raw JSON one click away.
        call = trace(page).locator(".call")
        sql_box = call.locator("pre.call-sql")
        assert sql_box.text_content() == statement
        style = sql_box.evaluate("e => [getComputedStyle(e).fontFamily, getComputedStyle(e).whiteSpace]")
        assert "mono" in style[0].lower() and style[1] == "pre-wrap"
        expect(call.locator(".sql-rows th")).to_have_text(expected["columns"])
        expect(call.locator(".sql-rows tr").nth(2).locator("td")).to_have_text([str(v) for v in expected["rows"][1]])
        assert raw_json(call)["result"] == expected and raw_json(call)["arguments"] == {"sql": statement}
        import axe_core  # the tables and the query's text, checked by a real accessibility engine

        assert axe_core.serious(axe_core.run(page, axe_core.source())) == []
        chunks = sent.chunks()
        index = json.loads((baseball_data / "lahman" / "index.json").read_text())
        assert 0 < len(chunks) < 20 < index["count"]
        as_sent = sum(s for _, s in chunks)
        assert 0 < as_sent < 80_000, chunks  # a cold lookup of two keys (one: 44 KB, tests/test_sql_pyodide.py)
        print(f"cold lookup: {len(chunks)} chunk requests, {as_sent:,} bytes as sent")
        recorder.check()
    finally:
        context.close()


def test_the_bench_queries_answer_in_the_page_as_in_cpython(returning, site_url, fake, baseball_data):
    context, page, recorder = open_page(returning.new_context, site_url)
    sent = Sent(context)
    try:
        statements = [q for _, q in QUERIES]
        fake.requests.clear()
        fake.script(reply("", [("sql", {"sql": s}) for s in statements]), reply("Done."))
        use_model(page, "anthropic", fake.base_url("anthropic"), KEY)
        ask(page, "Thirty questions at once")
        expect(last_answer(page, 1).locator(".text")).to_have_text("Done.")
        assert tool_results(posts(fake)[1]) == [sql_tool.sql(s) for s in statements]
        index = json.loads((baseball_data / "lahman" / "index.json").read_text())
        chunks = sent.chunks()
        print(f"30 queries: {len(chunks)} chunk requests of {index['count']}, "
              f"{sum(s for _, s in chunks):,} bytes as sent of {index['bytes']:,}")
        assert len(chunks) < index["count"] / 2
        recorder.check()
    finally:
        context.close()


def test_offline_kept_chunks_answer_and_a_missing_one_needs_the_network(browser, site_url, fake, baseball_data):
    """With the service worker: a first visit asks a question that reads chunks (kept as they pass); a new
    visit offline answers the same query from them, and says a query over other chunks needs the network.
    The model's requests are answered by a route in the browser (offline, nothing reaches the fake)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site_url)
        expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
        _controlled(page)
        lookup = "SELECT nameLast, height FROM People WHERE playerID = 'ruthba01'"
        scan = "SELECT COUNT(*) FROM Fielding WHERE E > 40"
        fake.script(reply("", [("sql", {"sql": lookup})]), reply("Ruth."))
        use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-5-mini")
        ask(page, "How tall was Babe Ruth?")
        expect(last_answer(page, 1).locator(".text")).to_have_text("Ruth.")
        kept = _kept_chunks(page)
        assert kept, "the service worker kept no chunk"

        context.set_offline(True)
        page2 = context.new_page()
        page2.goto(site_url)
        expect(page2.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
        _route_model(context, fake.base_url("openai"), [lookup, scan])
        use_model(page2, "openai", fake.base_url("openai"), KEY, "gpt-5-mini")
        before = answers(page2).count()  # the conversation of the first visit is kept
        ask(page2, "Offline: how tall was Babe Ruth, and how many 40-error seasons?")
        expect(last_answer(page2, before + 1).locator(".text")).to_have_text("Done offline.", timeout=ANSWER_TIMEOUT)
        calls = trace(page2).locator(".trace-turn").last.locator(".call")
        expect(calls).to_have_count(2)
        assert raw_json(calls.nth(0))["result"] == json.loads(sql_tool.sql(lookup))
        said = raw_json(calls.nth(1))["result"]
        assert isinstance(said, str) and "offline" in said and "needs the network" in said, said
    finally:
        context.close()


def _controlled(page) -> None:
    from page_helpers import wait_until

    wait_until(page, "() => navigator.serviceWorker.controller !== null", timeout=30)


def _kept_chunks(page) -> list[str]:
    from page_helpers import wait_until

    return wait_until(page, """async () => {
      for (const name of await caches.keys()) {
        const urls = (await (await caches.open(name)).keys()).map((r) => r.url).filter((u) => u.includes('/data/lahman/') && u.endsWith('.bin'));
        if (urls.length) return urls;
      }
      return null;
    }""", timeout=10)


def _route_model(context, base_url: str, statements: list[str]) -> None:
    """Answer the OpenAI wire's requests in the browser: first every statement as a call, then a text."""
    step = {"n": 0}

    def handle(route):
        if route.request.method == "OPTIONS":
            route.fulfill(status=204, headers={"access-control-allow-origin": "*", "access-control-allow-headers": "*",
                                               "access-control-allow-methods": "POST"})
            return
        body = json.loads(route.request.post_data or "{}")
        stream = body.get("stream", False)
        if step["n"] == 0:
            message = {"role": "assistant", "content": None, "tool_calls": [
                {"id": f"c{i}", "type": "function", "function": {"name": "sql", "arguments": json.dumps({"sql": s})}}
                for i, s in enumerate(statements)]}
            finish = "tool_calls"
        else:
            message = {"role": "assistant", "content": "Done offline."}
            finish = "stop"
        step["n"] += 1
        headers = {"access-control-allow-origin": "*"}
        if stream:
            delta = dict(message)
            if "tool_calls" in delta:
                delta["tool_calls"] = [{**c, "index": i} for i, c in enumerate(delta["tool_calls"])]
            chunk = {"id": "x", "object": "chat.completion.chunk", "model": "gpt-5-mini",
                     "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
            text = f"data: {json.dumps(chunk)}\n\ndata: [DONE]\n\n"
            route.fulfill(status=200, headers={**headers, "content-type": "text/event-stream"}, body=text)
        else:
            reply_ = {"id": "x", "object": "chat.completion", "model": "gpt-5-mini",
                      "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                      "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}
            route.fulfill(status=200, headers={**headers, "content-type": "application/json"}, body=json.dumps(reply_))

    context.route(base_url.rstrip("/") + "/**", handle)
