"""The built page in headless Chromium: demo mode, a real-model conversation, the trace, voice, safety.

One page (one Pyodide boot) is shared by the tests of this module; fresh pages
check loading itself and on-device recognition. The Web Speech API does
nothing in headless Chromium, so recognition and synthesis are replaced by
small recording stubs (STUBS) that behave as Chrome's do, errors included;
the microphone is Chromium's fake device playing an espeak-ng WAV.
Run under `flock /tmp/browser.lock` so two browser suites never overlap.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlsplit

import pytest
from fake_provider import FakeProvider, reply
from page_helpers import BOOT_TIMEOUT, ask, last_answer, raw_json, reset, show, trace, use_model, wait_until
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

KEY = "sk-test-7f3a9c-visitor-key"

# Recording stand-ins for SpeechRecognition and speechSynthesis (see environment.md).
STUBS = r"""
(() => {
  window.__recognitions = [];
  class FakeRecognition extends EventTarget {
    constructor() { super(); this.running = false; window.__recognitions.push(this); }
    start() { this.running = true; this.dispatchEvent(new Event("start")); }
    stop() {
      if (!this.running) return;
      this.running = false;
      setTimeout(() => this.dispatchEvent(new Event("end")), 0);
    }
    abort() { this.stop(); }
    fail(error) {  // as Chrome does: an error event, then end
      this.running = false;
      this.dispatchEvent(Object.assign(new Event("error"), { error }));
      setTimeout(() => this.dispatchEvent(new Event("end")), 0);
    }
    hear(text) {
      const result = (transcript, isFinal) => Object.assign([{ transcript, confidence: 0.9 }], { isFinal });
      const send = (results) => this.dispatchEvent(Object.assign(new Event("result"), { resultIndex: 0, results }));
      send([result(text.split(" ").slice(0, 3).join(" "), false)]);
      send([result(text, true)]);
      this.stop();
    }
  }
  // On-device recognition as Chrome 139+ offers it; window.__onDevice sets what available() says.
  window.__installs = [];
  if (window.__onDevice) {
    FakeRecognition.available = async (options) => { window.__availableAsked = options; return window.__onDevice; };
    FakeRecognition.install = async (options) => { window.__installs.push(options); return true; };
  }
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;

  const synth = {
    queued: [], current: null, spoken: [], started: [], cancels: 0,
    get speaking() { return this.current !== null; },
    get pending() { return this.queued.length > 0; },
    speak(utterance) { this.spoken.push(utterance.text); this.queued.push(utterance); this.next(); },
    next() {
      if (this.current || this.queued.length === 0) return;
      const u = this.current = this.queued.shift();
      this.started.push(u.text);
      u.dispatchEvent(new Event("start"));
      setTimeout(() => {
        if (this.current !== u) return;
        this.current = null;
        u.dispatchEvent(new Event("end"));
        this.next();
      }, 400);
    },
    cancel() { this.cancels += 1; this.queued = []; this.current = null; },
    getVoices() { return []; },
    addEventListener() {}, removeEventListener() {}, pause() {}, resume() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
})();
"""
NO_RECOGNITION = "delete window.SpeechRecognition; delete window.webkitSpeechRecognition;"
# Every text an agent's bubble shows, in order (a MutationObserver on the conversation).
BUBBLES = """
window.__bubbles = [];
new MutationObserver(() => {
  for (const bubble of document.querySelectorAll("#log .turn.agent .text")) {
    if (bubble.textContent && window.__bubbles.at(-1) !== bubble.textContent) window.__bubbles.push(bubble.textContent);
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


@pytest.fixture(scope="module")
def fake():
    server = FakeProvider()
    yield server
    server.close()


@pytest.fixture(scope="module")
def shared(returning, site_url):
    """One booted page for the module (a returning visitor's), with the speech stubs."""
    from conftest import Watch

    context = returning.new_context()
    context.add_init_script(STUBS)
    watch = Watch()
    watch.attach(context)
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    yield page, watch
    context.close()


@pytest.fixture
def watch(shared):
    return shared[1]


@pytest.fixture
def page(shared, fake):
    """The shared page, reset; fails the test on page errors, console errors, outside requests, bad requests."""
    page, watch = shared
    reset(page)
    page.evaluate("() => { speechSynthesis.cancel(); speechSynthesis.spoken = []; speechSynthesis.started = []; }")
    watch.errors.clear()
    watch.outside.clear()
    watch.requests.clear()
    fake.requests.clear()
    fake.problems.clear()
    yield page
    watch.check()
    assert not fake.problems, fake.problems
    assert fake.pending() == 0, "the page made fewer model requests than scripted"


# --- loading ------------------------------------------------------------------------------

def test_fresh_page_loads_with_progress_and_answers_a_question_typed_while_loading(browser, site_url, watch_factory):
    context = browser.new_context()
    context.add_init_script(NO_RECOGNITION)  # as in Firefox: typing must still work
    context.add_init_script(BUBBLES)
    watch = watch_factory(context)
    page = context.new_page()
    page.goto(site_url)
    ask(page, "Who won the World Series in 2016?")
    assert page.locator("html").get_attribute("data-agent-state") == "loading"
    expect(page.get_by_role("log", name="Conversation")).to_contain_text("Waiting for the agent")

    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_contain_text("Chicago Cubs")
    # Asked before the agent had warmed up: its bubble said so until the answer came.
    assert page.evaluate("() => window.__bubbles")[0] == "Warming up: the first answer takes a few seconds…"
    progress = page.evaluate("() => { const p = document.getElementById('progress'); return [p.value, p.max]; }")
    config = json.loads(page.locator("#site-config").text_content())
    assert progress == [config["runtime_bytes"], config["runtime_bytes"]]  # every byte the runtime fetched, counted
    assert page.evaluate("() => performance.getEntriesByName('agent-ready').length") == 1
    assert page.evaluate("() => performance.getEntriesByName('answer-shown').length") == 1
    expect(page.get_by_role("button", name="Talk")).to_be_disabled()
    expect(page.locator("#voice-note")).to_contain_text("no speech recognition")
    assert all(urlsplit(r.url).hostname == "127.0.0.1" for r in watch.requests)
    context.close()


def test_the_worker_loads_the_runtime_before_the_page_says_anything(browser, site_url, watch_factory):
    """The runtime's folder is in the worker's URL, so its downloads do not wait for the page's first message."""
    context = browser.new_context()
    context.add_init_script("Worker.prototype.postMessage = function () {};")  # the worker hears nothing
    watch = watch_factory(context)
    page = context.new_page()
    page.goto(site_url)
    wanted = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
    asked: set[str] = set()
    for _ in range(200):
        asked = {urlsplit(r.url).path.rsplit("/", 1)[-1] for r in watch.requests}
        if wanted <= asked:
            break
        page.wait_for_timeout(50)
    assert wanted <= asked, f"not requested: {wanted - asked}"
    expect(page.locator("html")).to_have_attribute("data-agent-state", "loading")  # no init, so no boot
    context.close()


def test_a_runtime_that_cannot_download_is_said_plainly(browser, site_url, watch_factory):
    context = browser.new_context()
    watch = watch_factory(context)
    context.route("**/pyodide.asm.wasm*", lambda route: route.abort("internetdisconnected"))
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "error")
    expect(page.locator("#progress-label")).to_have_text(
        "The agent could not load: its files did not download or start. Check your connection, then reload the page.")
    # the browser's own report of the download this test cut
    watch.errors = [e for e in watch.errors if "ERR_INTERNET_DISCONNECTED" not in e]
    context.close()


def test_a_runtime_download_that_stalls_is_said_plainly(browser, site_url, watch_factory):
    context = browser.new_context()
    watch_factory(context)
    held = []
    context.route("**/pyodide-*/**", lambda route: held.append(route.request.url))  # asked for, never answered: no byte arrives
    page = context.new_page()
    page.clock.install()  # the page's own clock, so the 15 s without a byte pass at once
    page.goto(site_url)
    for _ in range(200):
        if any(url.endswith("pyodide.asm.wasm") for url in held):
            break
        page.wait_for_timeout(50)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "loading")
    page.clock.run_for(14_000)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "loading")
    page.clock.run_for(2_000)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "error")
    expect(page.locator("#progress-label")).to_have_text(
        "The agent could not load: its files stopped downloading. Check your connection, then reload the page.")
    context.close()


