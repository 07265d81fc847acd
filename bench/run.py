"""`make bench`: build the site, drive it in headless Chromium, print the figures against their targets.

    .venv/bin/python bench/run.py [--runs 5] [--questions 24] [--site DIR] [--out bench/results/latest.json]

Side by side on one server and one browser: the bare Pyodide boot (the
floor) and the product's boot (fresh context per run, runs interleaved), a
return visit (a persistent on-disk profile, browser closed and relaunched, as
a visitor's own browser: the service worker's cache and the interpreter's
snapshot; and, labelled, one in an off-the-record context), the next return
visit with the network cut (Playwright's offline mode) answering demo
questions, demo answers, a real-model turn against the fake provider in the
page (also in a Chromium where, unlike under Playwright, no DevTools session
watches the page's worker: bench/cdp.py) and in the CLI, Python's own side
of that turn in the page's runtime under Node (bench/pyodide_turn.py), bytes,
and tokens.
Each timing is the median of ``--runs`` runs. The figures go to stdout as a table and to a
JSON file (figures and rows), so two runs can be compared.

Run it alone (under `flock /tmp/browser.lock` when others share the machine):
the timings are of this machine and whatever else it is doing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
for path in (BENCH, ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import browser as B  # noqa: E402
import build  # noqa: E402
import cdp  # noqa: E402
from cli_turn import cli_turns  # noqa: E402
from fake import ANSWER, QUESTION, reply, timed_fake, two_step  # noqa: E402
from pyodide_turn import pyodide_turns  # noqa: E402
from questions import QUESTIONS  # noqa: E402
from report import Row, as_json, median, percentile, table  # noqa: E402
from server import PUBLISHED, CountingServer, published_runtime  # noqa: E402
from tokens import token_figures  # noqa: E402

OUT = BENCH / "results" / "latest.json"


# ---- the site -------------------------------------------------------------------------------------

def ensure_site(site: Path | None) -> Path:
    """The given built site, or site/ rebuilt when anything it is built from is newer."""
    if site is not None:
        return site
    site = ROOT / "site"
    if not build.is_fresh(site):
        build.build(site)
    return site


def pyodide_dir(site: Path) -> str:
    """The bare page's runtime folder: the site's, as published (its standard library whole)."""
    return PUBLISHED + json.loads((site / "config.json").read_text(encoding="utf-8"))["pyodide_dir"]


# ---- measuring ----------------------------------------------------------------------------------------

def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


MODEL_TURNS = 4  # model turns (and bare requests) per run: each is ~25 ms, and one noisy turn moves a median of 5

OFFLINE_QUESTIONS = ["How did the Expos do in 1994?", "Who won the World Series in 2016?"]


def measure_boots(browser, server: CountingServer, runs: int) -> dict:
    """Bare (main thread and worker) and product boots, interleaved, fresh context each; then return
    visits (persistent profile, browser relaunched), online and with the network cut."""
    runtime = pyodide_dir(server.site_dir)
    out: dict[str, list] = {"bare_main": [], "bare_worker": [], "product": [], "second_visit": [],
                            "second_visit_otr": [], "offline": []}
    for i in range(runs):
        say(f"  boot run {i + 1}/{runs}")
        out["bare_main"].append(B.bare_boot(browser, server, runtime))
        out["bare_worker"].append(B.bare_boot(browser, server, runtime, worker=True))
        first, second = B.first_and_second_visit(browser, server)
        out["product"].append(first)
        out["second_visit_otr"].append(second)
        online, offline = B.return_visits(browser, server, offline_questions=OFFLINE_QUESTIONS)
        out["second_visit"].append(online)
        out["offline"].append(offline)
    return out


def measure_turns(browser, server: CountingServer, questions: list[str], model_runs: int) -> dict:
    """Demo answers, then real-model turns against the fake provider, on one booted page."""
    context, page = B.ready_page(browser, server)
    fake = timed_fake()
    try:
        say(f"  {len(questions)} demo questions")
        demo = B.demo_answers(page, server, questions)
        B.new_conversation(page)
        B.use_model(page, "openai", fake.base_url("openai"))
        B.model_list_asked(fake)
        say(f"  {model_runs} model turns in the page")
        turns = []
        for i in range(model_runs + 1):  # the first is a warm-up (first request, CORS preflight)
            B.new_conversation(page)
            turn = B.model_turn(page, fake, QUESTION, two_step())
            if i:
                turns.append(turn)
        say(f"  {model_runs} bare requests from a worker")
        bare = B.bare_requests(browser, fake, reply(ANSWER, chunks=8), model_runs)
        if fake.problems:
            raise RuntimeError(f"the fake provider saw bad requests: {fake.problems}")
        return {"demo": demo, "model": turns, "bare_requests": bare}
    finally:
        fake.close()
        context.close()


def measure_unwatched_turns(server: CountingServer, runs: int) -> tuple[list[dict], list[float]]:
    """The same model turns and bare requests in a Chromium where no DevTools session watches the worker
    (bench/cdp.py), as in a visitor's browser."""
    fake = timed_fake()
    try:
        turns, bare = cdp.model_turns(server, fake, runs, reply(ANSWER, chunks=8), runs)
        if fake.problems:
            raise RuntimeError(f"the fake provider saw bad requests: {fake.problems}")
        return turns, bare
    finally:
        fake.close()


