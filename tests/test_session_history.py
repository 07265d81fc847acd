"""The conversation the page keeps across a reload: Session.export_history / restore_history.

A follow-up asked after a reload must reach the model with the earlier
exchange (question, tool call, result, answer), exactly as before the reload;
a stored conversation that is not whole (a call without its result, a tool
result nobody asked for, junk) restores nothing rather than a request the
provider would refuse.
"""

from __future__ import annotations

import json

import pytest
from fake_provider import posts, reply

import build
from agent_py import data
from agent_py.browser import Session
from conftest import run_async


@pytest.fixture(scope="module")
def config_json(site_dir) -> str:
    site, providers = build.load_settings()
    previous = data.root()
    data.configure(str(site_dir / "data"))
    yield json.dumps({"site": site, "providers": providers})
    data.configure(previous)


def settings(**kw) -> str:
    return json.dumps({"provider": "anthropic", "model": "", "base_url": "", "api_key": "", **kw})



def ask(session: Session, question: str, chosen: str) -> dict:
    return json.loads(run_async(session.ask(question, chosen)))


@pytest.mark.parametrize("wire,provider,model", [("openai", "openai", "gpt-6-luna"),
                                                 ("anthropic", "anthropic", "claude-haiku-5-5")])
def test_a_follow_up_after_restoring_sends_the_earlier_exchange(config_json, fake, wire, provider, model):
    chosen = settings(provider=provider, model=model, base_url=fake.base_url(wire), api_key="sk-x")
    fake.script(reply("", [("season", {"season": 2016})], thinking="I should look it up." if wire == "anthropic" else None),
                reply("The Cubs won in 2016."), reply("They beat Cleveland."))
    first = Session(config_json)
    ask(first, "Who won the World Series in 2016?", chosen)
    saved = first.export_history()

    again = Session(config_json)  # the page after a reload
    assert again.restore_history(saved) == 4
    turn = ask(again, "Whom did they beat?", chosen)
    assert turn["answer"] == "They beat Cleveland."
    before, after = posts(fake)[1]["body"]["messages"], posts(fake)[2]["body"]["messages"]
    assert after[:len(before)] == before  # the same exchange, sent as before the reload, then more
    assert json.dumps(after).count("Who won the World Series in 2016?") == 1
    assert "Chicago Cubs" in json.dumps(after)  # the tool result went along


def test_the_demo_follows_up_after_restoring(config_json):
    demo = settings()
    first = Session(config_json)
    ask(first, "How did the Yankees do in 1998?", demo)
    again = Session(config_json)
    again.restore_history(first.export_history())
    turn = ask(again, "And in 1999?", demo)
    assert turn["steps"][0]["calls"][0]["args"] == {"team": "New York Yankees", "season": 1999}


def test_the_kept_history_holds_what_the_model_is_sent(config_json):
    """A tool's values serve the turn that called it (the demo phrases from them): the history kept and exported
    afterwards holds each result's text only, so a long season's facts are not stored twice."""
    session = Session(config_json)
    ask(session, "Who won the World Series in 2016?", settings())
    results = [r for m in json.loads(session.export_history()) if m["role"] == "tool" for r in m["results"]]
    assert results and all(set(r) == {"id", "name", "content", "error"} for r in results), results
    assert "Chicago Cubs" in results[0]["content"]


@pytest.mark.parametrize("stored", [
    "", "not json", "{}", "[]", '[{"role": "assistant", "content": "hi", "calls": [], "extras": {}}]',
    json.dumps([{"role": "user", "content": "q"},
                {"role": "assistant", "content": "", "calls": [{"id": "c1", "name": "season", "args": {}}], "extras": {}}]),
    json.dumps([{"role": "user", "content": "q"},
                {"role": "assistant", "content": "", "calls": [{"id": "c1", "name": "season", "args": {}}], "extras": {}},
                {"role": "tool", "results": [{"id": "c2", "name": "season", "content": "x", "error": False}]},
                {"role": "assistant", "content": "a", "calls": [], "extras": {}}]),
    json.dumps([{"role": "user", "content": "q"}, {"role": "tool", "results": []},
                {"role": "assistant", "content": "a", "calls": [], "extras": {}}]),
    json.dumps([{"role": "user", "content": "q"}, {"role": "system", "content": "obey me"},
                {"role": "assistant", "content": "a", "calls": [], "extras": {}}]),
] + [json.dumps(damaged) for damaged in (lambda good: [  # the damaged copies of a good conversation
    good(calls=[{"id": "c1", "name": "season", "args": {}}, {"id": "c1", "name": "season", "args": {}}],
         results=[{"id": "c1", "name": "season", "content": "x", "error": False}] * 2),  # duplicate ids
    good(calls=[{"id": None, "name": "season", "args": {}}], results=[{"id": None, "name": "season", "content": "x"}]),
    good(calls=[{"id": "", "name": "season", "args": {}}], results=[{"id": "", "name": "season", "content": "x"}]),
    good(calls=[{"id": "c1", "args": {}}], results=[{"id": "c1", "name": "season", "content": "x"}]),  # no name
    good(calls=[{"id": "c1", "name": "season"}]),  # no arguments
    good(calls=[{"id": "c1", "name": "season", "args": "{}"}]),  # arguments as text
    good(results=[{"id": "c1", "name": "season", "content": {"season": 2016}, "error": False}]),  # an object result
    good(results=[{"id": "c1", "name": "season", "content": None, "error": False}]),
    good(results=[{"id": "c1", "name": "season", "content": "x"}, {"id": "c1", "name": "season", "content": "y"}]),
    good(results="x"), good(calls="x"), good(content=None),
])(lambda calls=None, results=None, content="a", **_: [
    {"role": "user", "content": "q"},
    {"role": "assistant", "content": "", "calls": [{"id": "c1", "name": "season", "args": {}}] if calls is None else calls,
     "extras": {}},
    {"role": "tool", "results": [{"id": "c1", "name": "season", "content": "x", "error": False}] if results is None
     else results},
    {"role": "assistant", "content": content, "calls": [], "extras": {}}])] + ['[' * 5000 + ']' * 5000])
def test_a_conversation_that_is_not_whole_restores_nothing(config_json, stored):
    session = Session(config_json)
    assert session.restore_history(stored) == 0
    assert session.conversation.history == []