# --- demo mode ------------------------------------------------------------------------------

def test_demo_mode_answers_from_the_real_tool(page):
    expect(page.get_by_role("status")).to_have_text("Demo mode: no model")
    ask(page, "Who won the World Series in 2016?")
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_contain_text("Chicago Cubs")
    call = trace(page).locator(".call")
    expect(call.locator(".call-name")).to_contain_text("✓ season")
    expect(call.locator(".call-args")).to_have_text("Arguments: season 2016")
    expect(call.locator(".call-result")).to_contain_text("world series Chicago Cubs (NL) beat Cleveland Indians (AL) 4-3")
    raw = raw_json(call)
    assert raw["tool"] == "season" and raw["arguments"] == {"season": 2016}
    assert raw["result"]["world_series"] == "Chicago Cubs (NL) beat Cleveland Indians (AL) 4-3"
    assert len(raw["result"]["rounds"]) == 8  # the whole result, nothing cut


def test_the_status_line_says_who_answers_as_python_decides_for_every_provider(page, watch):
    """The page's status line before any question (the config's verdicts) agrees with the agent's own
    (Conversation.describe): each provider with no key, then with one. (Choosing a local provider looks for
    its server, which is not running here: those refused connections are expected.)"""
    import build
    from agent_py.conversation import Conversation

    conversation = Conversation(*build.load_settings())
    show(page, "Settings")
    status = page.get_by_role("status")
    for pid in page.get_by_role("combobox", name="Provider").locator("option").evaluate_all("os => os.map((o) => o.value)"):
        page.get_by_role("combobox", name="Provider").select_option(pid)
        for key in ["", "sk-status-LINE"]:
            page.get_by_role("textbox", name="API key").fill(key)
            model = page.get_by_role("combobox", name="Model").input_value()
            expect(status).to_have_text(conversation.describe({"provider": pid, "model": model, "api_key": key}))
    page.get_by_role("button", name="Forget key").click()
    watch.errors = [e for e in watch.errors if not e.endswith("net::ERR_CONNECTION_REFUSED")]
    watch.outside = [url for url in watch.outside if urlsplit(url).hostname != "localhost"]


