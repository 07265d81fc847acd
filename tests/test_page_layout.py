"""The page as a visitor sees it, at 360x780 (a phone) and 1280x900, light and dark, in headless Chromium.

What is checked is what is in view, by the boxes the browser laid out (checks
that fail when the layout is wrong, not pictures compared by eye):
- the first screen says what the data covers and offers example questions;
- after several questions the newest answer's last line is in the viewport,
  above the question box, without any scrolling by the visitor, and it stays
  there while an answer streams in, unless the visitor scrolled up to read;
- the question box is always on screen, and its placeholder fits;
- on a phone the trace and the settings are one tap away at the top of the
  screen, wherever the visitor has scrolled to;
- every control is at least 44 px in both directions on a phone;
- dark mode follows the system; nothing scrolls sideways.
Screenshots of each state go to .cache/screenshots/ for a person to look at.
Run under `flock /tmp/browser.lock`.
"""

from __future__ import annotations

import pytest
from fake_provider import FakeProvider, reply
from page_helpers import BOOT_TIMEOUT, ask, last_answer, reset, show, trace, use_model
from playwright.sync_api import Page, expect

from conftest import ROOT

pytestmark = pytest.mark.browser

SIZES = {"phone": (360, 780), "desktop": (1280, 900)}
SHOTS = ROOT / ".cache" / "screenshots"
QUESTIONS = ["Who won the World Series in 2016?", "How did the 1994 Expos do?",
             "Who led the majors in home runs in 2001?", "Who's the best bat for 2025?"]
KEY = "sk-layout-test-key"
INTERACTIVE = "button, input, select, summary, a[href], textarea"


@pytest.fixture(scope="module")
def fake():
    server = FakeProvider()
    yield server
    server.close()


BOTH = pytest.mark.parametrize("sized", list(SIZES), indirect=True)
PHONE = pytest.mark.parametrize("sized", ["phone"], indirect=True)
DESKTOP = pytest.mark.parametrize("sized", ["desktop"], indirect=True)


@pytest.fixture(scope="module")
def sized(request, returning, site_url):
    """One booted page per screen size, a returning visitor's (the colour scheme is switched on the same page)."""
    from conftest import Watch

    width, height = SIZES[request.param]
    context = returning.new_context(viewport={"width": width, "height": height})
    watch = Watch()
    watch.attach(context)
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
    yield request.param, page, watch
    context.close()


@pytest.fixture(params=["light", "dark"])
def page(request, sized):
    size, page, watch = sized
    page.emulate_media(color_scheme=request.param)
    reset(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    watch.errors.clear()
    page.shot = lambda name: page.screenshot(path=str(SHOTS / f"{name}-{size}-{request.param}.png"))
    page.size = size
    yield page
    watch.check()


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).evaluate("e => { const r = e.getBoundingClientRect(); "
                                           "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, "
                                           "width: r.width, height: r.height}; }")


def viewport(page: Page) -> dict:
    return page.evaluate("() => ({width: innerWidth, height: innerHeight, scrollY: scrollY})")


def assert_newest_answer_in_view(page: Page) -> None:
    """The newest answer's last line is on screen, above the question box (which is on screen too)."""
    view = viewport(page)
    form = box(page, "#ask-form")
    assert 0 <= form["top"] and form["bottom"] <= view["height"] + 1, f"the question box is off screen: {form}"
    last_line = page.locator("#log > li:last-child").evaluate("""entry => {
        const text = entry.querySelector('.text');
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = [...range.getClientRects()];
        const entryBox = entry.getBoundingClientRect();
        return {line: lines.length ? lines[lines.length - 1].bottom : 0, entry: entryBox.bottom, top: entryBox.top};
    }""")
    assert 0 < last_line["line"] <= form["top"], f"the answer's last line ({last_line}) is not above the box ({form})"
    if last_line["entry"] - last_line["top"] < form["top"]:  # it fits: all of it is in view, summary and table too
        assert last_line["top"] >= 0 and last_line["entry"] <= form["top"] + 1, (last_line, form)


