"""A conversation that survives and can be shared, in headless Chromium: reload, New conversation, ?q= links,
copy, downloads, and all of it with the keyboard alone.

- A reload keeps the questions, the answers and the trace, and the model's side
  of the conversation too: a follow-up after the reload reaches the model with
  the earlier exchange, exactly as it was sent before. The key is never kept
  with the conversation.
- New conversation clears the page, the kept copy and the model's side.
- ``?q=`` asks its question once (in demo mode, or with the remembered key);
  the address drops it at once, and no key ever goes into an address.
- Copy answer and Copy link put the answer and a ``?q=`` link on the clipboard.
- The Markdown and JSON downloads parse and hold the whole trace.
- Keyboard only, at 360 and 1280 px: ask (typed and by example), read the
  trace and its raw JSON, change settings, copy, download, start over.
Run under `flock /tmp/browser.lock`.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from fake_provider import FakeProvider, posts, reply
from page_helpers import (BOOT_TIMEOUT, ask, last_answer, open_page, raw_json, show, trace, use_model,
                          wait_until)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

KEY = "sk-conversation-KEEP-OUT-7a1c"
# This tab's kept conversation (each tab keeps its own, under the id its sessionStorage holds), as JSON text.
KEPT = "(localStorage.getItem('agent-conversation:' + sessionStorage.getItem('agent-conversation-id')) || '')"
Q1 = "Who won the World Series in 2016?"


@pytest.fixture(scope="module")
def fake():
    server = FakeProvider()
    yield server
    server.close()


@pytest.fixture
def fresh(returning, site_url, fake):
    """A returning visitor's browser with nothing kept but the saved interpreter (no key, no conversation), with
    clipboard access as a visitor would grant it."""
    context, page, recorder = open_page(returning.new_context, site_url)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    fake.requests.clear()
    fake.problems.clear()
    yield context, page, recorder
    recorder.check()
    context.close()
    assert not fake.problems, fake.problems
    assert fake.pending() == 0, "the page made fewer model requests than scripted"


def reload(page: Page) -> None:
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)


def kept(page: Page) -> str:
    return page.evaluate(f"() => {KEPT}")


@pytest.mark.parametrize("wire,provider,model", [("openai", "openai", "gpt-6-luna"),
                                                 ("anthropic", "anthropic", "claude-haiku-5-5")])
def test_a_reload_keeps_the_conversation_and_the_model_follows_up(fresh, fake, wire, provider, model):
    _, page, _ = fresh
    fake.script(reply("", [("season", {"season": 2016})], usage=(200, 20),
                      thinking="Look it up." if wire == "anthropic" else None),
                reply("The Chicago Cubs won the 2016 World Series.", usage=(300, 15)))
    use_model(page, provider, fake.base_url(wire), KEY, model)
    page.get_by_role("checkbox", name="Remember key on this device").check()
    ask(page, Q1)
    expect(last_answer(page, 1).locator(".text")).to_have_text("The Chicago Cubs won the 2016 World Series.")
    before = posts(fake)[1]["body"]["messages"]
    wait_until(page, f"() => {KEPT}.includes('\"history\": \"[') || {KEPT}.includes('\"history\":\"[')")
    assert KEY not in kept(page)

    reload(page)
    log = page.get_by_role("log", name="Conversation")
    expect(log.locator(".turn.visitor .text")).to_have_text([Q1])
    expect(log.locator(".turn.agent .text")).to_have_text(["The Chicago Cubs won the 2016 World Series."])
    expect(log.locator(".turn.agent .meta")).to_contain_text("2 steps · 500 in / 35 out tokens")
    call = trace(page).locator(".call")
    expect(call.locator(".call-name")).to_contain_text("✓ season")
    assert raw_json(call)["result"]["world_series"] == "Chicago Cubs (NL) beat Cleveland Indians (AL) 4-3"

    fake.script(reply("They beat Cleveland in seven games.", usage=(400, 10)))
    ask(page, "Whom did they beat?")
    expect(last_answer(page, 2).locator(".text")).to_have_text("They beat Cleveland in seven games.")
    after = posts(fake)[2]["body"]["messages"]
    assert after[:len(before)] == before  # the earlier exchange, sent as it was before the reload
    assert after[-1]["content"] in ("Whom did they beat?", [{"type": "text", "text": "Whom did they beat?"}])
    show(page, "Settings")
    page.get_by_role("button", name="Forget key").click()
    assert KEY not in json.dumps(page.evaluate("() => Object.entries(localStorage)"))


def test_new_conversation_clears_the_page_what_is_kept_and_the_models_side(fresh, fake):
    _, page, _ = fresh
    ask(page, Q1)
    last_answer(page, 1)
    ask(page, "How did the 1994 Expos do?")
    last_answer(page, 2)
    reload(page)
    expect(page.get_by_role("log", name="Conversation").locator(".turn")).to_have_count(4)
    expect(page.locator("#welcome")).to_be_hidden()
    page.get_by_role("button", name="New conversation").click()
    expect(page.get_by_role("log", name="Conversation").locator(".turn")).to_have_count(0)
    expect(page.locator("#trace-list > li")).to_have_count(0)
    expect(page.locator("#welcome")).to_be_visible()
    assert kept(page) == ""
    reload(page)
    expect(page.locator("#welcome")).to_be_visible()
    expect(page.get_by_role("log", name="Conversation").locator(".turn")).to_have_count(0)
    # The model's side is gone too: a follow-up reaches the model with nothing before it.
    fake.script(reply("Which team do you mean?"))
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-6.1-terra")
    ask(page, "And in 1999?")
    last_answer(page, 1)
    assert [m["role"] for m in posts(fake)[0]["body"]["messages"]] == ["system", "user"]


def test_a_demo_follow_up_after_a_reload(fresh):
    _, page, _ = fresh
    ask(page, "How did the Red Sox do in 1986?")
    expect(last_answer(page, 1).locator(".text")).to_contain_text("95 wins and 66 losses")
    wait_until(page, f"() => {KEPT}.includes('Red Sox') && JSON.parse({KEPT}).history.length > 2")
    reload(page)
    ask(page, "and the year after?")
    expect(last_answer(page, 2).locator(".text")).to_contain_text("The 1987 Boston Red Sox finished with 78 wins")


def test_a_link_asks_its_question_once_and_never_carries_the_key(fresh, fake, site_url):
    context, page, recorder = fresh
    page.goto(f"{site_url}?q={quote(Q1)}")
    expect(last_answer(page, 1).locator(".text")).to_contain_text("Chicago Cubs")
    assert "?q=" not in page.url
    reload(page)
    page.wait_for_timeout(500)
    expect(page.get_by_role("log", name="Conversation").locator(".turn.visitor")).to_have_count(1)  # not asked again

    # Copy link gives the link that asks it; with a remembered key, it is asked of the model.
    last_answer(page, 1).get_by_role("button", name="Copy link").click()
    expect(last_answer(page, 1).locator(".copy-note")).to_have_text("Link copied: it asks this question when opened.")
    link = page.evaluate("() => navigator.clipboard.readText()")
    assert link == f"{site_url}?q={quote(Q1, safe='')}".replace("%20", "%20")
    page.get_by_role("button", name="New conversation").click()
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-6.1-terra")
    page.get_by_role("checkbox", name="Remember key on this device").check()
    fake.script(reply("The Chicago Cubs, in seven games."))
    page.goto(link)
    expect(last_answer(page, 1).locator(".text")).to_have_text("The Chicago Cubs, in seven games.")
    assert posts(fake)[-1]["headers"]["authorization"] == f"Bearer {KEY}"
    addresses = [page.url, link] + [r["url"] for r in recorder.requests]
    assert not [a for a in addresses if KEY in a], "the key went into an address"
    show(page, "Settings")
    page.get_by_role("button", name="Forget key").click()


def test_copy_answer_and_the_downloads_hold_the_whole_trace(fresh, tmp_path):
    _, page, _ = fresh
    ask(page, "Who led the majors in home runs in 2001?")
    first = last_answer(page, 1)
    ask(page, Q1)
    last_answer(page, 2)
    first.get_by_role("button", name="Copy answer").click()
    expect(first.locator(".copy-note")).to_have_text("Answer copied.")
    assert page.evaluate("() => navigator.clipboard.readText()") == first.locator(".text").text_content()
    results = [c["result"] for c in page.evaluate(f"() => JSON.parse({KEPT}).turns.map((t) => t.steps[0].calls[0])")]

    with page.expect_download() as download:
        page.get_by_role("button", name="Download JSON").click()
    exported = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert download.value.suggested_filename.endswith(".json")
    assert [t["question"] for t in exported["turns"]] == ["Who led the majors in home runs in 2001?", Q1]
    calls = [t["steps"][0]["calls"][0] for t in exported["turns"]]
    assert [c["name"] for c in calls] == ["leaders", "season"]
    assert [c["result"] for c in calls] == results and json.loads(calls[1]["result"])["rounds"]  # whole results
    assert exported["turns"][0]["answer"] == first.locator(".text").text_content()

    with page.expect_download() as download:
        page.get_by_role("button", name="Download Markdown").click()
    markdown = download.value.path().read_text(encoding="utf-8")
    assert download.value.suggested_filename.endswith(".md")
    assert "## 1. Who led the majors in home runs in 2001?" in markdown and f"## 2. {Q1}" in markdown
    assert first.locator(".text").text_content() in markdown
    blocks = [json.loads(re.sub(r"^    ", "", b, flags=re.M)) for b in re.findall(r"```json\n(.*?)\n    ```", markdown, re.S)]
    assert [b["tool"] for b in blocks] == ["leaders", "season"]
    assert [json.dumps(b["result"], separators=(",", ":"), ensure_ascii=False) for b in blocks] == \
           [json.dumps(json.loads(r), separators=(",", ":"), ensure_ascii=False) for r in results]


# ---------------------------------------------------------------- the keyboard alone

def tab_to(page: Page, test: str, limit: int = 80, back: bool = False) -> None:
    """Press Tab (or Shift+Tab) until the focused element passes the JS test, as a keyboard user would."""
    for _ in range(limit):
        if page.evaluate(f"() => {{ const e = document.activeElement; return !!({test}); }}"):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"never reached {test} with the keyboard")


def named(text: str) -> str:
    return f"e && (e.textContent.trim() === {json.dumps(text)} || e.getAttribute('aria-label') === {json.dumps(text)})"


@pytest.mark.parametrize("width,height", [(360, 780), (1280, 900)])
def test_everything_with_the_keyboard_alone(returning, site_url, fake, width, height):
    context, page, recorder = open_page(returning.new_context, site_url)
    try:
        page.set_viewport_size({"width": width, "height": height})
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
        # An example question, from the top of the page.
        tab_to(page, named("How did the 1998 Yankees do?"))
        page.keyboard.press("Enter")
        expect(last_answer(page, 1).locator(".text")).to_contain_text("Yankees")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        # A typed question.
        tab_to(page, "e.id === 'question'", back=True)
        page.keyboard.type("Who won the World Series in 2016?")
        page.keyboard.press("Enter")
        expect(last_answer(page, 2).locator(".text")).to_contain_text("Chicago Cubs")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Ask"
        # Copy the answer.
        tab_to(page, named("Copy answer") + " && e.closest('li') === document.querySelector('#log > li:last-child')",
               back=True)
        page.keyboard.press("Enter")
        expect(last_answer(page, 2).locator(".copy-note")).to_have_text("Answer copied.")
        # The trace and a call's raw JSON.
        tab_to(page, "e && e.dataset.show === 'trace'", back=True)
        page.keyboard.press("Enter")
        tab_to(page, "e && e.tagName === 'SUMMARY'")
        page.keyboard.press("Enter")
        expect(page.locator("details.raw[open] pre").first).to_contain_text('"tool": "team_season"')
        # Settings: a provider and a key, by keyboard.
        tab_to(page, "e && e.dataset.show === 'settings'", back=True)
        page.keyboard.press("Enter")
        tab_to(page, "e.id === 'provider'")
        page.keyboard.press("ArrowDown")  # the next provider: OpenAI
        expect(page.get_by_role("combobox", name="Provider")).to_have_value("openai")
        tab_to(page, "e.id === 'base-url'")
        page.keyboard.press("Control+A")
        page.keyboard.type(fake.base_url("openai"))
        tab_to(page, "e.id === 'api-key'")
        page.keyboard.type(KEY)
        expect(page.get_by_role("status")).to_have_text("OpenAI: gpt-6-luna")
        tab_to(page, "e.id === 'forget'")
        page.keyboard.press("Enter")
        expect(page.get_by_role("status")).to_have_text("Demo mode: no model")
        # Download, then start over.
        tab_to(page, "e && e.dataset.show === 'chat'", back=True) if width < 900 else None
        if width < 900:
            page.keyboard.press("Enter")
        tab_to(page, "e.id === 'download-json'", back=True)
        with page.expect_download() as download:
            page.keyboard.press("Enter")
        assert len(json.loads(download.value.path().read_text())["turns"]) == 2
        tab_to(page, "e.id === 'new'", back=True)
        page.keyboard.press("Enter")
        expect(page.get_by_role("log", name="Conversation").locator(".turn")).to_have_count(0)
        assert page.evaluate("() => document.activeElement.id") == "question"
        recorder.check()
    finally:
        context.close()


def test_suggested_questions_are_buttons_that_ask_them(fresh):
    """A turn may carry "suggestions" (the demo's help and declines): each is a button that asks it.

    Drawn here from a kept conversation, the same drawing a live answer gets.
    """
    _, page, _ = fresh
    declined = {"question": "Who won the MVP in 2001?", "stopped": "answer", "mode": "Demo mode: no model",
                "answer": "The data here has no awards or honors, so I can't answer that.",
                "steps": [{"text": "", "calls": [], "usage": {"input_tokens": 0, "output_tokens": 0}, "stop": "end",
                           "ms": 1}],
                "usage": {"input_tokens": 0, "output_tokens": 0}, "cost_usd": None, "prices": [],
                "suggestions": ["Who led the NL in home runs in 2001?", "Who won the World Series in 2001?"]}
    page.evaluate("turn => localStorage.setItem('agent-conversation', JSON.stringify({turns: [turn], history: ''}))",
                  declined)
    reload(page)
    suggestions = page.get_by_role("list", name="Questions to try")
    expect(suggestions.get_by_role("button")).to_have_text(declined["suggestions"])
    suggestions.get_by_role("button", name="Who won the World Series in 2001?").click()
    expect(last_answer(page, 2).locator(".text")).to_contain_text("Arizona Diamondbacks")
    expect(page.get_by_role("log", name="Conversation").locator(".turn.visitor .text").nth(1)).to_have_text(
        "Who won the World Series in 2001?")