def test_a_demo_conversation_follows_up(page):
    """Follow-ups in demo mode: the team and the season carry over from the questions before."""
    ask(page, "How did the Red Sox do in 1986?")
    expect(last_answer(page, 1).locator(".text")).to_contain_text("The 1986 Boston Red Sox finished with 95 wins and 66 losses")
    ask(page, "and the year after?")
    expect(last_answer(page, 2).locator(".text")).to_contain_text("The 1987 Boston Red Sox finished with 78 wins and 84 losses")
    ask(page, "who managed them?")
    expect(last_answer(page, 3).locator(".text")).to_contain_text("John McNamara managed the 1987 Boston Red Sox.")
    steps = trace(page).locator(".trace-turn .call-args")
    expect(steps).to_have_text(["Arguments: team Boston Red Sox · season 1986", "Arguments: team Boston Red Sox · season 1987",
                                "Arguments: team Boston Red Sox · season 1987"])


def test_what_the_demo_cannot_answer_comes_with_questions_it_can_as_buttons(page):
    ask(page, "Who won the Stanley Cup in 1994?")
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_contain_text("The data here is Major League Baseball only")
    suggestions = turn.get_by_role("list", name="Questions to try").get_by_role("button")
    expect(suggestions).to_have_text(["who won the World Series in 1994?"])
    suggestions.first.click()
    expect(page.get_by_role("log", name="Conversation").locator(".turn.visitor .text").nth(1)).to_have_text(
        "who won the World Series in 1994?")
    expect(last_answer(page, 2).locator(".text")).to_contain_text("1994")


def test_the_leaders_table_names_its_columns(page):
    ask(page, "Who led the majors in home runs in 2001?")
    figure = last_answer(page, 1).locator("figure.ranking")
    expect(figure.locator("figcaption")).to_have_text("leaders: home runs, 2001")
    assert figure.locator("th").all_text_contents() == ["Name", "HR", "bar"]
    expect(figure.locator("tr").nth(1)).to_contain_text("Barry Bonds73")


# --- a real model, through the Base URL setting -------------------------------------------------

@pytest.mark.parametrize("wire,provider,model", [("openai", "openai", "gpt-6.1-terra"),
                                                 ("anthropic", "anthropic", "claude-sonnet-5-5")])
