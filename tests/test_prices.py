"""The provider table's prices and request rules (data/providers.yaml), as the page and the CLI apply them.

A turn's cost is the sum of its requests, each at the price that applied when
it was made: DeepSeek's peak and off-peak hours, a long-prompt price (Claude
Haiku 5.5 above 100K input tokens, GPT-6 Luna above 272K), a dated
introductory price. A model's request rule (GPT-6 on Chat Completions calls
functions only with reasoning_effort "none") goes into every request body, and
the fake provider checks those bodies against the official SDK types.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
import yaml
from fake_provider import FakeProvider, posts, reply

from agent_py.errors import ConfigError
from agent_py.loop import run_turn
from agent_py.model import ModelClient
from agent_py.providers import cost, load_table, price
from conftest import ROOT, run_async

TABLE = load_table(yaml.safe_load((ROOT / "data" / "providers.yaml").read_text(encoding="utf-8")))


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


@pytest.mark.parametrize("when,expected", [
    ("2026-12-02 00:59", "off-peak"),  # a Wednesday
    ("2026-12-02 01:00", "peak"),
    ("2026-12-02 03:59", "peak"),
    ("2026-12-02 04:00", "off-peak"),
    ("2026-12-02 06:30", "peak"),
    ("2026-12-04 09:59", "peak"),  # Friday
    ("2026-12-04 10:00", "off-peak"),
    ("2026-12-05 02:00", "off-peak"),  # Saturday: off-peak all day
    ("2026-12-06 07:00", "off-peak"),  # Sunday
])
def test_deepseek_bills_by_the_hour(when, expected):
    rate = price(TABLE["deepseek"], "deepseek-flash", 2_000, utc(when))
    assert rate["price"] == expected
    assert (rate["input"], rate["output"]) == ((0.30, 1.20) if expected == "peak" else (0.15, 0.60))
    usage = {"input_tokens": 1_000_000, "output_tokens": 1_000_000}
    assert cost(TABLE["deepseek"], "deepseek-flash", usage, utc(when)) == pytest.approx(1.50 if expected == "peak" else 0.75)


@pytest.mark.parametrize("provider,model,limit,short,long", [
    ("anthropic", "claude-haiku-5-5", 100_000, (0.10, 0.50), (0.50, 2.50)),
    ("openai", "gpt-6-luna", 272_000, (0.10, 0.50), (0.20, 0.75)),
])
def test_a_long_prompt_has_its_own_price(provider, model, limit, short, long):
    at = price(TABLE[provider], model, limit)
    over = price(TABLE[provider], model, limit + 1)
    assert (at["input"], at["output"], at["price"]) == (*short, "standard")
    assert (over["input"], over["output"]) == long and over["price"].startswith("long prompt (over ")


def test_a_dated_price_ends_on_its_day():
    before = price(TABLE["gemini"], "gemini-3.8-flash", 10, utc("2026-12-31 23:59"))
    after = price(TABLE["gemini"], "gemini-3.8-flash", 10, utc("2027-01-01 00:00"))
    assert (before["input"], before["output"]) == (0.75, 3.75) and before["price"] == "introductory (until 2026-12-31)"
    assert (after["input"], after["output"], after["price"]) == (1.50, 7.50, "standard")


def test_unknown_models_have_no_price():
    assert price(TABLE["openai"], "gpt-unknown") is None
    assert cost(TABLE["openai"], "gpt-unknown", {"input_tokens": 5, "output_tokens": 5}) is None


def test_every_row_is_current_and_priced():
    assert TABLE["deepseek"]["models"][0]["id"] == "deepseek-flash"
    assert TABLE["anthropic"]["models"][0]["id"] == "claude-haiku-5-5"
    assert TABLE["openai"]["models"][0]["id"] == "gpt-6-luna"
    for provider in TABLE.values():
        for model in provider["models"]:
            assert price(provider, model["id"]) is not None


def test_the_table_refuses_prices_it_cannot_apply():
    base = {"wire": "openai", "base_url": "https://example.test/v1"}
    with pytest.raises(ConfigError, match="needs peak_hours"):
        load_table({"x": {**base, "models": [{"id": "m", "tiers": [{"off_peak": True, "input": 1}]}]}})
    with pytest.raises(ConfigError, match="a tier needs one of"):
        load_table({"x": {**base, "models": [{"id": "m", "tiers": [{"input": 1}]}]}})
    with pytest.raises(ConfigError, match="peak_hours is"):
        load_table({"x": {**base, "peak_hours": {"days": ["mon"], "utc": ["1am"]}, "models": [{"id": "m"}]}})


# ---------------------------------------------------------------- over the wire, against the fake provider

@pytest.fixture
def fake():
    server = FakeProvider()
    yield server
    server.close()
    assert server.problems == [], "the fake provider saw invalid requests"


def _row(fake: FakeProvider, **model) -> dict:
    raw = {"label": "FakeAI", "wire": "openai", "base_url": fake.base_url("openai"),
           "models": [{"id": "test-model", "input": 1.0, "output": 2.0, **model}]}
    return load_table({"fake": raw})["fake"]


def _turn(model: ModelClient) -> dict:
    from agent_py.tools import Tool

    tools = [Tool("now", "Returns the time. Use it for the time.", {"type": "object", "properties": {}}, lambda: "noon")]
    return run_async(run_turn(model, tools, "Be brief.", [], "What time is it?"))


def test_a_turn_prices_each_request_by_its_own_prompt(fake):
    fake.script(reply("", [("now", {})], usage=(90, 10)), reply("Noon.", usage=(150, 5)))
    row = _row(fake, tiers=[{"price": "prompts over 100 tokens", "prompt_over": 100, "input": 10.0, "output": 20.0}])
    model = ModelClient(row, "test-model", "sk-x")
    turn = _turn(model)
    assert turn["usage"] == {"input_tokens": 240, "output_tokens": 15, "cached_tokens": 0, "cache_write_tokens": 0}
    assert model.spent() == pytest.approx((90 * 1.0 + 10 * 2.0 + 150 * 10.0 + 5 * 20.0) / 1e6)
    assert model.prices() == ["standard", "prompts over 100 tokens"]
    assert model.spent(since=1) == pytest.approx((150 * 10.0 + 5 * 20.0) / 1e6)  # one turn of a longer chat
    assert model.prices(since=1) == ["prompts over 100 tokens"]


def test_a_models_request_rule_goes_into_every_request(fake):
    fake.script(reply("", [("now", {})]), reply("Noon."))
    row = _row(fake, request={"reasoning_effort": "none"})
    _turn(ModelClient(row, "test-model", "sk-x"))
    bodies = [r["body"] for r in posts(fake)]
    assert len(bodies) == 2 and all(b["reasoning_effort"] == "none" and b["tools"] for b in bodies)


def test_gpt_6_luna_is_sent_with_reasoning_off_and_valid_bodies(fake):
    fake.script(reply("Noon."))
    openai = {**TABLE["openai"], "base_url": fake.base_url("openai")}
    _turn(ModelClient(openai, "gpt-6-luna", "sk-x"))
    assert posts(fake)[0]["body"]["reasoning_effort"] == "none"
