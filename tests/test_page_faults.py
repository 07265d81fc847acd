"""Provider faults in the page (headless Chromium, the real worker and Pyodide), both wires.

The page always streams, so each fault runs once per wire. For every fault the
visitor sees ONE clear message in the conversation (and no dialog), the trace
marks the step that failed with the same message, the question is back in the
Question box and a "Try again" button asks it again in one action, the
number of model requests shows retries are bounded, and the next question
works (the fake provider checks the conversation it is sent). The page's
model timeout is shortened to TIMEOUT seconds through the site setting
``request_timeout``, so a hang is seen to time out, and Stop works during one.
A provider without CORS headers (FakeProvider(cors=False)) looks to the browser
like a network failure: the message says what to check, with the provider's hint.
Run under `flock /tmp/browser.lock`.
"""

from __future__ import annotations

import socket
import time

import pytest
from fake_provider import FakeProvider, error, reply
from page_helpers import ask, last_answer, open_page, reset, use_model, wait_until
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

KEY = "sk-page-fault-SECRET-93b1"
TIMEOUT = 4  # seconds: the page's request_timeout in this module
MODELS = {"openai": ("openai", "gpt-5-mini", "OpenAI"), "anthropic": ("anthropic", "claude-haiku-4-5", "Anthropic")}


def _cut(after: int, **kw) -> dict:
    return {**reply(**kw), "fault": "cut", "after": after}


# name: (script, phrase in the message, model requests, ends)
FAULTS = {
    "401": ([error(401)], "rejected the API key (401)", 1, "error"),
    "403": ([error(403)], "refused this key access (403)", 1, "error"),
    "429 retry-after": ([error(429, retry_after="0")] * 3, "rate limiting this key (429)", 3, "error"),
    "429": ([error(429)] * 3, "rate limiting this key (429)", 3, "error"),
    "500": ([error(500)] * 3, "server error (500)", 3, "error"),
    "502": ([error(502)] * 3, "server error (502)", 3, "error"),
    "503": ([error(503)] * 3, "(503). Ask again in a minute", 3, "error"),
    "529": ([error(529)] * 3, "overloaded right now (529)", 3, "error"),
    "connection refused": ([], "could not be reached at", 0, "error"),
    "hang": ([{"fault": "hang"}], f"did not answer in time (no response within {TIMEOUT} s)", 1, "error"),
    "not JSON": ([{"fault": "not_json"}], "not JSON", 1, "error"),
    # a browser reports a connection closed without an answer like one never made ("Failed to fetch")
    "dropped": ([{"fault": "drop"}], "could not be reached at", 1, "error"),
    "cut in text": ([_cut(4, text="The 1998 Yankees won 114 games, a record.", chunks=6)],
                    "stopped sending in the middle of the answer", 1, "error"),
    "cut in tool arguments": ([_cut(5, calls=[("season", {"season": 2016})])],
                              "stopped sending in the middle of the answer", 1, "error"),
    "text cut by token limit": ([reply("The answer is fi", stop="length")], "cut off by the model's output limit",
                                1, "answer"),
    "tool arguments cut by token limit": ([reply("", [("season", {"season": 2016})], stop="length",
                                                 raw_args={0: '{"season": 20'}), reply("Sorry, again?")],
                                          "Sorry, again?", 2, "answer"),
    "unknown tool": ([reply("", [("fly", {})]), reply("I cannot fly.")], "I cannot fly.", 2, "answer"),
}


@pytest.fixture(scope="module")
def fake():
    server = FakeProvider()
    yield server
    server.close()


@pytest.fixture(scope="module")
def shared(browser, site_url):
    context, page, recorder = open_page(browser, site_url, request_timeout=TIMEOUT)
    yield page, recorder
    context.close()


@pytest.fixture
def page(shared, fake):
    page, recorder = shared
    reset(page)
    recorder.clear()
    while fake.pending():  # left over from a test that failed
        fake._next()
    fake.requests.clear()
    fake.problems.clear()
    yield page
    recorder.check()
    assert not fake.problems, fake.problems
    assert fake.pending() == 0, "the page made fewer model requests than scripted"


def closed_port_url(wire: str) -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}" + ("/v1" if wire == "openai" else "")


def posts(fake: FakeProvider) -> int:
    return len([r for r in fake.requests if r["method"] == "POST"])