def test_real_model_streams_calls_a_tool_and_answers(page, watch, fake, wire, provider, model):
    answer = "Barry Bonds led with 73 home runs in 2001."
    fake.script(reply(calls=[("leaders", {"stat": "HR", "season": 2001, "top": 3})], usage=(120, 20)),
                reply(answer, usage=(300, 15), chunks=4))
    use_model(page, provider, fake.base_url(wire), KEY, model)
    expect(page.get_by_role("status")).to_contain_text(model)
    ask(page, "Who hit the most home runs in 2001?")
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_have_text(answer)

    posts = [r for r in fake.requests if r["method"] == "POST"]
    assert len(posts) == 2 and all(r["stream"] for r in posts)
    if wire == "openai":
        assert posts[0]["headers"]["authorization"] == f"Bearer {KEY}"
        result = posts[1]["body"]["messages"][-1]["content"]
    else:
        assert posts[0]["headers"]["x-api-key"] == KEY
        assert posts[0]["headers"]["anthropic-dangerous-direct-browser-access"] == "true"
        result = posts[1]["body"]["messages"][-1]["content"][0]["content"]
    # The trace shows the call readably, and the very result the model was sent, whole, one click away.
    panel = trace(page)
    call = panel.locator(".call")
    expect(call.locator(".call-name")).to_contain_text("✓ leaders")
    expect(call.locator(".call-args")).to_have_text("Arguments: stat HR · season 2001 · top 3")
    expect(call.locator(".call-result")).to_have_text(
        "Result: home runs, 2001: Barry Bonds 73, Sammy Sosa 64, Luis Gonzalez 57")
    raw = raw_json(call)
    assert raw == {"tool": "leaders", "arguments": {"stat": "HR", "season": 2001, "top": 3}, "result": json.loads(result)}
    expect(panel.locator(".step-title").nth(0)).to_contain_text("120 in / 20 out tokens · asked for tools")
    expect(panel.locator(".step-title").nth(1)).to_contain_text("300 in / 15 out tokens · answered")
    expect(panel.locator(".trace-cost")).to_have_text(f"Turn cost: {money(_cost(provider, model, 420, 35))}")
    rows = json.loads(result)["leaders"]
    cells = turn.locator("figure.ranking tr").all()[1:]
    assert [c.locator("td").nth(0).text_content() for c in cells] == [r["name"] for r in rows]
    assert [c.locator("td").nth(1).text_content() for c in cells] == [str(r["value"]) for r in rows]
    assert "Barry Bonds" in rows[0]["name"] and rows[0]["value"] == 73

    _assert_key_went_only_to(watch, fake)
    show(page, "Settings")
    page.get_by_role("checkbox", name="Remember key on this device").check()
    assert page.evaluate("key => Object.values(localStorage).includes(key)", KEY)
    page.get_by_role("button", name="Forget key").click()
    _assert_key_stored_nowhere(page)
    expect(page.get_by_role("status")).to_have_text("Demo mode: no model")


def money(dollars: float) -> str:
    """As the page writes an amount: to the millionth of a dollar under a cent, else to the ten-thousandth."""
    return f"${dollars:.6f}" if 0 < dollars < 0.01 else f"${dollars:.4f}"


def _cost(provider: str, model: str, tokens_in: int, tokens_out: int) -> float:
    import yaml
    from conftest import ROOT

    table = yaml.safe_load((ROOT / "data" / "providers.yaml").read_text(encoding="utf-8"))
    row = next(m for m in table[provider]["models"] if m["id"] == model)
    return (tokens_in * row["input"] + tokens_out * row["output"]) / 1e6


def test_the_cost_uses_the_price_that_applies_when_asked(page, fake):
    """DeepSeek bills half price off-peak: the turn is priced at whichever applied when it was asked."""
    from datetime import datetime, timezone

    from agent_py.providers import load_table, price

    fake.script(reply("Noon.", usage=(100_000, 20_000)))
    use_model(page, "deepseek", fake.base_url("openai"), KEY, "deepseek-flash")
    before = datetime.now(timezone.utc)
    ask(page, "What time is it?")
    last_answer(page, 1)
    after = datetime.now(timezone.utc)
    import yaml
    from conftest import ROOT

    deepseek = load_table(yaml.safe_load((ROOT / "data" / "providers.yaml").read_text(encoding="utf-8")))["deepseek"]
    rates = {price(deepseek, "deepseek-flash", 100_000, when)["price"] for when in (before, after)}
    assert len(rates) == 1, "asked exactly as the peak hours began or ended: ask again"
    rate = price(deepseek, "deepseek-flash", 100_000, before)
    expected = (100_000 * rate["input"] + 20_000 * rate["output"]) / 1e6
    expect(trace(page).locator(".trace-cost")).to_have_text(f"Turn cost: {money(expected)} · price: {rate['price']}")
    expect(last_answer(page, 1).locator(".meta")).to_contain_text(f"cost {money(expected)}")


