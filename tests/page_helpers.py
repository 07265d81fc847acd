"""Helpers shared by the page's fault and key-safety tests (tests/test_page_faults.py, test_key_safety.py).

A context made here blocks service workers (so every request is seen and
routable), gets a short model timeout by rewriting the page's site config in
flight (the product's own ``request_timeout`` setting, not a test hook), and
records everything: requests from the page and its worker, console messages,
page errors and dialogs. ``Recorder.check`` fails on a page error, a dialog,
a request outside 127.0.0.1, or a console error other than the browser's own
report of a network failure the test caused on purpose.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

BOOT_TIMEOUT = 60_000
ANSWER_TIMEOUT = 30_000
CONFIG_TAG = re.compile(r'(<script type="application/json" id="site-config">)(.*?)(</script>)', re.S)
# What Chromium itself prints when a request fails (an error status, a refused connection, a CORS or CSP block).
BROWSER_NETWORK_NOTES = ("Failed to load resource", "net::ERR_", "blocked by CORS policy", "Refused to connect",
                         "violates the following Content Security Policy", "Failed to fetch")


class Recorder:
    def __init__(self):
        self.requests: list[dict] = []
        self.console: list[tuple[str, str]] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.failed: dict[str, str] = {}  # url -> the browser's reason

    def attach(self, context) -> None:
        context.on("request", self._on_request)
        context.on("requestfailed", lambda r: self.failed.__setitem__(r.url, r.failure or ""))
        context.on("page", self.attach_page)

    def attach_page(self, page) -> None:
        page.on("console", lambda m: self.console.append((m.type, m.text)))
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("dialog", self._on_dialog)
        page.on("worker", lambda w: w.on("console", lambda m: self.console.append((m.type, m.text))))

    def _on_dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _on_request(self, request) -> None:
        try:
            headers = request.all_headers()
        except Exception:  # a request the browser blocked before sending has no raw headers
            headers = request.headers
        self.requests.append({"url": request.url, "method": request.method, "headers": headers,
                              "post": request.post_data or ""})

    def clear(self) -> None:
        self.requests.clear()
        self.console.clear()
        self.errors.clear()
        self.dialogs.clear()
        self.failed.clear()

    def forget(self) -> None:
        """Start recording afresh (a page shared by several tests: each checks what it caused)."""
        self.__init__()

    def check(self) -> None:
        assert not self.errors, self.errors
        assert not self.dialogs, self.dialogs
        outside = [r["url"] for r in self.requests if not r["url"].startswith(("data:", "blob:"))
                   and urlsplit(r["url"]).hostname != "127.0.0.1"]
        assert not outside, f"requests outside 127.0.0.1: {outside}"
        unexpected = [text for kind, text in self.console
                      if kind == "error" and not any(note in text for note in BROWSER_NETWORK_NOTES)]
        assert not unexpected, unexpected


def with_site_settings(context, site_url: str, **site) -> None:
    """Serve the page with these site settings changed (e.g. request_timeout=4)."""
    def handle(route):
        response = route.fetch()
        html = response.text()
        match = CONFIG_TAG.search(html)
        config = json.loads(match.group(2))
        config["site"].update(site)
        blob = json.dumps(config).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        html = html[:match.start(2)] + blob + html[match.end(2):]
        route.fulfill(response=response, body=html)

    context.route(site_url.rstrip("/") + "/", handle)


def open_page(new_context, site_url: str, **site):
    """A booted page in a context from ``new_context`` (a returning visitor's: conftest's ``returning``),
    with a Recorder attached."""
    context = new_context(service_workers="block")
    recorder = Recorder()
    recorder.attach(context)
    if site:
        with_site_settings(context, site_url, **site)
    page = context.new_page()
    page.goto(site_url)
    if site:  # while a route is set Chromium adds cache-control to every request, which providers refuse
        context.unroute_all()
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    return context, page, recorder


def wait_until(page: Page, script: str, timeout: float = 10.0, interval: float = 0.05):
    """Poll a JS function until it returns something truthy (wait_for_function needs eval: the CSP forbids it)."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(script)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {script}")
        time.sleep(interval)


def show(page: Page, panel: str) -> None:
    """Bring a panel into view as a visitor does: Conversation, Trace or Settings in the Panels bar.

    On a phone one panel shows at a time; on a wide screen the conversation is always there (its
    button is hidden) beside Trace or Settings.
    """
    button = page.get_by_role("navigation", name="Panels").get_by_role("button", name=re.compile(f"^{panel}"))
    if button.is_visible() and button.get_attribute("aria-pressed") != "true":
        button.click()


def answers(page: Page):
    return page.get_by_role("log", name="Conversation").locator(".turn.agent")


def ask(page: Page, question: str) -> None:
    show(page, "Conversation")
    page.get_by_role("textbox", name="Question").fill(question)
    page.get_by_role("button", name="Ask", exact=True).click()


def last_answer(page: Page, count: int):
    """The count-th answer once its actions are shown (the turn has ended, answered or not)."""
    turn = answers(page).nth(count - 1)
    expect(turn.locator(".actions")).to_be_visible(timeout=ANSWER_TIMEOUT)
    return turn


def use_model(page: Page, provider: str, base_url: str, key: str, model: str | None = None) -> None:
    show(page, "Settings")
    page.get_by_role("combobox", name="Provider").select_option(provider)
    if model:
        page.get_by_role("combobox", name="Model").fill(model)
    page.get_by_role("textbox", name="Base URL").fill(base_url)
    page.get_by_role("textbox", name="API key").fill(key)


def reset(page: Page) -> None:
    show(page, "Conversation")
    new = page.get_by_role("button", name="New conversation")
    if new.is_visible():  # shown once there is a conversation
        new.click()
    show(page, "Settings")
    page.get_by_role("button", name="Forget key").click()
    page.get_by_role("combobox", name="Provider").select_option("anthropic")
    show(page, "Trace")
    show(page, "Conversation")
    page.get_by_role("textbox", name="Question").fill("")
    expect(page.get_by_role("log", name="Conversation").locator("li")).to_have_count(0)


def trace(page: Page):
    """The Trace panel, shown."""
    show(page, "Trace")
    return page.get_by_role("region", name="Trace")


def raw_json(call) -> dict:
    """A traced call's raw JSON, opened with its "Raw JSON" switch as a visitor would."""
    details = call.locator("details.raw")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    return json.loads(details.locator("pre").text_content())
