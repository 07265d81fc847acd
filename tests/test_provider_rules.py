"""What the provider table promises beyond prices, over the wire against the fake provider.

- A model retires on a day (``retires``): from that day it is not offered, a request for it is
  not sent, and the visitor is told which model replaces it. A row whose day has passed fails
  here, so a stale table is caught by CI and not by a visitor.
- Claude Haiku 5.5 and Sonnet 5.5 reject temperature/top_p/top_k (``refuses``): never sent.
- Anthropic's ``stop_reason: "refusal"`` reaches the visitor as a refusal, and the declined
  exchange is not sent again.
- Thinking blocks are valid only unchanged and for the account that made them (the fake checks
  the signatures it issued): trimming history keeps or drops them whole, and after a change of
  key or provider the earlier exchanges go as question and answer only.
"""

from __future__ import annotations

import argparse
import copy
import json

import pytest
import yaml
from fake_provider import FakeProvider, posts, reply
from fake_provider import provider_row as fake_row

import build
from agent_py import cli, data
from agent_py.browser import Session
from agent_py.errors import ConfigError
from agent_py.loop import REFUSAL, run_turn
from agent_py.model import ModelClient
from agent_py.providers import for_page, load_table, offered, retired, retirement, today
from agent_py.tools import Tool
from conftest import ROOT, run_async

RAW = yaml.safe_load((ROOT / "data" / "providers.yaml").read_text(encoding="utf-8"))
TABLE = load_table(RAW)
NOW = [Tool("now", "Returns the time. Use it for the time.", {"type": "object", "properties": {}}, lambda: "noon")]


# ---------------------------------------------------------------- retirement

def test_no_row_is_past_its_retirement_day():
    """Fails on the day a model shuts down: remove its row (the replacement it names is the way on)."""
    past = [f"{p['id']}/{m['id']} retired on {m['retires']}: remove it, {m['replacement']} replaces it"
            for p in TABLE.values() for m in p["models"] if retired(m)]
    assert past == [], f"today is {today()}"


def test_every_replacement_is_offered_by_the_same_provider():
    for provider in TABLE.values():
        for model in provider["models"]:
            if model["retires"]:
                assert model["replacement"] in [m["id"] for m in offered(provider, model["retires"])]


def test_a_retired_model_is_not_offered_and_its_replacement_is_named():
    openai = TABLE["openai"]
    assert "gpt-5-mini" in [m["id"] for m in offered(openai, "2026-12-10")]
    assert "gpt-5-mini" not in [m["id"] for m in offered(openai, "2026-12-11")]
    assert retirement(openai, "gpt-5-mini", "2026-12-10") is None
    assert retirement(openai, "gpt-5-mini", "2026-12-11") == \
        "OpenAI shut gpt-5-mini down on 2026-12-11; choose gpt-6.1-terra instead."


def test_the_page_gets_the_rules_from_here_not_a_copy_of_its_own():
    """What the page's config carries (build.py: page_config): the offers it picks from by its visitor's
    clock, the hosts a hint is for, and each wire's auth headers, as the Python side applies them."""
    site, _ = build.load_settings()
    page = for_page(TABLE, site)
    before, after = page["offers"]["openai"]
    assert before["from"] == "" and after["from"] == "2026-12-11"
    assert "gpt-5-mini" in before["models"] and "gpt-5-mini" not in after["models"]
    assert after["retired"] == {"gpt-5-mini": retirement(TABLE["openai"], "gpt-5-mini", "2026-12-11")}
    assert page["offers"]["anthropic"][0]["default"] == site["default_model"]
    assert page["hint_hosts"]["openai"] == ["api.openai.com"] and "::1" in page["hint_hosts"]["ollama"]
    assert page["local_hosts"] == page["hint_hosts"]["ollama"]
    assert page["wires"]["openai"] == {"auth": {"authorization": "Bearer {key}"}, "models_path": "/models"}
    assert page["wires"]["anthropic"]["auth"]["x-api-key"] == "{key}"


def test_a_row_that_retires_must_name_its_replacement():
    row = {"wire": "openai", "base_url": "https://example.test/v1", "models": [{"id": "m", "retires": "2027-01-01"}]}
    with pytest.raises(ConfigError, match="names its replacement"):
        load_table({"x": row})
    with pytest.raises(ConfigError, match="YYYY-MM-DD"):
        load_table({"x": {**row, "models": [{"id": "m", "retires": "soon", "replacement": "n"}]}})