@BOTH
def test_the_first_screen_says_what_the_data_covers_and_offers_questions(page):
    welcome = page.locator("#welcome")
    expect(welcome).to_be_visible()
    expect(welcome).to_contain_text("1871")
    expect(welcome).to_contain_text("demo mode")
    examples = welcome.get_by_role("button")
    assert examples.count() >= 3
    form_top = box(page, "#ask-form")["top"]
    for n in range(examples.count()):  # every example question is on screen, above the question box
        button = examples.nth(n).evaluate("e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert 0 <= button[0] and button[1] <= form_top, f"example {n + 1} is hidden: {button}, box at {form_top}"
    # The placeholder fits in the box (no "Ask a baseball que" on a phone).
    fits = page.get_by_role("textbox", name="Question").evaluate("""input => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width <= room;
    }""")
    assert fits
    page.shot("first-screen")
    examples.first.click()
    expect(last_answer(page, 1).locator(".text")).to_contain_text("Chicago Cubs")
    expect(welcome).to_be_hidden()


@BOTH
def test_after_several_questions_the_newest_answer_is_in_view(page):
    for n, question in enumerate(QUESTIONS, 1):
        ask(page, question)
        last_answer(page, n)
        page.wait_for_timeout(100)  # the answer's table and summary are drawn
        assert_newest_answer_in_view(page)
    assert viewport(page)["scrollY"] > 0 or page.size == "desktop"  # it did scroll, by itself
    page.shot("after-questions")


def start_a_long_stream(page: Page, fake: FakeProvider) -> None:
    """Three answers (a page longer than the screen), then a fourth that streams for about two seconds."""
    for n, question in enumerate(QUESTIONS[:3], 1):
        ask(page, question)
        last_answer(page, n)
    words = " ".join(f"Sentence {i} of a long streamed answer about the 1998 Yankees." for i in range(30))
    fake.script(reply(words, chunks=24, usage=(10, 10)) | {"pace": 0.08})
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-6.1-terra")
    show(page, "Conversation")
    ask(page, "Tell me at length about the 1998 Yankees.")


def assert_the_page_holds(page: Page) -> None:
    """While the answer streams on and after it ends, the page stays where the visitor put it."""
    held = viewport(page)["scrollY"]
    page.wait_for_timeout(800)
    assert abs(viewport(page)["scrollY"] - held) < 2, "the page scrolled away from what the visitor was reading"
    last_answer(page, 4)
    assert abs(viewport(page)["scrollY"] - held) < 2


@BOTH
def test_the_answer_stays_in_view_while_it_streams_unless_the_visitor_scrolls_up(page, fake):
    start_a_long_stream(page, fake)
    seen = 0
    while seen < 5:  # sampled while it streams
        text = page.locator("#log > li:last-child .text").text_content()
        if text.startswith("Sentence") and not page.locator("#log > li:last-child .meta").count():
            assert_newest_answer_in_view(page)
            seen += 1
        page.wait_for_timeout(100)
    page.shot("streaming")
    # The visitor scrolls up to read an earlier answer: the page stays where they put it.
    page.mouse.move(200, 300)
    page.mouse.wheel(0, -600)
    page.wait_for_timeout(300)
    assert_the_page_holds(page)
    # Back at the end, it follows again.
    page.keyboard.press("End") if page.size == "desktop" else page.mouse.wheel(0, 20000)
    page.mouse.wheel(0, 20000)
    page.wait_for_timeout(300)
    fake.script(reply("A short one.", usage=(10, 10)))
    ask(page, "And briefly?")
    last_answer(page, 5)
    assert_newest_answer_in_view(page)


@DESKTOP
@pytest.mark.parametrize("page", ["light"], indirect=True)
def test_a_scroll_up_that_lands_frames_after_the_visitors_input_is_still_theirs(page, fake):
    """A wheel's scroll can land frames after its event (a smooth scroll, a busy machine): the first frames,
    still at the end, must not be read as the visitor staying there to follow the answer."""
    start_a_long_stream(page, fake)
    expect(page.locator("#log > li:last-child .text")).to_contain_text("Sentence")
    page.evaluate("""async () => {
        window.dispatchEvent(new WheelEvent("wheel", {deltaY: -600}));  // the input: its scroll not landed yet
        for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
        window.scrollBy(0, -600);  // now it lands
    }""")
    assert_the_page_holds(page)


@DESKTOP
@pytest.mark.parametrize("page", ["light"], indirect=True)
def test_a_scroll_up_to_the_very_top_that_lands_before_the_page_hears_the_wheel_is_still_theirs(page, fake):
    """The other order: the compositor scrolls at once and the wheel event reaches the page after it, the page
    already at its top (a desktop's page is short, so one turn of the wheel takes it there)."""
    start_a_long_stream(page, fake)
    expect(page.locator("#log > li:last-child .text")).to_contain_text("Sentence")
    page.evaluate("""() => {
        window.scrollTo(0, 0);  // landed
        window.dispatchEvent(new WheelEvent("wheel", {deltaY: -600}));  // then heard
    }""")
    assert_the_page_holds(page)


@PHONE
def test_a_phone_reaches_the_trace_and_the_settings_from_anywhere(page):
    for n, question in enumerate(QUESTIONS[:3], 1):
        ask(page, question)
        last_answer(page, n)
    bar = box(page, "nav.panels")
    assert bar["top"] >= 0 and bar["bottom"] <= 70, f"the panels bar is not at the top of the screen: {bar}"
    page.get_by_role("button", name="Trace").click()
    newest = page.locator("#trace-list > li:last-child .trace-question")
    expect(newest).to_have_text(f"Question: {QUESTIONS[2]}")
    assert 0 <= box(page, "#trace-list > li:last-child .trace-question")["top"] < viewport(page)["height"]
    page.shot("trace")
    page.get_by_role("button", name="Settings").click()
    provider = box(page, "#provider")
    assert 0 <= provider["top"] and provider["bottom"] <= viewport(page)["height"]
    page.shot("settings")
    page.get_by_role("button", name="Conversation").click()
    assert_newest_answer_in_view(page)


@DESKTOP
def test_a_wide_screen_shows_the_trace_beside_the_conversation(page):
    for n, question in enumerate(QUESTIONS, 1):
        ask(page, question)
        last_answer(page, n)
    chat, panel = box(page, "#chat"), box(page, "#trace")
    assert panel["left"] >= chat["right"] and panel["top"] < viewport(page)["height"]
    newest = box(page, "#trace-list > li:last-child .trace-question")
    assert 0 <= newest["top"] < viewport(page)["height"], "the newest question's trace is out of view"
    page.get_by_role("button", name="Settings").click()
    assert box(page, "#provider")["bottom"] <= viewport(page)["height"]
    page.get_by_role("button", name="Trace").click()


@PHONE
def test_controls_are_big_enough_to_tap_on_a_phone(page):
    ask(page, QUESTIONS[2])
    last_answer(page, 1)
    panel = trace(page)
    panel.locator("details.raw summary").first.click()
    small = []
    for name in ["Conversation", "Trace", "Settings"]:
        show(page, name)
        small += page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
            .filter((e) => e.offsetParent !== null && e.type !== 'hidden')
            .map((e) => { const target = e.matches('input[type=checkbox]') ? e.closest('label') : e;
                          const r = target.getBoundingClientRect();
                          return [e.id || e.textContent.trim().slice(0, 30), Math.round(r.width), Math.round(r.height)]; })
            .filter(([, w, h]) => w < 44 || h < 44)""", INTERACTIVE)
    assert not small, f"controls under 44 px: {small}"


@BOTH
def test_nothing_scrolls_sideways_and_dark_follows_the_system(page):
    ask(page, QUESTIONS[1])
    last_answer(page, 1)
    for name in ["Conversation", "Trace", "Settings"]:
        show(page, name)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport(page)["width"]
    dark = page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    colours = page.evaluate("""() => [getComputedStyle(document.documentElement).backgroundColor,
                                      getComputedStyle(document.body).color]""")
    luminance = [sum(int(v) for v in c[c.index("(") + 1:c.index(")")].split(",")[:3]) / 765 for c in colours]
    background, text = luminance
    assert (background < 0.2 and text > 0.8) if dark else (background > 0.9 and text < 0.2), colours
    show(page, "Conversation")
