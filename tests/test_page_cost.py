"""What a conversation costs, as the trace shows it; a retired model in Settings; a refusal.

Each step's input is shown as cached + uncached, each with its price (the table's, per
million tokens), then the step's cost; the turn's total; and the conversation's running
total. A price the table does not know shows as unknown, never as a number. The figures
are worked out here by hand from data/providers.yaml.
"""

from __future__ import annotations

import pytest
from fake_provider import reply
from page_helpers import BOOT_TIMEOUT, Recorder, ask, last_answer, open_page, show, trace, use_model
from playwright.sync_api import expect

KEY = "sk-test-cost"


@pytest.fixture
def page(returning, site_url):
    context, page, recorder = open_page(returning.new_context, site_url)
    yield page
    context.close()


def test_the_trace_prices_cached_and_uncached_input_and_keeps_a_running_total(page, fake):
    # gpt-6-luna: $0.10 in, $0.01 cached, $0.50 out
    fake.script(reply("", [("season", {"season": 2016})], usage=(1000, 20)),
                reply("The Cubs won in 2016.", usage=(1200, 30), cached=1024))
    use_model(page, "openai", fake.base_url("openai"), KEY, "gpt-6-luna")
    ask(page, "Who won the World Series in 2016?")
    expect(last_answer(page, 1).locator(".text")).to_have_text("The Cubs won in 2016.")
    panel = trace(page)
    bills = panel.locator(".step-bill")
    # step 1: 1000 x 0.10 + 20 x 0.50 = 110 micro-dollars
    expect(bills.nth(0)).to_have_text("Input 1000 uncached at $0.1/M; output 20 at $0.5/M; cost $0.000110")
    # step 2: 1024 x 0.01 = 10.24 + 176 x 0.10 = 17.6 + 30 x 0.50 = 15  ->  42.84 micro-dollars
    expect(bills.nth(1)).to_have_text(
        "Input 1024 cached at $0.01/M + 176 uncached at $0.1/M; output 30 at $0.5/M; cost $0.000043")
    expect(panel.locator(".trace-cost")).to_have_text("Turn cost: $0.000153")  # 152.84 micro-dollars
    expect(panel.locator(".trace-total")).to_have_text("Conversation so far: $0.000153")

    # gemini-3.8-flash has no cache price in the table: a request that read the cache costs "unknown"
    fake.script(reply("They beat Cleveland.", usage=(1500, 10), cached=1024))
    use_model(page, "gemini", fake.base_url("openai"), KEY, "gemini-3.8-flash")
    ask(page, "Whom did they beat?")
    expect(last_answer(page, 2).locator(".text")).to_have_text("They beat Cleveland.")
    second = trace(page).locator(".trace-turn").nth(1)
    expect(second.locator(".step-bill")).to_contain_text("1024 cached at a price not in the page's table")
    expect(second.locator(".step-bill")).to_contain_text("cost unknown")
    expect(second.locator(".trace-cost")).to_have_text(
        "Turn cost: unknown (a price it needed is not in the page's table)")
    expect(second.locator(".trace-total")).to_have_text("Conversation so far: $0.000153 plus 1 turn of unknown cost")


def test_a_retired_model_is_not_offered_and_its_replacement_is_named(returning, site_url):
    context = returning.new_context(service_workers="block")
    context.clock.set_fixed_time("2026-12-11T12:00:00Z")  # the page's today: gpt-5-mini's shutdown day
    page = context.new_page()
    try:
        page.goto(site_url)
        expect(page.locator("html")).to_have_attribute("data-agent-state", "ready", timeout=BOOT_TIMEOUT)
        show(page, "Settings")
        page.get_by_role("combobox", name="Provider").select_option("openai")
        offered = page.evaluate("() => [...document.querySelectorAll('#model-list option')].map((o) => o.value)")
        assert "gpt-6.1-terra" in offered and "gpt-5-mini" not in offered
        page.get_by_role("combobox", name="Model").fill("gpt-5-mini")
        expect(page.locator("#model-note")).to_contain_text(
            "OpenAI shut gpt-5-mini down on 2026-12-11; choose gpt-6.1-terra instead.")
    finally:
        context.close()


def test_a_refusal_is_shown_as_one(page, fake):
    fake.script(reply("I can't help with that.", stop="refusal"))
    use_model(page, "anthropic", fake.base_url("anthropic"), KEY, "claude-haiku-5-5")
    ask(page, "Something the model declines")
    turn = last_answer(page, 1)
    expect(turn.locator(".text")).to_contain_text("I can't help with that.")
    expect(turn.locator(".text")).to_contain_text("The model declined to answer this question")
    expect(turn.locator(".meta")).to_contain_text("declined by the model")
    panel = trace(page)
    expect(panel.locator(".step-title")).to_contain_text("declined (a refusal)")
    expect(panel.locator(".trace-end")).to_have_text("Declined by the model (a refusal).")
