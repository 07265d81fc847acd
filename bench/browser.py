"""What the benchmark measures in headless Chromium: boot, demo answers, model turns, bytes.

Every function takes a Playwright ``Browser`` (Debian's Chromium, launched by
``launch``) and the ``CountingServer`` serving the built site. Timings come
from the page's own clock (``performance`` marks and entries), so Playwright's
round trips do not count. ``INSTRUMENT`` is installed in every context before
the page's scripts run: it records main-thread long tasks, the moment each
text delta arrives from the worker, and each sentence handed to a recording
``speechSynthesis`` (headless Chromium cannot speak; see environment.md).

What it leaves out: CPU throttling and network shaping (the figures are for
this machine, on 127.0.0.1).
"""

from __future__ import annotations

import http.server
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field

from fake import server_ms, server_times  # first: it puts tests/ on sys.path, for chromium and returning

from chromium import launch_options
from returning import WHOLE_SNAPSHOTS
from server import CountingServer, Sent

# Chromium as the tests launch it (tests/chromium.py: quiet, and without its own per-window work).
LAUNCH = launch_options("--autoplay-policy=no-user-gesture-required")
BOOT_TIMEOUT = 60_000
TURN_TIMEOUT = 30.0
KEY = "sk-bench-0000"

INSTRUMENT = r"""
(() => {
  if (typeof window === "undefined") return;
  const bench = window.__bench = { longtasks: [], deltas: [], spoken: [], ready: null };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { bench.longtasks = null; }
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {  // runs before the page's own listener
        for (const one of data) {
          if (one.type === "delta") bench.deltas.push([one.id, performance.now()]);
          if (one.type === "ready") bench.ready = one;
        }
      });
    }
  };
  const synth = {
    speaking: false, pending: false, paused: false,
    speak(utterance) { bench.spoken.push([performance.now(), utterance.text]); },
    cancel() {}, pause() {}, resume() {}, getVoices() { return []; },
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
})();
"""

# Submit one question the way the form does and resolve with its timings (page clock, ms).
ASK = r"""
async (question) => {
  const marks = () => performance.getEntriesByName("answer-shown");
  const before = marks().length;
  const input = document.getElementById("question");
  input.value = question;
  // A visitor's Enter comes frames after the box showed what they typed; filled and submitted in one
  // task, the submit would restyle the box first (~0.5 ms), which no visitor's question pays.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const t0 = performance.now();
  document.getElementById("ask-form").requestSubmit();
  const deadline = t0 + %d;
  while (marks().length === before) {
    if (performance.now() > deadline) throw new Error("no answer to: " + question);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const shown = marks()[before].startTime;
  const tasks = (window.__bench.longtasks || []).filter(([start]) => start >= t0 && start <= shown);
  const answers = document.querySelectorAll("#log .turn.agent .text");
  return { t0, shown, ms: shown - t0, longtasks: tasks.map(([, d]) => d),
           answer: answers[answers.length - 1].textContent };
}
""" % int(TURN_TIMEOUT * 1000)

BOOT_FIGURES = r"""
() => {
  const paint = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
  const mark = (name) => { const m = performance.getEntriesByName(name); return m.length ? m[0].startTime : null; };
  const ready = mark("agent-ready");
  const tasks = (window.__bench.longtasks || []).filter(([start]) => start <= ready);
  const nav = performance.getEntriesByType("navigation")[0];
  return { first_paint: paint["first-paint"] ?? null, first_contentful_paint: paint["first-contentful-paint"] ?? null,
           question_ready: mark("question-ready"), dom_content_loaded: nav ? nav.domContentLoadedEventEnd : null,
           agent_ready: ready, longtasks: tasks.map(([, d]) => d), longtask_starts: tasks.map(([s]) => s),
           longtasks_supported: window.__bench.longtasks !== null, time_origin: performance.timeOrigin,
           restored: window.__bench.ready ? window.__bench.ready.snapshot : null };
}
"""


def launch(playwright):
    return playwright.chromium.launch(headless=True, **LAUNCH)


def new_context(browser):
    context = browser.new_context()
    context.add_init_script(INSTRUMENT)
    return context


def wait_ready(page) -> None:
    page.wait_for_selector("html[data-agent-state='ready']", state="attached", timeout=BOOT_TIMEOUT)


# ---- bytes ----------------------------------------------------------------------------------

def category(path: str) -> str:
    if path.startswith("/pyodide-"):
        return "runtime"
    if path.startswith("/agent-"):
        return "agent"
    if path.startswith("/data/"):
        return "data"
    if path.startswith("/bench/"):
        return "bench"
    return "page"


@dataclass
class Bytes:
    """Bytes of a set of responses: as files, as actually sent, and as brotli (the precompressed copies)."""
    raw: int = 0
    sent: int = 0
    br: int = 0
    by_category: dict = field(default_factory=dict)  # category -> {"raw", "sent", "br"}

    def as_dict(self) -> dict:
        return {"raw": self.raw, "sent": self.sent, "br": self.br, "by_category": self.by_category}