def assert_one_clear_failure(page, turn, says: str, question: str) -> str:
    """One message in the conversation, the failed step in the trace, the question ready to ask again."""
    message = turn.locator(".text").text_content()
    assert says in message and "\n" not in message and "Traceback" not in message and KEY not in message
    expect(turn).to_have_class("turn agent stopped failed")
    assert page.locator("#log .turn.failed").count() == 1
    trace = page.get_by_role("region", name="Trace")
    expect(trace.locator(".trace-step.failed")).to_have_count(1)
    expect(trace.locator(".trace-step.failed .step-error")).to_have_text(f"✗ {message}")
    expect(page.get_by_role("textbox", name="Question")).to_have_value(question)
    expect(turn.get_by_role("button", name="Try again")).to_be_visible()
    return message


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
@pytest.mark.parametrize("name", list(FAULTS))
def test_fault_in_the_page(page, fake, name, wire):
    script, says, requests, ends = FAULTS[name]
    provider, model, label = MODELS[wire]
    fake.script(*script)
    base = closed_port_url(wire) if name == "connection refused" else fake.base_url(wire)
    use_model(page, provider, base, KEY, model)
    question = f"How did the 1998 Yankees do? ({name})"
    ask(page, question)
    if name == "hang":  # the wait is visible while it lasts
        expect(page.locator(".trace-step .step-title")).to_contain_text(f"gives up after {TIMEOUT} s")
    turn = last_answer(page, 1)
    assert posts(fake) == requests
    if ends == "error":
        message = assert_one_clear_failure(page, turn, says, question)
        assert message.startswith(f"{label} ")
        fake.script(reply("The 1998 Yankees went 114-48."))
        if name == "connection refused":  # the visitor fixes the address first
            page.get_by_role("textbox", name="Base URL").fill(fake.base_url(wire))
        turn.get_by_role("button", name="Try again").click()  # one action
        expect(turn.get_by_role("button", name="Try again")).to_have_count(0)
        expect(page.get_by_role("textbox", name="Question")).to_have_value("")
    else:
        expect(turn.locator(".text")).to_contain_text(says)
        assert page.locator("#log .turn.failed, #log .again").count() == 0
        fake.script(reply("The 1998 Yankees went 114-48."))
        ask(page, "And the 1998 Yankees?")
    again = last_answer(page, 2)
    expect(again.locator(".text")).to_have_text("The 1998 Yankees went 114-48.")
    assert fake.problems == []  # the conversation sent after the fault was valid


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
def test_stop_during_a_hang_then_ask_again(page, fake, wire):
    provider, model, _ = MODELS[wire]
    fake.script({"fault": "hang"})
    use_model(page, provider, fake.base_url(wire), KEY, model)
    ask(page, "Who won the World Series in 2016?")
    wait_until(page, "() => document.querySelectorAll('.trace-step').length > 0")
    time.sleep(0.3)
    started = time.monotonic()
    page.get_by_role("button", name="Stop").click()
    turn = last_answer(page, 1)
    assert time.monotonic() - started < TIMEOUT  # stopped, not timed out
    expect(turn.locator(".text")).to_have_text("Stopped.")
    expect(page.get_by_role("textbox", name="Question")).to_have_value("Who won the World Series in 2016?")
    fake.script(reply("The Chicago Cubs won in 2016."))
    turn.get_by_role("button", name="Try again").click()
    expect(last_answer(page, 2).locator(".text")).to_have_text("The Chicago Cubs won in 2016.")


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
def test_cors_failure_names_what_to_check_with_the_providers_hint(page, fake, browser, site_url, wire):
    provider, model, label = MODELS[wire]
    closed = FakeProvider(cors=False)
    try:
        use_model(page, provider, closed.base_url(wire), KEY, model)
        hint = page.locator("#provider-hint").text_content()
        assert hint
        ask(page, "Who won the World Series in 2016?")
        turn = last_answer(page, 1)
        message = assert_one_clear_failure(page, turn, "could not be reached at", "Who won the World Series in 2016?")
        assert message.startswith(f"{label} ") and "CORS" in message and "base URL" in message
        assert hint in message  # the provider's own setup hint
        assert [r["method"] for r in closed.requests] == ["OPTIONS"]  # the browser stopped at the preflight
    finally:
        closed.close()
    fake.script(reply("The Chicago Cubs won in 2016."))
    page.get_by_role("textbox", name="Base URL").fill(fake.base_url(wire))
    turn.get_by_role("button", name="Try again").click()
    expect(last_answer(page, 2).locator(".text")).to_have_text("The Chicago Cubs won in 2016.")