def measure_cli(site: Path, runs: int) -> list[dict]:
    fake = timed_fake()
    try:
        return cli_turns(fake, site, runs)
    finally:
        fake.close()


def measure(site: Path, runs: int, questions: list[str]) -> dict:
    from playwright.sync_api import sync_playwright

    server = CountingServer(site, published=published_runtime(build.CACHE / "published-runtime"))
    try:
        with sync_playwright() as playwright:
            browser = B.launch(playwright)
            try:
                say("boots")
                boots = measure_boots(browser, server, runs)
                say("turns")
                turns = measure_turns(browser, server, questions, runs * MODEL_TURNS)
            finally:
                browser.close()
        say(f"  {runs * MODEL_TURNS} model turns in a browser no DevTools session watches inside the worker")
        turns["model_unwatched"], turns["bare_requests_unwatched"] = measure_unwatched_turns(server, runs * MODEL_TURNS)
    finally:
        server.close()
    say("CLI turns")
    cli = measure_cli(site, runs * MODEL_TURNS)  # as many as in the page: a CLI turn takes ~4 ms
    say("the page's Python under Node")
    pyodide = pyodide_turns(site, runs * MODEL_TURNS * 5)  # a turn takes ~1 ms
    say("tokens")
    tokens = token_figures(site, questions)
    return {"boots": boots, "turns": turns, "cli": cli, "pyodide": pyodide, "tokens": tokens}


# ---- figures -> rows ----------------------------------------------------------------------------------

def _per_step(turns: list[dict]) -> list[float]:
    return [(t["ms"] - t["server_ms"]) / 2 for t in turns]  # the typical turn has two loop steps