def count_bytes(server: CountingServer, sent: list[Sent]) -> Bytes:
    out = Bytes()
    for item in sent:
        file = server.site_dir / (item.path.lstrip("/") or "index.html")
        if item.path.endswith("/") and item.path != "/":
            file = file / "index.html"
        packed = file.with_name(file.name + ".br")
        br = packed.stat().st_size if packed.is_file() else item.raw
        row = out.by_category.setdefault(category(item.path), {"raw": 0, "sent": 0, "br": 0, "files": 0})
        for key, value in (("raw", item.raw), ("sent", item.sent), ("br", br)):
            row[key] += value
            setattr(out, key, getattr(out, key) + value)
        row["files"] += 1
    return out


# ---- boot ------------------------------------------------------------------------------------

def bare_boot(browser, server: CountingServer, pyodide_dir: str, *, worker: bool = False) -> float:
    """Navigation start to loadPyodide() resolved on the bare page, fresh context, ms."""
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{server.url}bench/bare.html?dir={pyodide_dir}" + ("&worker=1" if worker else ""))
        page.wait_for_selector("html[data-state='ready']", state="attached", timeout=BOOT_TIMEOUT)
        return page.evaluate("() => performance.getEntriesByName('pyodide-ready')[0].startTime")
    finally:
        context.close()


def product_boot(browser, server: CountingServer, *, context=None, keep_open: bool = False) -> dict:
    """One visit to the page until agent-ready: paint, input, ready, long tasks, bytes, whether the
    interpreter was restored (fresh context unless given; the tab is closed unless keep_open)."""
    own = context is None
    context = context or new_context(browser)
    try:
        page = context.pages[0] if context.pages and context.pages[0].url == "about:blank" else context.new_page()
        mark = server.mark()
        page.goto(server.url)
        wait_ready(page)
        figures = page.evaluate(BOOT_FIGURES)
        ready_at = (figures.pop("time_origin") + figures["agent_ready"]) / 1000  # epoch seconds
        before = [s for s in server.since(mark) if s.at <= ready_at]  # not what the worker fetches after ready
        figures["bytes"] = count_bytes(server, before).as_dict()
        if not keep_open:
            page.close()
        return figures
    finally:
        if own:
            context.close()


def first_and_second_visit(browser, server: CountingServer) -> tuple[dict, dict]:
    """A first visit in a fresh ``new_context()``, then, once it has settled, a second one in the same
    context: the figures of each.

    Playwright's ``new_context()`` is an off-the-record profile: its HTTP cache
    and Cache Storage are in memory and V8's code cache for wasm is not used,
    so the second visit restores the snapshot but compiles the 9.6 MB wasm again.
    """
    context = new_context(browser)
    try:
        first = product_boot(browser, server, context=context, keep_open=True)
        settle_first_visit(context.pages[-1])
        return first, product_boot(browser, server, context=context)
    finally:
        context.close()


KEPT = "async () => navigator.serviceWorker.controller !== null"


def settle_first_visit(page) -> None:
    """Wait until a first visit has left what a return visit uses: the service worker controls the
    page (the build is in its cache) and the interpreter's snapshot is stored."""
    deadline = time.monotonic() + BOOT_TIMEOUT / 1000
    while not (page.evaluate(KEPT) and page.evaluate(WHOLE_SNAPSHOTS)):
        if time.monotonic() > deadline:
            raise RuntimeError("the first visit left no service worker or no snapshot")
        time.sleep(0.1)
    time.sleep(0.5)  # let the cache writes (and V8's code cache) reach the disk


def persistent(browser, profile: str, **options):
    context = browser.browser_type.launch_persistent_context(profile, **LAUNCH, headless=True, **options)
    context.add_init_script(INSTRUMENT)
    return context


def return_visits(browser, server: CountingServer, *, offline_questions: list[str]) -> tuple[dict, dict]:
    """Realistic return visits, after one first visit in a fresh on-disk profile (until its service worker
    and snapshot are stored): close the browser, relaunch it on the same profile and visit again (the
    online figures); ask `offline_questions` there, online, and close it again; relaunch with the network
    cut (Playwright's offline mode), visit and ask them again (the offline figures, with their answers).
    The two share their first visit: a first visit each took ~10 s of the bench on a tiny scale."""
    profile = tempfile.mkdtemp(prefix="bench-profile-")
    try:
        context = persistent(browser, profile)
        try:
            product_boot(browser, server, context=context, keep_open=True)
            settle_first_visit(context.pages[-1])
        finally:
            context.close()
        context = persistent(browser, profile)
        try:
            online = product_boot(browser, server, context=context, keep_open=True)
            page = context.pages[-1]
            for question in offline_questions:
                page.evaluate(ASK, question)
            time.sleep(0.3)
        finally:
            context.close()
        context = persistent(browser, profile, offline=True)
        try:
            offline = product_boot(browser, server, context=context, keep_open=True)
            page = context.pages[-1]
            offline["answers"] = [page.evaluate(ASK, q) for q in offline_questions]
            return online, offline
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


