"""A returning visitor's browser, for the page tests whose subject is not the first visit.

A visitor's second visit restores the interpreter their first visit saved (Pyodide's memory snapshot,
a file in the origin's private file system: templates/worker.js): ~1.2 s to ready instead of ~3, and
under half the CPU. Most page tests are such visits. Each worker makes one real first visit on its own
server, takes the snapshot that visit saved, and puts it into each new context's private file system
before the context's first page, where a returning visitor's browser holds it. The visits themselves
are the product's own; nothing in the page is changed. The first visit is tested where it is the
subject: test_page (loading, progress, a runtime that cannot download), test_offline, test_page_a11y's
loading state, the bench.

The snapshot travels through a small server on 127.0.0.1 (the page's policy allows any port there): the
first visit's page posts it, and each new context's first page, a same-origin document that is not the
app, fetches it and stores it.
"""

from __future__ import annotations

import http.server
import threading

from page_helpers import BOOT_TIMEOUT, wait_until
from playwright.sync_api import expect

# The worker's "ready" message, as the page receives it (window.__ready): it says whether the visit
# restored the snapshot. And the type of every message, in order (window.__kinds).
RECORD_READY = r"""
(() => {
  if (typeof window === "undefined") return;
  window.__ready = [];
  window.__kinds = []; // every message's type, in order
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => { // before the page's own listener
        for (const one of data) {
          window.__kinds.push(one.type);
          if (one.type === "ready") window.__ready.push(one);
        }
      });
    }
  };
})();
"""
# The names of the snapshots stored whole, as the worker writes them (storeSnapshot: "PYSN", the length,
# the heap), sorted; none while the worker is still writing one.
WHOLE_SNAPSHOTS = """async () => {
  try {
    const directory = await (await navigator.storage.getDirectory()).getDirectoryHandle("agent-snapshot");
    const names = [];
    for await (const [name, handle] of directory.entries()) {
      const file = await handle.getFile();
      const head = new DataView(await file.slice(0, 8).arrayBuffer());
      if (file.size > 8 && head.getUint32(0, true) === 0x4e535950 && head.getUint32(4, true) === file.size - 8) {
        names.push(name);
      }
    }
    return names.sort();
  } catch {
    return []; // none yet, or the worker holds it open
  }
}"""
SEND = """async (to) => {
  const [name] = await (%s)();
  const directory = await (await navigator.storage.getDirectory()).getDirectoryHandle("agent-snapshot");
  const file = await (await directory.getFileHandle(name)).getFile();
  await fetch(to, { method: "POST", body: file.slice() }); // untyped: a simple request, no preflight
  return name;
}""" % WHOLE_SNAPSHOTS
# Where the worker keeps it: agent-snapshot/<the build's snapshot key>.
PUT = """async ([from, name]) => {
  const root = await navigator.storage.getDirectory();
  const directory = await root.getDirectoryHandle("agent-snapshot", { create: true });
  const writable = await (await directory.getFileHandle(name, { create: true })).createWritable();
  await writable.write(await (await fetch(from)).arrayBuffer());
  await writable.close();
}"""


class _Held(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.server.held = self.rfile.read(int(self.headers["content-length"]))
        self._reply(204, b"")

    def do_GET(self) -> None:
        self._reply(200, self.server.held, {"content-type": "application/octet-stream"})

    def _reply(self, status: int, body: bytes, headers: dict | None = None) -> None:
        self.send_response(status)
        for name, value in {**(headers or {}), "access-control-allow-origin": "*"}.items():
            self.send_header(name, value)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


class ReturningVisitor:
    """``new_context(**options)``: a fresh context holding the snapshot of a first visit to ``site_url``."""

    def __init__(self, browser, site_url: str):
        self.browser, self.site_url = browser, site_url
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Held)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.held_url = f"http://127.0.0.1:{self.server.server_address[1]}/snapshot"
        self.name = self._first_visit()

    def _first_visit(self) -> str:
        context = self.browser.new_context(service_workers="block")
        try:
            page = _ready(context, self.site_url)
            wait_until(page, WHOLE_SNAPSHOTS, timeout=30)
            return page.evaluate(SEND, self.held_url)
        finally:
            context.close()

    def new_context(self, **options):
        context = self.browser.new_context(**options)
        page = context.new_page()
        page.goto(self.site_url + "manifest.webmanifest")  # same origin, not the app
        page.evaluate(PUT, [self.held_url, self.name])
        page.close()
        return context

    def check(self) -> None:
        """A visit in a context made here restores the snapshot (else these tests would quietly boot afresh)."""
        context = self.new_context(service_workers="block")
        try:
            context.add_init_script(RECORD_READY)
            page = _ready(context, self.site_url)
            assert page.evaluate("window.__ready.map((m) => m.snapshot)") == [True]
        finally:
            context.close()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _ready(context, url: str):
    page = context.new_page()
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    return page
