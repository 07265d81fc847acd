"""Nothing lost, nothing mixed: several tabs, and whatever is in storage, in headless Chromium.

- Each tab keeps its own conversation (its id in the tab's sessionStorage, the conversation under its own
  key in localStorage): three tabs of one browser asking alternately and reloading each show their
  own questions, and a follow-up is answered from the tab's own conversation. The others are listed, and
  one no open tab shows can be opened.
- A damaged kept conversation (missing and null fields, wrong types, duplicate and missing call ids,
  truncated JSON, a model history that is not whole) is dropped whole with a note, never half-restored; the
  page still starts, answers a ``?q=`` link and downloads Markdown.
- Storage filled to the quota: Remember key, a settings change and an answer say plainly what was not kept.
Run under `flock /tmp/browser.lock`.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from page_helpers import BOOT_TIMEOUT, ask, last_answer, open_page, show, use_model, wait_until
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

KEPT = "(localStorage.getItem('agent-conversation:' + sessionStorage.getItem('agent-conversation-id')) || '')"
# Demo questions whose follow-up depends on the conversation ("and the year after?" needs the team).
TOPICS = [("How did the Red Sox do in 1986?", "95 wins", "The 1987 Boston Red Sox"),
          ("How did the Yankees do in 1998?", "114 wins", "The 1999 New York Yankees"),
          ("How did the Cubs do in 2016?", "103 wins", "The 2017 Chicago Cubs")]


@pytest.fixture
def context(returning, site_url):
    context, page, recorder = open_page(returning.new_context, site_url)
    yield context, page, recorder
    recorder.check()
    context.close()


@pytest.fixture(scope="module")
def _one_tab(returning, site_url):
    context, page, recorder = open_page(returning.new_context, site_url)
    yield context, page, recorder
    context.close()


@pytest.fixture
def tab(_one_tab):
    """One tab shared by the tests that need one and store what they read first (a fresh context each took
    ~2 s more): what the page did wrong is checked after each test."""
    _one_tab[2].forget()
    yield _one_tab
    _one_tab[2].check()


def open_tab(context, site_url: str, url: str | None = None) -> Page:
    page = context.new_page()
    page.goto(url or site_url)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    return page


def reload(page: Page) -> None:
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)


def questions(page: Page) -> list[str]:
    return page.get_by_role("log", name="Conversation").locator(".turn.visitor .text").all_text_contents()


def kept_after(page: Page, n: int) -> None:
    """Wait until this tab's n-th answer and the model's side of it are kept."""
    wait_until(page, f"() => {{ const k = {KEPT}; if (!k) return false; const c = JSON.parse(k);"
                     f" return c.turns.length === {n} && c.history"
                     f" && JSON.parse(c.history).filter((m) => m.role === 'user').length === {n}; }}")


def test_tabs_asking_alternately_and_reloading_keep_their_own_conversations(context, site_url):
    """Three tabs (two would be the same test, with one tab fewer to mix up)."""
    tabs = 3
    _, first, _ = context
    pages = [first] + [open_tab(context[0], site_url) for _ in range(tabs - 1)]
    for page, (question, says, _) in zip(pages, TOPICS):  # alternately: one question in each tab
        ask(page, question)
        expect(last_answer(page, 1).locator(".text")).to_contain_text(says)
        kept_after(page, 1)
    for page in pages:
        reload(page)
    for page, (question, _, _) in zip(pages, TOPICS):
        assert questions(page) == [question]
    for page, (question, _, follow_up) in reversed(list(zip(pages, TOPICS))):  # the follow-ups, the other way round
        ask(page, "and the year after?")
        expect(last_answer(page, 2).locator(".text")).to_contain_text(follow_up)
        kept_after(page, 2)
    for page in pages:
        reload(page)
    for page, (question, _, _) in zip(pages, TOPICS):
        assert questions(page) == [question, "and the year after?"]
        others = page.get_by_role("navigation", name="Other conversations").get_by_role("button")
        expect(others).to_have_count(tabs - 1)  # the other tabs' conversations, listed
        expect(others.first).to_contain_text("open in another tab")

    # A tab closed: its conversation can be opened in another, which then continues it.
    closed_question = TOPICS[1][0]
    pages[1].close()
    page = pages[0]
    page.evaluate("() => localStorage.setItem('poke', String(Date.now()))")
    button = page.get_by_role("navigation", name="Other conversations").get_by_role("button", name=closed_question)
    expect(button).not_to_contain_text("open in another tab")
    button.click()
    expect(page.get_by_role("log", name="Conversation").locator(".turn.visitor .text")).to_have_text(
        [closed_question, "and the year after?"])
    ask(page, "and the year after?")
    expect(last_answer(page, 3).locator(".text")).to_contain_text("The 2000 New York Yankees")
    # ...and the conversation this tab had is still kept, listed, and not mixed with it.
    expect(page.get_by_role("navigation", name="Other conversations").get_by_role("button", name=TOPICS[0][0])).to_be_visible()


def test_a_new_tab_continues_the_last_conversation_no_open_tab_shows(context, site_url):
    ctx, first, _ = context
    ask(first, TOPICS[0][0])
    last_answer(first, 1)
    kept_after(first, 1)
    second = open_tab(ctx, site_url)
    assert questions(second) == []  # the first tab shows it: the second starts its own
    first.close()
    third = open_tab(ctx, site_url)
    assert questions(third) == [TOPICS[0][0]]  # no tab shows it now: the new tab continues it
    ask(third, "and the year after?")
    expect(last_answer(third, 2).locator(".text")).to_contain_text(TOPICS[0][2])


def test_a_tab_whose_conversation_another_tab_takes_keeps_a_copy_of_its_own(context, site_url):
    """Should a tab look closed (its lease not renewed in time) and another take its conversation, the first
    moves to a copy under a new id: the two never write one conversation."""
    ctx, first, _ = context
    ask(first, TOPICS[0][0])
    last_answer(first, 1)
    kept_after(first, 1)
    mine = first.evaluate("() => sessionStorage.getItem('agent-conversation-id')")
    second = open_tab(ctx, site_url)
    second.evaluate("id => localStorage.setItem('agent-conversation-open:' + id, JSON.stringify({tab: 'x', at: Date.now()}))",
                    mine)
    wait_until(first, f"() => sessionStorage.getItem('agent-conversation-id') !== {mine!r}")
    kept_after(first, 1)  # the copy, under the new id
    ask(first, "and the year after?")
    expect(last_answer(first, 2).locator(".text")).to_contain_text(TOPICS[0][2])
    kept_after(first, 2)
    original = json.loads(first.evaluate("id => localStorage.getItem('agent-conversation:' + id)", mine))
    assert [t["question"] for t in original["turns"]] == [TOPICS[0][0]]  # left to the tab that took it


# ---------------------------------------------------------------- damaged storage

def _turn(**changes) -> dict:
    call = {"id": "demo_1_0", "name": "season", "args": {"season": 2016}, "result": '{"season":2016}', "error": False,
            "ms": 1.5}
    turn = {"question": "Kept question", "answer": "Kept answer.", "stopped": "answer",
            "steps": [{"text": "", "calls": [call], "usage": {"input_tokens": 0, "output_tokens": 0}, "stop": "tool_calls",
                       "ms": 2.0},
                      {"text": "Kept answer.", "calls": [], "usage": {"input_tokens": 0, "output_tokens": 0}, "stop": "end",
                       "ms": 1.0}],
            "usage": {"input_tokens": 0, "output_tokens": 0}, "cost_usd": None, "prices": [], "mode": "Demo mode: no model",
            "suggestions": [], "finished_at": "2026-12-04T10:00:00Z"}
    for path, value in changes.items():
        target, *keys = path.split("__")
        holder = turn
        for k in ([target] + keys)[:-1]:
            holder = holder[int(k)] if isinstance(holder, list) else holder[k]
        last = ([target] + keys)[-1]
        if value is DELETE:
            del holder[int(last) if isinstance(holder, list) else last]
        elif isinstance(holder, list):
            holder[int(last)] = value
        else:
            holder[last] = value
    return turn


DELETE = object()
GOOD_HISTORY = json.dumps([{"role": "user", "content": "Kept question"},
                           {"role": "assistant", "content": "", "calls": [{"id": "demo_1_0", "name": "season", "args": {"season": 2016}}], "extras": {}},
                           {"role": "tool", "results": [{"id": "demo_1_0", "name": "season", "content": "{}", "error": False}]},
                           {"role": "assistant", "content": "Kept answer.", "calls": [], "extras": {}}])
DAMAGED_TURNS = {
    "no steps": _turn(steps=DELETE), "calls null": _turn(steps__0__calls=None), "usage null": _turn(usage=None),
    "step usage null": _turn(steps__0__usage=None), "answer a number": _turn(answer=42), "question null": _turn(question=None),
    "steps an object": _turn(steps={}), "call without id": _turn(steps__0__calls__0__id=DELETE),
    "call id null": _turn(steps__0__calls__0__id=None), "call without name": _turn(steps__0__calls__0__name=DELETE),
    "args a string": _turn(steps__0__calls__0__args="{}"), "result an object": _turn(steps__0__calls__0__result={}),
    "duplicate ids": _turn(steps__1__calls=[_turn()["steps"][0]["calls"][0]]), "cost a string": _turn(cost_usd="$1"),
    "a number for a turn": 7, "stopped unknown": _turn(stopped="exploded"), "suggestions null": _turn(suggestions=None),
}
DAMAGED_HISTORY = {
    "duplicate call ids": json.loads(GOOD_HISTORY)[:1] + [
        {"role": "assistant", "content": "", "calls": [{"id": "x", "name": "season", "args": {}}] * 2, "extras": {}},
        {"role": "tool", "results": [{"id": "x", "name": "season", "content": "{}", "error": False}] * 2},
        {"role": "assistant", "content": "a", "calls": [], "extras": {}}],
    "null call id": json.loads(GOOD_HISTORY.replace('"demo_1_0"', "null")),
    "call without name": json.loads(GOOD_HISTORY.replace('"name": "season", "args"', '"args"')),
    "object result": json.loads(GOOD_HISTORY.replace('"content": "{}"', '"content": {}')),
}


def _store(page: Page, value: str) -> None:
    page.evaluate("v => localStorage.setItem('agent-conversation:' + sessionStorage.getItem('agent-conversation-id'), v)", value)


def _starts_answers_and_exports(page: Page, site_url: str, shown: list[str], tmp_path) -> None:
    page.goto(f"{site_url}?q={quote('Who won the World Series in 2016?')}")
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    n = len(shown) + 1
    expect(last_answer(page, n).locator(".text")).to_contain_text("Chicago Cubs")
    assert questions(page) == shown + ["Who won the World Series in 2016?"]
    with page.expect_download() as download:
        page.get_by_role("button", name="Download Markdown").click()
    markdown = download.value.path().read_text(encoding="utf-8")
    assert f"## {n}. Who won the World Series in 2016?" in markdown
    kept = json.loads(page.evaluate(f"() => {KEPT}"))
    assert [t["question"] for t in kept["turns"]] == shown + ["Who won the World Series in 2016?"]  # not saved back


def test_damaged_turns_are_dropped_whole_with_a_note(tab, site_url, tmp_path):
    """Every kind of damage at once, each in a turn of its own beside one whole turn (one page load, not one
    for each: each is still checked, as the count and the questions shown say which were dropped)."""
    _, page, _ = tab
    damaged = [dict(bad, question=f"Damaged: {name}") if isinstance(bad, dict) and isinstance(bad.get("question"), str)
               else bad for name, bad in DAMAGED_TURNS.items()]
    _store(page, json.dumps({"turns": [damaged[0], _turn(), *damaged[1:]], "history": GOOD_HISTORY, "saved_at": 1}))
    _starts_answers_and_exports(page, site_url, ["Kept question"], tmp_path)
    expect(page.locator("#saved-note")).to_contain_text(
        f"{len(DAMAGED_TURNS)} saved questions of this conversation could not be read")
    page.get_by_role("button", name="New conversation").click()


@pytest.mark.parametrize("stored", ['{"turns": [{"question": "cut', "null", "[]", '{"turns": 5}', '"text"', "{}"],
                         ids=["truncated", "null", "array", "turns a number", "a string", "empty object"])
def test_unreadable_stores_start_an_empty_conversation(tab, site_url, tmp_path, stored):
    _, page, _ = tab
    _store(page, stored)
    _starts_answers_and_exports(page, site_url, [], tmp_path)


def test_a_damaged_model_history_is_not_restored_and_the_visitor_is_told(tab, site_url, tmp_path):
    _, page, _ = tab
    for name, history in DAMAGED_HISTORY.items():
        _store(page, json.dumps({"turns": [_turn()], "history": json.dumps(history), "saved_at": 1}))
        _starts_answers_and_exports(page, site_url, ["Kept question"], tmp_path)
        expect(page.locator("#saved-note")).to_contain_text("does not remember the earlier questions")
        kept = json.loads(page.evaluate(f"() => {KEPT}"))
        assert "Kept answer." not in kept["history"], name  # the damaged copy is not saved back
        page.get_by_role("button", name="New conversation").click()


# ---------------------------------------------------------------- storage full


FILL = """() => { // fill localStorage to its quota, keeping what is there
  let chunk = 'x'.repeat(1 << 20), n = 0;
  while (chunk.length >= 16) {
    try { localStorage.setItem('filler-' + n, chunk); n++; } catch { chunk = chunk.slice(chunk.length / 2); }
  }
  return n;
}"""


def test_storage_full_is_said_plainly(context, site_url):
    _, page, recorder = context
    ask(page, TOPICS[0][0])
    last_answer(page, 1)
    kept_after(page, 1)
    assert page.evaluate(FILL) > 0
    use_model(page, "openai", "http://127.0.0.1:9/v1", "sk-full-STORAGE-1")
    page.get_by_role("checkbox", name="Remember key on this device").click()  # not kept: it unchecks itself
    expect(page.locator("#key-note")).to_contain_text("storage is full")
    expect(page.locator("#key-note")).to_contain_text("not saved")
    expect(page.get_by_role("checkbox", name="Remember key on this device")).not_to_be_checked()
    page.get_by_role("combobox", name="Provider").select_option("anthropic")
    expect(page.locator("#key-note")).to_contain_text("settings were not saved")
    page.get_by_role("button", name="Forget key").click()
    show(page, "Conversation")
    ask(page, "and the year after?")
    last_answer(page, 2)
    expect(page.locator("#saved-note")).to_contain_text("storage is full")
    reload(page)  # what was kept before the storage filled up is still there
    assert questions(page) == [TOPICS[0][0]]


# ---------------------------------------------------------------- each answer kept once


@pytest.fixture(scope="module")
def fake():
    from fake_provider import FakeProvider

    server = FakeProvider()
    yield server
    server.close()


def test_each_answer_is_kept_once_and_comes_back_whole(context, fake):
    """A long answer was kept three times (the turn, its last step, the model's side): now once, and after a
    reload the follow-up still sends the earlier exchange exactly as before."""
    from fake_provider import posts, reply

    _, page, _ = context
    long_answer = " ".join(f"Answer-part-{n:05d}" for n in range(700))  # ~12 KB: within the history sent again
    fake.script(reply("", [("season", {"season": 2016})]), reply(long_answer, chunks=20))
    use_model(page, "openai", fake.base_url("openai"), "sk-once-KEEP-1", "gpt-5-mini")
    ask(page, "Who won in 2016?")
    expect(last_answer(page, 1).locator(".text")).to_have_text(long_answer)
    kept_after(page, 1)
    stored = page.evaluate(f"() => {KEPT}")
    assert stored.count("Answer-part-00699") == 1 and len(stored) < 1.5 * len(long_answer)
    before = posts(fake)[1]["body"]["messages"]
    reload(page)
    expect(last_answer(page, 1).locator(".text")).to_have_text(long_answer)
    fake.script(reply("Yes."))
    use_model(page, "openai", fake.base_url("openai"), "sk-once-KEEP-1", "gpt-5-mini")
    ask(page, "Are you sure?")
    expect(last_answer(page, 2).locator(".text")).to_have_text("Yes.")
    after = posts(fake)[2]["body"]["messages"]
    assert after[:len(before)] == before[:len(before)] and after[len(before)]["content"] == long_answer
    show(page, "Settings")
    page.get_by_role("button", name="Forget key").click()