def _assert_key_went_only_to(watch, fake: FakeProvider) -> None:
    carried = [r.url for r in watch.requests
               if KEY in json.dumps(r.headers) or KEY in r.url or KEY in (r.post_data or "")]
    assert carried, "the key was never sent"
    assert all(url.startswith(fake.url + "/") for url in carried), f"the key went to {carried}"


def _assert_key_stored_nowhere(page: Page) -> None:
    stored = page.evaluate("""() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage),
                                                  document.cookie, document.getElementById('api-key').value])""")
    assert KEY not in stored


def test_stop_cancels_the_model_call(page, fake):
    fake.script({"fault": "hang"})
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-6.1-terra")
    ask(page, "Who won the World Series in 2016?")
    wait_until(page, "() => document.querySelectorAll('.trace-step').length > 0")
    time.sleep(0.3)
    page.get_by_role("button", name="Stop").click()
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_have_text("Stopped.")
    expect(turn.locator(".meta")).to_have_text("0 steps · stopped by you")
    expect(trace(page).locator(".trace-end")).to_have_text("Stopped by you.")


# --- the model list: what the key can use, asked of the provider itself ------------------------

def _model_options(page: Page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#model-list option')].map((o) => o.value)")


@pytest.mark.parametrize("wire,provider", [("openai", "openai"), ("anthropic", "anthropic")])
def test_the_model_list_comes_from_the_providers_models_endpoint(page, fake, wire, provider):
    use_model(page, provider, fake.base_url(wire), KEY)
    table = [m["id"] for m in json.loads(page.locator("#site-config").text_content())["providers"][provider]["models"]]
    listed_in_table = [m for m in table if m in fake.models]
    wait_until(page, "() => document.getElementById('model-note').textContent.includes('lists')")
    options = _model_options(page)
    assert options[:len(listed_in_table)] == listed_in_table  # the priced ones first
    assert "fake-extra-model" in options and "text-embedding-3-small" not in options  # chat models only
    expect(page.locator("#model-note")).to_contain_text(f"lists {len(options)} models for this key")
    gets = [r for r in fake.requests if r["method"] == "GET"]
    assert gets and gets[-1]["path"] == "/v1/models"
    sent = {k for k in gets[-1]["headers"] if k not in ("host", "connection", "accept", "accept-encoding", "accept-language",
                                                        "user-agent", "origin", "referer") and not k.startswith("sec-")}
    if wire == "openai":
        assert sent == {"authorization"} and gets[-1]["headers"]["authorization"] == f"Bearer {KEY}"
    else:
        assert sent == {"x-api-key", "anthropic-version", "anthropic-dangerous-direct-browser-access"}


def test_a_public_model_list_is_asked_with_no_header_and_a_refused_one_falls_back(page, watch, fake):
    use_model(page, "openrouter", fake.base_url("openai"), KEY)
    wait_until(page, "() => document.getElementById('model-note').textContent.includes('lists')")
    get = [r for r in fake.requests if r["method"] == "GET"][-1]
    assert "authorization" not in get["headers"] and not [r for r in fake.requests if r["method"] == "OPTIONS"]

    closed = FakeProvider(cors=False)
    try:
        page.get_by_role("textbox", name="Base URL").fill(closed.base_url("openai"))
        wait_until(page, "() => document.getElementById('model-note').textContent.includes('Could not')")
        expect(page.locator("#model-note")).to_contain_text(
            "Could not get the list of models from OpenRouter (no answer); the list shows the page's own.")
        table = [m["id"] for m in json.loads(page.locator("#site-config").text_content())["providers"]["openrouter"]["models"]]
        assert _model_options(page) == table
        # Chromium's own report of the refusal this test caused (the page itself logs nothing)
        assert all(closed.url in e or "net::ERR_FAILED" in e for e in watch.errors), watch.errors
        watch.errors.clear()
    finally:
        closed.close()
    page.get_by_role("textbox", name="Base URL").fill(fake.base_url("openai"))
    wait_until(page, "() => document.getElementById('model-note').textContent.includes('lists')")


# --- voice ------------------------------------------------------------------------------------

def level(page: Page) -> float:
    return page.evaluate("() => parseFloat(document.querySelector('[data-level-ring]').style.getPropertyValue('--level') || '0')")


def test_voice_listens_with_a_live_level_asks_and_speaks_sentence_by_sentence(page, fake):
    sentences = ["The Chicago Cubs won the 2016 World Series.", "They beat Cleveland in seven games.",
                 "It was their first title since 1908."]
    fake.script(reply(" ".join(sentences), chunks=7))
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-6.1-terra")
    show(page, "Conversation")
    talk = page.get_by_role("button", name="Talk")
    talk.click()
    expect(talk).to_have_attribute("aria-pressed", "true")
    peak = max(_sample_levels(page, seconds=3.0))
    assert peak > 0.1, f"the ring's --level stayed at {peak}"

    page.evaluate("() => window.__recognitions.at(-1).hear('who won the world series in 2016')")
    expect(talk).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("log", name="Conversation").locator(".turn.visitor")).to_have_text(
        re.compile("who won the world series in 2016"))
    last_answer(page, 1)
    posts = [r for r in fake.requests if r["method"] == "POST"]
    assert posts[0]["body"]["messages"][-1]["content"] == "who won the world series in 2016"
    wait_until(page, "() => speechSynthesis.spoken.length >= 3")
    assert page.evaluate("() => speechSynthesis.spoken") == sentences
    assert level(page) == 0  # the microphone is closed while the answer is spoken

    # Talk while speaking: the speech stops and listening starts.
    wait_until(page, "() => speechSynthesis.speaking")
    cancels = page.evaluate("() => speechSynthesis.cancels")
    talk.click()
    expect(talk).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => speechSynthesis.cancels") > cancels
    assert not page.evaluate("() => speechSynthesis.speaking || speechSynthesis.pending")
    talk.click()
    expect(talk).to_have_attribute("aria-pressed", "false")

    # Stop: nothing more is spoken.
    fake.script(reply(" ".join(sentences), chunks=7))
    ask(page, "And again?")
    last_answer(page, 2)
    wait_until(page, "() => speechSynthesis.speaking")
    page.get_by_role("button", name="Stop").click()
    started = page.evaluate("() => speechSynthesis.started.length")
    spoken = page.evaluate("() => speechSynthesis.spoken.length")
    time.sleep(1.2)
    assert page.evaluate("() => [speechSynthesis.started.length, speechSynthesis.spoken.length]") == [started, spoken]
    assert not page.evaluate("() => speechSynthesis.speaking || speechSynthesis.pending")


