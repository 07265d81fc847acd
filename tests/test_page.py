"""The built page in headless Chromium: demo mode, a real-model conversation, voice, safety.

One page (one Pyodide boot) is shared by the tests of this module; a second,
fresh page checks loading itself. The Web Speech API does nothing in headless
Chromium, so recognition and synthesis are replaced by small recording stubs
(STUBS); the microphone is Chromium's fake device playing an espeak-ng WAV.
Run under `flock /tmp/browser.lock` so two browser suites never overlap.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlsplit

import pytest
from fake_provider import FakeProvider, reply
from page_helpers import BOOT_TIMEOUT, ask, last_answer, reset, use_model, wait_until
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
    hear(text) {
      const result = (transcript, isFinal) => Object.assign([{ transcript, confidence: 0.9 }], { isFinal });
      const send = (results) => this.dispatchEvent(Object.assign(new Event("result"), { resultIndex: 0, results }));
      send([result(text.split(" ").slice(0, 3).join(" "), false)]);
      send([result(text, true)]);
      this.stop();
    }
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


@pytest.fixture(scope="module")
def fake():
    server = FakeProvider()
    yield server
    server.close()


@pytest.fixture(scope="module")
def shared(browser, site_url):
    """One booted page for the module, with the speech stubs."""
    from conftest import Watch

    context = browser.new_context()
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
    watch = watch_factory(context)
    page = context.new_page()
    page.goto(site_url)
    ask(page, "Who won the World Series in 2016?")
    assert page.locator("html").get_attribute("data-agent-state") == "loading"
    expect(page.get_by_role("log", name="Conversation")).to_contain_text("Waiting for the agent")

    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_contain_text("Chicago Cubs")
    progress = page.evaluate("() => { const p = document.getElementById('progress'); return [p.value, p.max]; }")
    config = json.loads(page.locator("#site-config").text_content())
    assert progress == [config["runtime_bytes"], config["runtime_bytes"]]  # every byte the runtime fetched, counted
    assert page.evaluate("() => performance.getEntriesByName('agent-ready').length") == 1
    assert page.evaluate("() => performance.getEntriesByName('answer-shown').length") == 1
    expect(page.get_by_role("button", name="Talk")).to_be_disabled()
    expect(page.locator("#voice-note")).to_contain_text("no speech recognition")
    assert all(urlsplit(r.url).hostname == "127.0.0.1" for r in watch.requests)
    context.close()


# --- demo mode ------------------------------------------------------------------------------

def test_demo_mode_answers_from_the_real_tool(page):
    expect(page.get_by_role("status")).to_have_text("Demo mode: no model")
    ask(page, "Who won the World Series in 2016?")
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_contain_text("Chicago Cubs")
    trace = page.get_by_role("region", name="Trace")
    expect(trace.locator(".call-name")).to_contain_text("season")
    expect(trace.locator(".call-args")).to_have_text('{"season":2016}')
    expect(trace.locator(".call-result")).to_contain_text("Chicago Cubs (NL) beat Cleveland Indians (AL) 4-3")


# --- a real model, through the Base URL setting -------------------------------------------------

@pytest.mark.parametrize("wire,provider,model", [("openai", "openai", "gpt-5-mini"),
                                                 ("anthropic", "anthropic", "claude-haiku-4-5")])
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
    # The trace shows the call and the very result the model was sent; the chart is drawn from it.
    trace = page.get_by_role("region", name="Trace")
    expect(trace.locator(".call-name")).to_contain_text("leaders")
    expect(trace.locator(".call-args")).to_have_text('{"stat":"HR","season":2001,"top":3}')
    shown = trace.locator(".call-result").text_content()
    assert result.startswith(shown.rstrip("…"))
    expect(trace).to_contain_text("120 in / 20 out tokens")
    expect(trace).to_contain_text("Turn cost: $")
    rows = json.loads(result)["leaders"]
    cells = turn.locator("figure.ranking tr").all()[1:]
    assert [c.locator("td").nth(0).text_content() for c in cells] == [r["name"] for r in rows]
    assert [c.locator("td").nth(1).text_content() for c in cells] == [str(r["value"]) for r in rows]
    assert "Barry Bonds" in rows[0]["name"] and rows[0]["value"] == 73

    _assert_key_went_only_to(watch, fake)
    page.get_by_role("checkbox", name="Remember key on this device").check()
    assert page.evaluate("key => Object.values(localStorage).includes(key)", KEY)
    page.get_by_role("button", name="Forget key").click()
    _assert_key_stored_nowhere(page)
    expect(page.get_by_role("status")).to_have_text("Demo mode: no model")


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
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-5-mini")
    ask(page, "Who won the World Series in 2016?")
    wait_until(page, "() => document.querySelectorAll('.trace-step').length > 0")
    time.sleep(0.3)
    page.get_by_role("button", name="Stop").click()
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_have_text("Stopped.")
    expect(turn.locator(".meta")).to_contain_text("stopped: cancelled")


# --- voice ------------------------------------------------------------------------------------

def level(page: Page) -> float:
    return page.evaluate("() => parseFloat(document.querySelector('[data-level-ring]').style.getPropertyValue('--level') || '0')")


def test_voice_listens_with_a_live_level_asks_and_speaks_sentence_by_sentence(page, fake):
    sentences = ["The Chicago Cubs won the 2016 World Series.", "They beat Cleveland in seven games.",
                 "It was their first title since 1908."]
    fake.script(reply(" ".join(sentences), chunks=7))
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-5-mini")
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


def _sample_levels(page: Page, seconds: float) -> list[float]:
    values, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        values.append(level(page))
        if values[-1] > 0.1:
            break
        time.sleep(0.05)
    return values


# --- safety and layout --------------------------------------------------------------------------

def test_model_output_with_html_is_shown_as_text(page, fake):
    payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>'
    fake.script(reply(calls=[('<img src=y onerror="window.__pwned=3">', {"x": "<script>window.__pwned=4</script>"})]),
                reply(payload))
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-5-mini")
    ask(page, "<i>Who</i> won?")
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_have_text(payload)
    for where in ["#log", "#trace"]:
        assert page.locator(f"{where} img, {where} script, {where} b, {where} i").count() == 0
    expect(page.get_by_role("region", name="Trace").locator(".call-result")).to_contain_text("unknown tool")
    time.sleep(0.3)
    assert page.evaluate("() => window.__pwned") is None


def test_keyboard_only_on_a_phone_sized_screen(page):
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        page.get_by_role("heading", level=1).click()  # Tab starts from the top, whatever the last test focused
        for _ in range(6):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.id") == "question":
                break
        assert page.evaluate("() => document.activeElement.id") == "question"
        page.keyboard.type("Who won the World Series in 2016?")
        page.keyboard.press("Enter")
        last_answer(page, 1)
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Ask"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
