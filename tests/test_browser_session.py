"""agent_py.browser.Session in CPython: the same glue the page's worker drives, JSON in and out."""

from __future__ import annotations

import asyncio
import json

import pytest
from fake_provider import FakeProvider, reply

import build
from agent_py import data
from agent_py.browser import DEMO_LABEL, Session


@pytest.fixture(scope="module")
def config_json(site_dir) -> str:
    site, providers = build.load_settings()
    previous = data.root()
    data.configure(str(site_dir / "data"))
    yield json.dumps({"site": site, "providers": providers})
    data.configure(previous)


@pytest.fixture
def fake():
    server = FakeProvider()
    yield server
    server.close()


def settings(**kw) -> str:
    return json.dumps({"provider": "anthropic", "model": "", "base_url": "", "api_key": "", **kw})


def run(session: Session, question: str, settings_json: str):
    deltas: list[str] = []
    events: list[dict] = []
    turn = asyncio.run(session.ask(question, settings_json, deltas.append, lambda e: events.append(json.loads(e))))
    return json.loads(turn), deltas, events


def test_without_a_key_the_demo_model_answers_from_the_real_tools(config_json):
    session = Session(config_json)
    assert session.mode(settings()) == DEMO_LABEL
    turn, deltas, events = run(session, "Who won the World Series in 2016?", settings())
    assert "Chicago Cubs" in turn["answer"]
    assert turn["mode"] == DEMO_LABEL and turn["cost_usd"] is None and turn["stopped"] == "answer"
    calls = [e for e in events if e["type"] == "call"]
    assert calls[0]["name"] == "season" and calls[0]["args"] == {"season": 2016}
    assert "Chicago Cubs" in calls[0]["result"]
    assert [e["type"] for e in events][-1] == "end"
    assert "".join(deltas).strip() == turn["answer"]
    assert [m["role"] for m in session.conversation.history] == ["user", "assistant", "tool", "assistant"]
    session.reset()
    assert session.conversation.history == []


def test_a_local_provider_needs_no_key_and_is_not_demo(config_json):
    session = Session(config_json)
    ollama = settings(provider="ollama", model="qwen3:8b")
    assert not session.conversation.uses_demo(json.loads(ollama))
    assert session.mode(ollama) == "Ollama (local): qwen3:8b"
    assert session.conversation.uses_demo(json.loads(settings(provider="no-such-provider")))


def test_the_sites_timeout_and_retry_backoff_reach_the_model_client(config_json):
    config = json.loads(config_json)
    assert config["site"]["retry_backoff"] == 0.5  # from site.yaml
    config["site"].update(request_timeout=7, retry_backoff=0.05)
    model = Session(json.dumps(config)).conversation.build_model(json.loads(settings(api_key="sk-x")))
    assert (model.timeout, model.backoff) == (7.0, 0.05)
    assert model._wait(1, None) == 0.1  # doubled for the second retry


def test_with_a_key_the_provider_streams_and_the_turn_has_a_cost(config_json, fake):
    fake.script(reply(calls=[("season", {"season": 2016})]), reply("The Cubs won it.", usage=(400, 12)))
    session = Session(config_json)
    chosen = settings(provider="openai", model="gpt-6.1-terra", base_url=fake.base_url("openai"), api_key="sk-x")
    turn, deltas, events = run(session, "Who won in 2016?", chosen)
    assert turn["answer"] == "The Cubs won it." and "".join(deltas) == "The Cubs won it."
    assert "gpt-6.1-terra" in turn["mode"] and turn["mode"] != DEMO_LABEL
    assert turn["cost_usd"] == pytest.approx((50 * 1.0 + 10 * 5.0 + 400 * 1.0 + 12 * 5.0) / 1e6)  # gpt-6.1-terra: $1 / $5
    assert [step["bill"]["cost"] for step in turn["steps"]] == pytest.approx([100e-6, 460e-6])  # each step priced
    assert turn["steps"][1]["bill"]["uncached"] == {"tokens": 400, "price": 1.0}
    assert all(r["stream"] for r in fake.requests if r["method"] == "POST")
    assert not fake.problems


def test_stop_cancels_the_turn_and_leaves_the_conversation_as_it_was(config_json, fake):
    fake.script({"fault": "hang"})
    session = Session(config_json)
    assert session.stop() is False  # nothing in flight
    chosen = settings(provider="openai", model="gpt-6.1-terra", base_url=fake.base_url("openai"), api_key="sk-x")

    async def ask_then_stop():
        task = asyncio.ensure_future(session.ask("Who won in 2016?", chosen))
        while not fake.requests:
            await asyncio.sleep(0.02)
        assert session.stop() is True
        return json.loads(await asyncio.wait_for(task, 10))

    turn = asyncio.run(ask_then_stop())
    assert turn["stopped"] == "cancelled" and turn["answer"] == "Stopped."
    assert session.conversation.history == []


def started(session: Session, question: str) -> tuple:
    """session.start as the worker calls it: (turn JSON or None, error message or None), and the deltas."""
    done: list[tuple] = []
    deltas: list[str] = []

    async def until_done():
        session.start(question, settings(), deltas.append, lambda event: None, lambda *result: done.append(result))
        while not done:
            await asyncio.sleep(0.01)

    asyncio.run(until_done())
    return done[0], deltas


def test_start_answers_through_callbacks_as_the_worker_uses_it(config_json):
    session = Session(config_json)
    (turn, error), deltas = started(session, "Who won the World Series in 2016?")
    assert error is None and "Cubs" in json.loads(turn)["answer"] and "".join(deltas).strip()
    # a bug inside the turn: the worker is told, in the error's words, and never waits forever
    session.conversation.tools = None
    (turn, error), _ = started(session, "Who won in 2016?")
    assert turn is None and "NoneType" in error