def test_typing_interrupts_the_speech_at_once(page):
    ask(page, "How did the 1994 Expos do?")  # a demo answer of several sentences
    last_answer(page, 1)
    wait_until(page, "() => speechSynthesis.speaking")
    started = page.evaluate("() => speechSynthesis.started.length")
    cancels = page.evaluate("() => speechSynthesis.cancels")
    page.get_by_role("textbox", name="Question").press("W")
    assert page.evaluate("() => speechSynthesis.cancels") > cancels
    assert not page.evaluate("() => speechSynthesis.speaking || speechSynthesis.pending")
    time.sleep(1.0)
    assert page.evaluate("() => speechSynthesis.started.length") == started  # nothing more of this answer
    expect(page.get_by_role("textbox", name="Question")).to_have_value("W")


def _sample_levels(page: Page, seconds: float) -> list[float]:
    values, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        values.append(level(page))
        if values[-1] > 0.1:
            break
        time.sleep(0.05)
    return values


# Chrome's recognition error codes, and what the visitor reads for each, word for word.
RECOGNITION_ERRORS = {
    "not-allowed": "The microphone is blocked for this page. Allow it in the browser's site settings (the icon beside "
                   "the address), or type your question.",
    "service-not-allowed": "This browser does not allow speech recognition on this page. Type your question instead.",
    "audio-capture": "No microphone was found. Connect one, or close other apps that are using it, then press Talk "
                     "again; or type your question.",
    "network": "Speech recognition needs the network (the browser sends your voice to its speech service) and could "
               "not reach it. Check your connection, or type your question.",
    "no-speech": "No speech was heard. Press Talk and speak, or type your question.",
    "language-not-supported": "Speech recognition does not offer US English here. Type your question instead.",
    "bad-grammar": "Speech recognition stopped unexpectedly. Press Talk to try again, or type your question.",
}