# ---- turns --------------------------------------------------------------------------------------

def ready_page(browser, server: CountingServer):
    """A fresh context and a booted page on it."""
    context = new_context(browser)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    return context, page


def demo_answers(page, server: CountingServer, questions: list[str]) -> list[dict]:
    """Each question asked in demo mode on a ready page: ms, long tasks, bytes fetched, the answer."""
    out = []
    for question in questions:
        mark = server.mark()
        result = page.evaluate(ASK, question)
        result["bytes"] = count_bytes(server, server.since(mark)).as_dict()
        result["question"] = question
        out.append(result)
    return out


def use_model(page, provider: str, base_url: str) -> None:
    page.click('.panels [data-show="settings"]')  # the Settings panel (beside the conversation, or instead of it)
    page.select_option("#provider", provider)
    page.fill("#base-url", base_url)
    page.fill("#api-key", KEY)


def model_list_asked(fake, timeout: float = 5.0) -> None:
    """Wait for the model list the page asks the provider for, 600 ms after its settings changed: asked
    during a timed turn, it would add its requests, and their server time, to that turn's."""
    deadline = time.monotonic() + timeout
    while not any(r["method"] == "GET" for r in fake.requests):
        if time.monotonic() > deadline:
            raise RuntimeError("the page did not ask for the model list")
        time.sleep(0.02)
    time.sleep(0.1)  # its answer read and shown


def new_conversation(page) -> None:
    page.evaluate("() => document.getElementById('new').click()")  # hidden while the conversation is empty


# A worker on a page of its own origin (no CSP: the site's forbids blob workers) posts the answer step's
# request to the fake provider with a bare XMLHttpRequest, one after another, and times each round trip.
BARE_REQUESTS = r"""
async ([url, n]) => {
  const source = `self.onmessage = async ({data: {url, n}}) => {
    const body = JSON.stringify({model: "m", stream: true, messages: [{role: "user", content: "hi"}]});
    const times = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await new Promise((done) => {
        const x = new XMLHttpRequest();
        x.open("POST", url);
        x.setRequestHeader("content-type", "application/json");
        x.setRequestHeader("authorization", "Bearer sk-bench");
        x.onloadend = done;
        x.send(body);
      });
      times.push(performance.now() - t0);
    }
    self.postMessage(times);
  };`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], {type: "text/javascript"})));
  const times = await new Promise((done) => { worker.onmessage = (e) => done(e.data); worker.postMessage({url, n}); });
  worker.terminate();
  return times;
}
"""


def bare_requests(browser, fake, answer: dict, runs: int) -> list[float]:
    """``timed_bare_requests`` in a fresh Playwright context (DevTools watching the worker)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        return timed_bare_requests(page.goto, lambda args: page.evaluate(BARE_REQUESTS, args), fake, answer, runs)
    finally:
        context.close()


def timed_bare_requests(goto, run, fake, answer: dict, runs: int) -> list[float]:
    """The browser's own cost of a model request: a worker's bare XMLHttpRequest round trip to the fake
    provider (streamed, as the answer step), less the server's time for it, ms per request. No Python,
    no page updates: the floor under a loop step's overhead in the page. ``goto(url)`` opens a blank
    page of its own origin; ``run([url, n])`` evaluates BARE_REQUESTS there."""
    blank = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Blank)
    threading.Thread(target=blank.serve_forever, daemon=True).start()
    try:
        goto(f"http://127.0.0.1:{blank.server_address[1]}/")
        url = fake.base_url("openai") + "/chat/completions"
        fake.script(*[answer] * 2)
        run([url, 2])  # warm-up: the CORS preflight, the connection pool
        fake.script(*[answer] * runs)
        mark = len(fake.requests)
        client = run([url, runs])
        server = server_times(fake, mark)  # in the order they came
        if len(server) != len(client):  # a preflight came again: compare medians
            return [c - sorted(server)[len(server) // 2] for c in client]
        return [c - s for c, s in zip(client, server)]
    finally:
        blank.shutdown()


class _Blank(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b"<!doctype html><title>bench</title>"
        self.send_response(200)
        self.send_header("content-type", "text/html")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def model_turn(page, fake, question: str, script: list[dict]) -> dict:
    """One question answered by the fake provider; total (page clock) and server time, ms."""
    fake.script(*script)
    mark = len(fake.requests)
    result = page.evaluate(ASK, question)
    result["server_ms"], result["requests"] = server_ms(fake, mark)
    result["handler_ms"] = sum(r.get("handler_ms", 0) for r in fake.requests[mark:])
    bench = page.evaluate("() => ({deltas: window.__bench.deltas, spoken: window.__bench.spoken})")
    deltas = [t for _, t in bench["deltas"] if t >= result["t0"]]
    spoken = [t for t, _ in bench["spoken"] if t >= result["t0"]]
    result["first_delta_to_speech"] = (spoken[0] - deltas[0]) if deltas and spoken else None
    return result
