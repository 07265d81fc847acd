"""The sql tool in the page: time and bytes per query for the 30 queries of bench/sql_queries.py, cold and warm.

Headless Chromium on the built site (served with its .br copies, as a static host sends them), the fake
provider scripted to call the tool with each query. Per query:

- cold: the first question of a new visit (a new browser context: nothing of the database fetched, nothing
  in the HTTP cache); bytes are every chunk's body as sent (and lahman/index.json), time is the tool call's
  own time in the worker (the trace's figure: reading chunks with synchronous requests, SQLite, the result);
- warm: the same query asked again in that visit (its chunks already in the worker's memory).

    .venv/bin/python bench/sql_bench.py [--site site] [--json out.json]     (~3 min; heavy: run it rarely)

What it leaves out: network latency (127.0.0.1: a real host adds a round trip per chunk request).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tests", ROOT / "bench"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from chromium import launch_options  # noqa: E402
from fake_provider import FakeProvider, reply  # noqa: E402
from page_helpers import ask, use_model  # noqa: E402
from report import percentile  # noqa: E402
from sql_queries import QUERIES  # noqa: E402

from serve import make_server  # noqa: E402

BOOT_TIMEOUT = 60_000
CHUNKS = "/data/lahman/"


def tool_ms(page, nth: int) -> float:
    """The nth call's time in the trace ("123 ms" or "under 1 ms")."""
    text = page.locator(".trace-turn").nth(nth).locator(".call .ms").first.text_content()
    found = re.search(r"([\d.]+) ms", text)
    return float(found.group(1)) if found and not text.startswith("under") else 0.5


def one_visit(browser, url: str, fake: FakeProvider, statement: str) -> dict:
    from playwright.sync_api import expect

    context = browser.new_context(service_workers="block")
    sent: list[tuple[str, int]] = []
    context.on("requestfinished", lambda r: sent.append((r.url, r.sizes()["responseBodySize"])))
    try:
        page = context.new_page()
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
        use_model(page, "openai", fake.base_url("openai"), "sk-bench-sql", "gpt-5-mini")
        out = {"sql": statement}
        for n, label in enumerate(("cold", "warm")):
            before = len(sent)
            fake.script(reply("", [("sql", {"sql": statement})]), reply("Done."))
            ask(page, f"{label}: {statement[:40]}")
            expect(page.locator(".turn.agent").nth(n).locator(".actions")).to_be_visible(timeout=60_000)
            time.sleep(0.05)  # the last requestfinished events
            chunks = [(u, s) for u, s in sent[before:] if CHUNKS in u]
            out[label] = {"ms": tool_ms(page, n), "requests": len(chunks), "bytes": sum(s for _, s in chunks)}
        return out
    finally:
        context.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = make_server(args.site, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    index = json.loads((args.site / "data" / "lahman" / "index.json").read_text())
    fake = FakeProvider()
    results = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_options())
            for kind, statement in QUERIES:
                one = one_visit(browser, url, fake, statement)
                one["kind"] = kind
                results.append(one)
                print(f"{kind:<10} cold {one['cold']['ms']:7.0f} ms {one['cold']['bytes'] / 1e3:8.1f} KB "
                      f"({one['cold']['requests']:3} req)  warm {one['warm']['ms']:6.1f} ms  {statement[:60]}",
                      flush=True)
            browser.close()
    finally:
        fake.close()
        server.shutdown()
    summary = {}
    for label in ("cold", "warm"):
        ms = [r[label]["ms"] for r in results]
        kb = [r[label]["bytes"] / 1e3 for r in results]
        summary[label] = {"ms_p50": percentile(ms, 50), "ms_p95": percentile(ms, 95),
                          "kb_p50": percentile(kb, 50), "kb_p95": percentile(kb, 95), "kb_max": max(kb)}
    lookups = [r["cold"]["bytes"] / 1e3 for r in results if r["kind"] == "lookup"]
    summary["cold"]["lookup_kb_max"] = max(lookups)
    summary["database_mb"] = index["bytes"] / 1e6
    print(f"database {index['bytes'] / 1e6:.1f} MB in {index['count']} chunks of {index['chunk'] // 1024} KB")
    for label in ("cold", "warm"):
        s = summary[label]
        print(f"{label}: time p50 {s['ms_p50']:.0f} ms, p95 {s['ms_p95']:.0f} ms; bytes p50 {s['kb_p50']:.1f} KB, "
              f"p95 {s['kb_p95']:.1f} KB, max {s['kb_max']:.1f} KB")
    print(f"cold lookups by key: at most {summary['cold']['lookup_kb_max']:.1f} KB")
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "queries": results}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
