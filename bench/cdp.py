"""Model turns in a Chromium where no DevTools session watches the page's worker.

Playwright attaches to every worker a page starts and enables its Runtime and
Network domains there, so each request the worker makes is reported over the
DevTools pipe (headers, body, where in the code it came from) while the page
waits; a visitor's browser does none of that. Here Debian's Chromium runs
with a bare DevTools pipe (``--remote-debugging-pipe``: commands in on fd 3,
replies out on fd 4, each a JSON text ending in a NUL) and one session
attached to the page only, which drives the same page script (browser.ASK)
and settings as the Playwright measurement.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import time

import browser as B
from fake import QUESTION, server_ms, two_step


# The flags Playwright 1.65 launches Chromium with (its default arguments, as `ps` shows them), so that
# what DevTools watches is the only difference from the Playwright measurement.
PLAYWRIGHTS_FLAGS = [
    "--headless", "--no-sandbox", "--no-startup-window", "--allow-pre-commit-input", "--disable-back-forward-cache",
    "--disable-background-networking", "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows", "--disable-breakpad",
    "--disable-component-extensions-with-background-pages", "--disable-component-update", "--disable-default-apps",
    "--disable-dev-shm-usage", "--disable-extensions", "--disable-field-trial-config", "--disable-hang-monitor",
    "--disable-infobars", "--disable-ipc-flooding-protection", "--disable-popup-blocking",
    "--disable-prompt-on-repost", "--disable-renderer-backgrounding", "--disable-search-engine-choice-screen",
    "--disable-sync", "--enable-gpu-rasterization", "--enable-unsafe-swiftshader", "--force-color-profile=srgb",
    "--hide-scrollbars", "--metrics-recording-only", "--mute-audio", "--no-default-browser-check", "--no-first-run",
    "--password-store=basic", "--use-mock-keychain",
    "--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4",
]  # and its --disable-features, which B.LAUNCH's args replace (tests/chromium.py)


class Chromium:
    """A headless Chromium and its DevTools pipe; ``send`` waits for the reply, skipping events."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="bench-cdp-")
        to_chrome, self._out = os.pipe()
        self._in, from_chrome = os.pipe()
        actions = [(os.POSIX_SPAWN_DUP2, to_chrome, 3), (os.POSIX_SPAWN_DUP2, from_chrome, 4),
                   (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                   (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
        args = [B.LAUNCH["executable_path"], *PLAYWRIGHTS_FLAGS, *B.LAUNCH["args"], "--remote-debugging-pipe",
                f"--user-data-dir={self.profile}"]
        self.pid = os.posix_spawn(args[0], args, os.environ, file_actions=actions)
        os.close(to_chrome)
        os.close(from_chrome)
        self._buffer = b""
        self._id = 0

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self._id += 1
        message = {"id": self._id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._next()
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def _next(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._in, 65536)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self._buffer += chunk
        text, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(text)

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (OSError, RuntimeError):
            pass
        for _ in range(100):
            if os.waitpid(self.pid, os.WNOHANG)[0]:
                break
            time.sleep(0.05)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self._out)
        os.close(self._in)
        shutil.rmtree(self.profile, ignore_errors=True)


def model_page(chromium: Chromium, server, fake, scripts: tuple[str, ...] = ()):
    """A page of the site in ``chromium``, ready and set to use the fake provider (as browser.use_model);
    ``scripts`` run before the page's own, after browser.INSTRUMENT. Returns ``evaluate(expression)``
    and ``navigate(url)`` for that page."""
    target = chromium.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    page = chromium.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(expression: str):
        result = chromium.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                    "returnByValue": True}, page)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"].get("exception", {}).get("description", "failed"))
        return result["result"].get("value")

    def navigate(url: str) -> None:
        chromium.send("Page.navigate", {"url": url}, page)
        while evaluate(f"location.href === {json.dumps(url)} && document.readyState === 'complete'") is not True:
            time.sleep(0.02)

    chromium.send("Page.enable", {}, page)  # for the scripts below, which run before the page's own
    for script in (B.INSTRUMENT, *scripts):
        chromium.send("Page.addScriptToEvaluateOnNewDocument", {"source": script}, page)
    chromium.send("Page.navigate", {"url": server.url}, page)
    deadline = time.monotonic() + B.BOOT_TIMEOUT / 1000
    while evaluate("document.documentElement?.dataset.agentState || ''") != "ready":
        if time.monotonic() > deadline:
            raise RuntimeError("the page did not get ready")
        time.sleep(0.05)
    # Then settled, as a page is by the time its visitor has chosen a provider and pasted a key: warmed
    # up, its interpreter saved, the service worker installed (its install reads and hashes every file).
    while evaluate(f"({B.KEPT})()") is not True:
        if time.monotonic() > deadline:
            raise RuntimeError("the page's service worker did not take control")
        time.sleep(0.05)
    evaluate(USE_FAKE % json.dumps([fake.base_url("openai"), B.KEY]))
    B.model_list_asked(fake)
    return evaluate, navigate


def model_turns(server, fake, runs: int, bare_answer: dict, bare_runs: int) -> tuple[list[dict], list[float]]:
    """The typical two-step turn ``runs`` times (after one warm-up), as browser.model_turn measures it; then,
    in the same browser, the floor under it: ``bare_runs`` bare requests (browser.timed_bare_requests)."""
    chromium = Chromium()
    try:
        evaluate, navigate = model_page(chromium, server, fake)
        turns = []
        for i in range(runs + 1):  # the first is a warm-up (first request, CORS preflight)
            evaluate("document.getElementById('new').click()")
            fake.script(*two_step())
            mark = len(fake.requests)
            turn = evaluate(f"({B.ASK})({json.dumps(QUESTION)})")
            turn["server_ms"], turn["requests"] = server_ms(fake, mark)
            if i:
                turns.append(turn)

        bare = B.timed_bare_requests(navigate, lambda args: evaluate(f"({B.BARE_REQUESTS})({json.dumps(args)})"),
                                     fake, bare_answer, bare_runs)
        return turns, bare
    finally:
        chromium.close()


# browser.use_model, as the page's own events see it: Settings, the provider, the fake's base URL and a key.
USE_FAKE = """(([baseUrl, key]) => {
  document.querySelector('.panels [data-show="settings"]').click();
  const set = (id, value, event) => {
    const field = document.getElementById(id);
    field.value = value;
    field.dispatchEvent(new Event(event, { bubbles: true }));
  };
  set("provider", "openai", "change");
  set("base-url", baseUrl, "input");
  set("api-key", key, "input");
})(%s)"""