def test_every_recognition_error_says_what_to_do(page):
    talk = page.get_by_role("button", name="Talk")
    note = page.locator("#voice-note")
    for code, sentence in RECOGNITION_ERRORS.items():
        talk.click()
        expect(talk).to_have_attribute("aria-pressed", "true")
        page.evaluate("code => window.__recognitions.at(-1).fail(code)", code)
        expect(talk).to_have_attribute("aria-pressed", "false")
        expect(note).to_have_text(sentence)
        assert f": {code}" not in note.text_content()  # never the raw code
    page.evaluate("() => window.__recognitions.at(-1).fail('aborted')")  # the page stopped it: nothing to say
    expect(note).to_have_text("")


def test_the_idle_talk_ring_is_a_plain_outline_and_listening_shows_the_level(page):
    ring = page.locator("[data-level-ring]")
    assert ring.evaluate("r => getComputedStyle(r).boxShadow") == "none"
    talk = page.get_by_role("button", name="Talk")
    border = talk.evaluate("t => getComputedStyle(t).borderTopColor")
    red, green, blue = (int(v) for v in re.findall(r"\d+", border)[:3])
    assert not (red > 150 and red > green + 60), f"the idle Talk button's border is reddish: {border}"
    talk.click()
    expect(ring).to_have_class(re.compile("listening"))
    assert ring.evaluate("r => getComputedStyle(r).boxShadow") != "none"
    talk.click()
    expect(ring).not_to_have_class(re.compile("listening"))


@pytest.mark.parametrize("status,checked,privacy", [
    ("available", True, "Speech is recognised on this device: your voice does not leave it."),
    ("downloadable", False, "Chrome sends your voice to Google's speech service to turn it into text. Tick the box "
                            "above to recognise speech on this device instead (the browser downloads the language once)."),
    ("unavailable", None, "Chrome sends your voice to Google's speech service to turn it into text."),
])
def test_on_device_recognition_is_offered_where_the_browser_has_it(returning, site_url, watch_factory, status, checked,
                                                                   privacy):
    context = returning.new_context()
    context.add_init_script(f"window.__onDevice = {json.dumps(status)};")
    context.add_init_script(STUBS)
    watch_factory(context)
    page = context.new_page()
    page.goto(site_url)  # voice needs no agent: no wait for the runtime
    show(page, "Settings")
    box = page.get_by_role("checkbox", name="Recognise speech on this device")
    expect(page.locator("#voice-privacy")).to_have_text(privacy)
    assert page.evaluate("() => window.__availableAsked") == {"langs": ["en-US"], "processLocally": True}
    if checked is None:
        expect(box).to_be_hidden()
    elif checked:
        expect(box).to_be_checked()
    else:
        expect(box).not_to_be_checked()
        box.check()
        expect(page.locator("#voice-privacy")).to_have_text(
            "Speech is recognised on this device: your voice does not leave it.")
        assert page.evaluate("() => window.__installs") == [{"langs": ["en-US"], "processLocally": True}]
    show(page, "Conversation")
    page.get_by_role("button", name="Talk").click()
    assert page.evaluate("() => window.__recognitions.at(-1).processLocally === true") is (checked is not None)
    context.close()


def test_recognition_without_chromes_on_device_api_names_no_speech_service(returning, site_url, watch_factory):
    """Recognition as Safari has it (no available()): the page does not say the voice goes to Google."""
    context = returning.new_context()
    context.add_init_script(STUBS)
    watch_factory(context)
    page = context.new_page()
    page.goto(site_url)
    show(page, "Settings")
    expect(page.locator("#voice-privacy")).to_have_text(
        "Your browser turns your voice into text with its own speech service, which may send the audio to its "
        "maker's servers.")
    context.close()


# --- safety and keyboard --------------------------------------------------------------------------

def test_model_output_with_html_is_shown_as_text(page, fake):
    payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>'
    fake.script(reply(calls=[('<img src=y onerror="window.__pwned=3">', {"x": "<script>window.__pwned=4</script>"})]),
                reply(payload))
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-6.1-terra")
    ask(page, "<i>Who</i> won?")
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_have_text(payload)
    call = trace(page).locator(".call")
    expect(call.locator(".call-result")).to_contain_text("unknown tool")
    raw_json(call)  # opened: the raw JSON is text too
    for where in ["#log", "#trace"]:
        assert page.locator(f"{where} img, {where} script, {where} b, {where} i").count() == 0
    time.sleep(0.3)
    assert page.evaluate("() => window.__pwned") is None