def _with_retired(raw: dict) -> dict:
    """The real table with gpt-6-luna retired yesterday (a past day: 2026-01-01)."""
    raw = copy.deepcopy(raw)
    raw["openai"]["models"][0].update(retires="2026-01-01", replacement="gpt-6.1-terra")
    return raw


def test_the_cli_refuses_a_retired_model_and_names_the_replacement(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    args = argparse.Namespace(demo=False, provider="openai", model="gpt-6-luna", base_url=None, no_stream=False,
                              timeout=None)
    with pytest.raises(ConfigError, match=r"shut gpt-6-luna down on 2026-01-01; choose gpt-6.1-terra instead"):
        cli.model_settings(args, {}, load_table(_with_retired(RAW)))
    args.model = None  # the default is the first model still offered
    assert cli.model_settings(args, {}, load_table(_with_retired(RAW)))["model"] == "gpt-6.1-terra"


@pytest.fixture(scope="module")
def config(site_dir) -> dict:
    site, providers = build.load_settings()
    previous = data.root()
    data.configure(str(site_dir / "data"))
    yield {"site": site, "providers": providers}
    data.configure(previous)


def settings(**kw) -> str:
    return json.dumps({"provider": "anthropic", "model": "", "base_url": "", "api_key": "sk-x", **kw})


def ask(session: Session, question: str, chosen: str) -> dict:
    return json.loads(run_async(session.ask(question, chosen)))


def test_the_page_sends_nothing_for_a_retired_model(config, fake):
    session = Session(json.dumps({**config, "providers": _with_retired(config["providers"])}))
    turn = ask(session, "Who hit the most home runs in 2001?",
               settings(provider="openai", model="gpt-6-luna", base_url=fake.base_url("openai")))
    assert turn["stopped"] == "error" and "choose gpt-6.1-terra instead" in turn["answer"]
    assert posts(fake) == [] and session.conversation.history == []


# ---------------------------------------------------------------- sampling parameters

@pytest.mark.parametrize("stream", [True, False])
def test_a_model_that_refuses_sampling_parameters_is_sent_none(fake, stream):
    row = {**TABLE["anthropic"], "base_url": fake.base_url("anthropic")}
    haiku = next(m for m in row["models"] if m["id"] == "claude-haiku-5-5")
    assert set(haiku["refuses"]) == {"temperature", "top_p", "top_k"}
    # even when a row asks for them (a site default), the model's refusal wins
    row["models"] = [{**haiku, "request": {"temperature": 0.2, "top_p": 0.9, "top_k": 40}}]
    fake.script(reply("", [("now", {})], thinking="They want the time."), reply("Noon."))
    run_async(run_turn(ModelClient(row, "claude-haiku-5-5", "sk-x", stream=stream), NOW, "Be brief.", [], "Time?"))
    bodies = [r["body"] for r in posts(fake)]
    assert len(bodies) == 2
    assert all(not {"temperature", "top_p", "top_k"} & set(body) for body in bodies)
    assert bodies[1]["messages"][-1]["role"] == "user"  # no assistant prefill either


# ---------------------------------------------------------------- refusal

@pytest.mark.parametrize("stream", [True, False])
def test_a_refusal_is_said_as_one_and_not_sent_again(fake, stream):
    fake.script(reply("I can't help with that.", stop="refusal"), reply("Ichiro, 262 in 2004."))
    model = ModelClient(fake_row("anthropic", fake.base_url("anthropic")), "test-model", "sk-x", stream=stream)
    history: list[dict] = []
    turn = run_async(run_turn(model, NOW, "Be brief.", history, "Something the model declines"))
    assert turn["stopped"] == "refusal"
    assert turn["answer"] == "I can't help with that.\n\n" + REFUSAL and "declined" in turn["answer"]
    assert history == []  # the declined exchange is not kept
    run_async(run_turn(model, NOW, "Be brief.", history, "Who has the most hits in a season?"))
    assert "declines" not in json.dumps(posts(fake)[1]["body"]["messages"])


def test_a_refused_reply_runs_no_tool(fake):
    fake.script(reply("", [("now", {})], stop="refusal"))
    model = ModelClient(fake_row("anthropic", fake.base_url("anthropic")), "test-model", "sk-x")
    turn = run_async(run_turn(model, NOW, "Be brief.", [], "Time?"))
    assert turn["stopped"] == "refusal" and turn["steps"][0]["calls"] == [] and len(posts(fake)) == 1


# ---------------------------------------------------------------- thinking blocks

def test_trimmed_history_keeps_thinking_blocks_whole(fake):
    model = ModelClient(fake_row("anthropic", fake.base_url("anthropic")), "test-model", "sk-x")
    history: list[dict] = []
    for n in range(4):
        fake.script(reply("", [("now", {})], thinking=f"Exchange {n}: look up the time. " + "x" * 400),
                    reply(f"Noon ({n})."))
        run_async(run_turn(model, NOW, "Be brief.", history, f"Question {n}: what time is it?", history_budget=700))
    last = posts(fake)[-1]["body"]["messages"]
    questions = [m["content"][0]["text"] for m in last if m["role"] == "user" and m["content"][0]["type"] == "text"]
    assert questions[0] != "Question 0: what time is it?" and questions[-1] == "Question 3: what time is it?"
    for m in last:  # every assistant turn that called a tool carries its own thinking block, first and whole
        if m["role"] == "assistant" and any(b["type"] == "tool_use" for b in m["content"]):
            assert m["content"][0]["type"] == "thinking"
            assert fake.signatures[m["content"][0]["signature"]] == m["content"][0]["thinking"]
    # (the fake answers a changed or foreign thinking block with a 400 and records it: see the fixture)


def _two_accounts(config):
    first, second = FakeProvider(), FakeProvider()
    return first, second, Session(json.dumps(config))


def test_a_key_change_sends_earlier_exchanges_as_question_and_answer(config):
    first, second, session = _two_accounts(config)
    try:
        first.script(reply("", [("season", {"season": 2016})], thinking="I should look it up."),
                     reply("The Cubs won in 2016."))
        ask(session, "Who won the World Series in 2016?",
            settings(model="claude-haiku-5-5", base_url=first.base_url("anthropic"), api_key="sk-first"))
        second.script(reply("They beat Cleveland."))
        turn = ask(session, "Whom did they beat?",
                   settings(model="claude-haiku-5-5", base_url=second.base_url("anthropic"), api_key="sk-second"))
        assert turn["answer"] == "They beat Cleveland."
        sent = posts(second)[0]["body"]["messages"]
        assert [(m["role"], [b["type"] for b in m["content"]]) for m in sent] == [
            ("user", ["text"]), ("assistant", ["text"]), ("user", ["text"])]
        assert sent[1]["content"][0]["text"] == "The Cubs won in 2016."
        assert first.problems == [] and second.problems == []
    finally:
        first.close()
        second.close()


def test_the_same_key_keeps_the_whole_exchange(config, fake):
    session = Session(json.dumps(config))
    chosen = settings(model="claude-haiku-5-5", base_url=fake.base_url("anthropic"), api_key="sk-same")
    fake.script(reply("", [("season", {"season": 2016})], thinking="I should look it up."),
                reply("The Cubs won in 2016."), reply("They beat Cleveland."))
    ask(session, "Who won the World Series in 2016?", chosen)
    ask(session, "Whom did they beat?", chosen)
    sent = posts(fake)[2]["body"]["messages"]
    assert [b["type"] for b in sent[1]["content"]] == ["thinking", "tool_use"]


def test_a_provider_change_to_deepseek_is_valid(config):
    """DeepSeek wants its reasoning_content back with every tool call: another provider's calls cannot be."""
    first, deepseek = FakeProvider(), FakeProvider(deepseek=True)
    session = Session(json.dumps(config))
    try:
        first.script(reply("", [("season", {"season": 2016})], thinking="I should look it up."),
                     reply("The Cubs won in 2016."))
        ask(session, "Who won the World Series in 2016?",
            settings(model="claude-haiku-5-5", base_url=first.base_url("anthropic")))
        deepseek.script(reply("They beat Cleveland.", reasoning="The earlier answer says Cubs."))
        turn = ask(session, "Whom did they beat?",
                   settings(provider="deepseek", model="deepseek-flash", base_url=deepseek.base_url("openai")))
        assert turn["answer"] == "They beat Cleveland." and deepseek.problems == []
    finally:
        first.close()
        deepseek.close()