def rows(figures: dict) -> list[tuple[str, list[Row]]]:
    boots, turns, cli, tokens = figures["boots"], figures["turns"], figures["cli"], figures["tokens"]
    product, second, offline = boots["product"], boots["second_visit"], boots["offline"]
    bare = median(boots["bare_main"])
    ready = median([b["agent_ready"] for b in product])
    paired = [b["agent_ready"] / m for b, m in zip(product, boots["bare_main"])]  # each run's pair
    second_ready = median([b["agent_ready"] for b in second])
    otr_ready = median([b["agent_ready"] for b in boots["second_visit_otr"]])
    second_bytes = median([b["bytes"]["sent"] for b in second])
    offline_ready = median([b["agent_ready"] for b in offline])
    offline_answers = [a for b in offline for a in b["answers"]]
    answered = sum(1 for a in offline_answers if a["answer"] and not a["answer"].startswith("Something went wrong"))
    boot_tasks = [d for b in product for d in b["longtasks"]]
    demo = turns["demo"]
    demo_ms = [t["ms"] for t in demo]
    model, unwatched = turns["model"], turns["model_unwatched"]
    turn_tasks = [d for t in demo + model for d in t["longtasks"]]
    first = product[len(product) // 2]["bytes"]  # every fresh visit fetches the same files
    cats = first["by_category"]
    added = {k: sum(cats.get(c, {}).get(k, 0) for c in ("page", "agent", "data")) for k in ("raw", "sent", "br")}
    per_question = [t["bytes"]["sent"] for t in demo]
    stream = [t["first_delta_to_speech"] for t in model]
    two = tokens["two_step_turn"]["typical"]
    return [
        ("Boot (ms from navigation, median)", [
            Row("bare Pyodide: loadPyodide() resolved", bare, "ms"),
            Row("bare Pyodide in a module worker", median(boots["bare_worker"]), "ms"),
            Row("product: first paint", median([b["first_paint"] for b in product]), "ms", ("<", 200)),
            Row("product: Question box usable", median([b["question_ready"] for b in product]), "ms", ("<", 200)),
            Row("product: agent-ready", ready, "ms"),
            Row("agent-ready / bare Pyodide", ready / bare if ready and bare else None, "x", ("<=", 1.10)),
            Row("  the same, run by run (each run's pair measured back to back), median", median(paired), "x",
                note="the spread: " + ", ".join(f"{r:.2f}" for r in paired)),
            Row("return visit (persistent profile, browser relaunched): agent-ready", second_ready, "ms",
                ("<", 1000)),
            Row("return visit / cold bare Pyodide", second_ready / bare if second_ready and bare else None, "x",
                ("<=", 0.35)),
            Row("return visit: interpreter restored from the snapshot (runs)", sum(bool(b["restored"]) for b in second),
                "", note=f"of {len(second)}"),
            Row("return visit: bytes fetched before ready", second_bytes, "B"),
            Row("return visit off the record (same context, no wasm code cache)", otr_ready, "ms"),
            Row("offline return visit (network cut): agent-ready", offline_ready, "ms", ("<", 1000)),
            Row("offline: demo questions answered", answered, "", note=f"of {len(offline_answers)}"),
            Row("offline: demo answer, median", median([a["ms"] for a in offline_answers]), "ms"),
        ]),
        ("Main-thread long tasks (>50 ms)", [
            Row("navigation to ready: count (all runs)", len(boot_tasks), "", ("<=", 0)),
            Row("navigation to ready: longest", max(boot_tasks, default=0), "ms"),
            Row("during turns: count (all turns)", len(turn_tasks), "", ("<=", 0)),
            Row("during turns: longest", max(turn_tasks, default=0), "ms"),
        ]),
        (f"Demo answers ({len(demo)} questions, submit to answer-shown)", [
            Row("p50", percentile(demo_ms, 50), "ms"),
            Row("p95", percentile(demo_ms, 95), "ms", ("<", 150)),
            Row("slowest", max(demo_ms, default=None), "ms"),
        ]),
        ("Real-model turn vs the fake provider (two steps, median)", [
            Row("page: turn total", median([t["ms"] for t in model]), "ms"),
            Row("page: server time", median([t["server_ms"] for t in model]), "ms"),
            Row("page: overhead per loop step (no DevTools watching the worker, as in a visitor's browser)",
                median(_per_step(unwatched)), "ms", ("<", 5)),
            Row("  of which the browser's own request (a worker's bare XMLHttpRequest, less server time)",
                median(turns["bare_requests_unwatched"]), "ms"),
            Row("  the product's share (the step less that request)",
                median(_per_step(unwatched)) - median(turns["bare_requests_unwatched"]), "ms"),
            Row("  Python's side of it (the page's runtime under Node, each request answered at once)",
                median(figures["pyodide"]) / 2, "ms"),
            Row("page: the same under Playwright (DevTools watching the worker)", median(_per_step(model)), "ms"),
            Row("  of which the browser's own request, under Playwright", median(turns["bare_requests"]), "ms"),
            Row("  counting only the fake's handlers as server time",
                median([(t["ms"] - t["handler_ms"]) / 2 for t in model]), "ms"),
            Row("CLI: turn total", median([t["total_ms"] for t in cli]), "ms"),
            Row("CLI: overhead per loop step", median([t["overhead_per_step_ms"] for t in cli]), "ms", ("<", 1)),
            Row("streaming: first delta to first sentence spoken", median(stream), "ms"),
        ]),
        ("Bytes before agent-ready (fresh visit)", [
            Row("total, uncompressed", first["raw"], "B"),
            Row("total, as sent (precompressed)", first["sent"], "B"),
            Row("  runtime (Pyodide), as sent", cats.get("runtime", {}).get("sent", 0), "B"),
            Row("  agent package, as sent", cats.get("agent", {}).get("sent", 0), "B"),
            Row("  data, as sent", cats.get("data", {}).get("sent", 0), "B"),
            Row("  page (html, js, css, config), as sent", cats.get("page", {}).get("sent", 0), "B"),
            Row("what the product adds, brotli", added["br"], "B", ("<=", 300_000)),
            Row("demo question: bytes fetched, median", median(per_question), "B"),
            Row("demo question: bytes fetched, most", max(per_question, default=None), "B"),
        ]),
        (f"Tokens ({tokens['encoding']})", [
            Row("first request (system + tools + question)", tokens["first_request"]["total"], "", ("<=", 1000)),
            Row("  of which tool schemas", tokens["first_request"]["tools"], ""),
            Row("  of which system prompt", tokens["first_request"]["system"], ""),
            Row("tool result, median", tokens["tool_results"]["median"], ""),
            Row("tool result, largest", tokens["tool_results"]["max"], "", ("<=", 300)),
            Row("typical two-step turn, total", two["total"], "", ("<=", 2200), note=two["question"]),
            Row(f"cost of that turn at {tokens['cost_usd']['model']}", tokens["cost_usd"]["typical_turn"], "$"),
        ]),
    ]


# A process that echoes each byte it reads: the other end of a cross-process wake-up.
ECHO = "import os\nwhile b := os.read(0, 1):\n    os.write(1, b)"


def machine() -> dict:
    """This machine's state, for reading the timings beside: the load average, a pure-Python loop on
    one core (ms), and a byte's round trip to another process and back (µs). A browser's every request
    and message crosses processes and threads, so a page step moves with the second, which varies on a
    shared virtual machine with no load to show for it (80-97 µs idle one evening, 4-7 µs while busy,
    with the CPU loop unchanged)."""
    started = time.perf_counter()
    sum(i * i for i in range(1_000_000))
    cpu_ms = (time.perf_counter() - started) * 1000
    echo = subprocess.Popen([sys.executable, "-c", ECHO], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        to, back = echo.stdin.fileno(), echo.stdout.fileno()
        trips = []
        for _ in range(2001):
            started = time.perf_counter()
            os.write(to, b"x")
            os.read(back, 1)
            trips.append((time.perf_counter() - started) * 1e6)
    finally:
        echo.kill()
        echo.wait()
    return {"load": os.getloadavg(), "cpu_loop_ms": cpu_ms, "wakeup_us": median(trips[1:])}


def describe(state: dict) -> str:
    return (f"load {' '.join(f'{x:.2f}' for x in state['load'])}, a Python loop {state['cpu_loop_ms']:.0f} ms, "
            f"a round trip to another process {state['wakeup_us']:.0f} µs")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per timing (median; default 5)")
    parser.add_argument("--questions", type=int, default=len(QUESTIONS), help="demo questions (default all)")
    parser.add_argument("--site", type=Path, default=None, help="an already built site (default: build site/)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.monotonic()
    site = ensure_site(args.site)
    state = {"before": machine()}
    figures = measure(site, args.runs, QUESTIONS[: args.questions])
    time.sleep(2)  # the browsers' processes gone: their work would speed the wake-ups up
    state["after"] = machine()
    sections = rows(figures)
    print(table(sections))
    print(f"\nthis machine ({os.cpu_count()} cores; a busy or slow one gives slower, noisier timings):\n"
          f"  before: {describe(state['before'])}\n  after:  {describe(state['after'])}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "when": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    **state},
        "runs": args.runs, "seconds": round(time.monotonic() - started, 1),
        "rows": as_json(sections), "figures": figures,
    }, indent=1, default=str), encoding="utf-8")
    print(f"\nwrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out} "
          f"({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
