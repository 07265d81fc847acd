"""The loop and both adapters, end to end against the fake provider server.

Every behaviour runs over both wires and both modes (streaming and not); the
fake checks every request it receives (strict SDK types, pairing, headers), and
each test ends by asserting it saw no invalid request.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from fake_provider import FakeProvider, error, posts, reply, tool_results
from fake_provider import provider_row as provider

from agent_py.loop import run_turn
from agent_py.model import ModelClient
from agent_py.tools import Result, Tool, ToolError

KEY = "sk-test-SECRET-0123456789"
SYSTEM = "You answer with the tools."


def _colour(colour: str) -> str:
    return f"{colour} is a fine colour"


def _boom() -> str:
    raise RuntimeError("the database is on fire")


def _refuse(team: str) -> str:
    raise ToolError(f"unknown team '{team}'; did you mean Montreal Expos (MON, 1969-2004)?", "unknown_team",
                    {"team": team})


SECRET_VALUE = "only-for-programs-7f3a"


def _champion(season: int) -> Result:
    return Result(f"{season}: Cubs beat Indians 4-3", {"winner": "Cubs", "wins": 4, "losses": 3, "hidden": SECRET_VALUE})


TOOLS = [
    Tool("add", "Returns the sum of a and b. Use it for sums.",
         {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
          "required": ["a", "b"], "additionalProperties": False},
         lambda a, b: str(a + b)),
    Tool("colour", "Returns a remark on a colour. Use it for colours.",
         {"type": "object", "properties": {"colour": {"type": "string", "enum": ["red", "green", "blue"]}},
          "required": ["colour"], "additionalProperties": False}, _colour),
    Tool("now", "Returns the time. Use it for the time.", {"type": "object", "properties": {}}, lambda: "noon"),
    Tool("boom", "Returns nothing, it fails. Never use it.", {"type": "object", "properties": {}}, _boom),
    Tool("team", "Returns a team. Use it for teams.",
         {"type": "object", "properties": {"team": {"type": "string"}}, "required": ["team"]}, _refuse),
]
CHAMPION = Tool("champion", "Returns a season's champion. Use it for champions.",
                {"type": "object", "properties": {"season": {"type": "integer", "minimum": 1903, "maximum": 2025}},
                 "required": ["season"]}, _champion)

CASES = [pytest.param(w, s, id=f"{w}-{'stream' if s else 'whole'}") for w in ("openai", "anthropic") for s in (True, False)]



def client(fake: FakeProvider, wire: str, stream: bool, **kw) -> ModelClient:
    return ModelClient(provider(wire, fake.base_url(wire)), "test-model", KEY, stream=stream, backoff=0.01, **kw)


def ask(model, history, question="What is 2 + 3?", **kw):
    return asyncio.run(run_turn(model, TOOLS, SYSTEM, history, question, **kw))


@pytest.mark.parametrize("wire,stream", CASES)
def test_parallel_calls_all_answered_then_answer(fake, wire, stream):
    fake.script(reply("Let me add.", [("add", {"a": 2, "b": 3}), ("now", {})]), reply("2 + 3 is 5, at noon."))
    history: list[dict] = []
    deltas: list[str] = []
    turn = ask(client(fake, wire, stream), history, on_text=deltas.append)
    assert turn["stopped"] == "answer"
    assert turn["answer"] == "2 + 3 is 5, at noon."
    assert [c["result"] for c in turn["steps"][0]["calls"]] == ["5", "noon"]
    assert tool_results(posts(fake)[1]) == ["5", "noon"]
    assert turn["usage"] == {"input_tokens": 100, "output_tokens": 20, "cached_tokens": 0, "cache_write_tokens": 0}
    assert "".join(deltas) == "Let me add.2 + 3 is 5, at noon."
    if stream:
        assert len(deltas) > 2  # delivered in pieces as they arrived
    assert [m["role"] for m in history] == ["user", "assistant", "tool", "assistant"]
    if wire == "anthropic":  # all results of a step in ONE user message, system top-level
        body = posts(fake)[1]["body"]
        assert body["system"] == SYSTEM and [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]


@pytest.mark.parametrize("wire,stream", CASES)
def test_malformed_and_empty_arguments(fake, wire, stream):
    fake.script(reply("", [("add", {}), ("now", {})], raw_args={0: '{"a": 2, "b": ', 1: ""}), reply("Sorry."))
    turn = ask(client(fake, wire, stream), [])
    add, now = turn["steps"][0]["calls"]
    if wire == "openai" or stream:  # a whole Anthropic reply always has an object as input
        assert add["error"] and "not valid JSON" in add["result"]
    else:
        assert add["error"] and "missing required parameter 'a'" in add["result"]
    assert now == {**now, "result": "noon", "error": False, "args": {}}
    assert turn["answer"] == "Sorry."


@pytest.mark.parametrize("wire,stream", CASES)
def test_an_unknown_tool_is_reported_before_its_unreadable_arguments(fake, wire, stream):
    """Fixing the JSON would only earn the model a second error: it hears first that the tool does not exist."""
    fake.script(reply("", [("fly", {}), ("add", {})], raw_args={0: '{"to": "the moon", ', 1: '{"a": 2, "b": '}),
                reply("Sorry."))
    turn = ask(client(fake, wire, stream), [])
    fly, add = turn["steps"][0]["calls"]
    assert fly["error"] and fly["result"] == "error: unknown tool 'fly'. Valid tools: add, boom, colour, now, team."
    if wire == "openai" or stream:  # a whole Anthropic reply always carries an object as input
        assert add["error"] and add["result"].startswith("error: your arguments for 'add' were not valid JSON")
    assert tool_results(posts(fake)[1])[0] == fly["result"]


@pytest.mark.parametrize("wire,stream", CASES)
def test_unknown_tool_raising_tool_and_schema_violations(fake, wire, stream):
    fake.script(reply("", [("fly", {}), ("boom", {}), ("colour", {"colour": "purple"}), ("add", {"a": "two", "b": 1}),
                           ("add", {"a": 1, "b": 2, "c": 3}), ("team", {"team": "Montrael"})]),
                reply("Done."))
    turn = ask(client(fake, wire, stream), [])
    results = [c["result"] for c in turn["steps"][0]["calls"]]
    assert all(c["error"] for c in turn["steps"][0]["calls"])
    assert results[0] == "error: unknown tool 'fly'. Valid tools: add, boom, colour, now, team."
    assert results[1] == "error: tool 'boom' failed: RuntimeError: the database is on fire"
    assert results[2] == "error: parameter 'colour' must be one of \"red\", \"green\", \"blue\"; got \"purple\"."
    assert results[3] == "error: parameter 'a' must be integer, got \"two\"."
    assert results[4] == "error: unknown parameter 'c'. Valid parameters: a, b."
    assert results[5] == "error: unknown team 'Montrael'; did you mean Montreal Expos (MON, 1969-2004)?"
    assert tool_results(posts(fake)[1]) == results
    if wire == "anthropic":
        blocks = posts(fake)[1]["body"]["messages"][-1]["content"]
        assert all(b["is_error"] for b in blocks)


@pytest.mark.parametrize("wire,stream", CASES)
def test_values_stay_in_the_history_and_errors_carry_a_code(fake, wire, stream):
    """A tool's values (and an error's code and values) are kept with its result for the demo and the page; the
    model gets the text only, on either wire, and the history's token estimate counts only what is sent."""
    from agent_py.loop import estimate_tokens

    fake.script(reply("", [("champion", {"season": 2016}), ("champion", {"season": 2030}), ("team", {"team": "Expoz"}),
                           ("now", {})]), reply("The Cubs."))
    history: list[dict] = []
    turn = asyncio.run(run_turn(client(fake, wire, stream), TOOLS + [CHAMPION], SYSTEM, history, "Who won in 2016?"))
    assert turn["answer"] == "The Cubs."
    won, late, team, now = history[2]["results"]
    assert won["content"] == "2016: Cubs beat Indians 4-3" and not won["error"]
    assert won["values"] == {"winner": "Cubs", "wins": 4, "losses": 3, "hidden": SECRET_VALUE}
    assert late["error"] and late["code"] == "invalid_argument"
    assert late["values"] == {"param": "season", "minimum": 1903, "maximum": 2025, "got": 2030}
    assert team["code"] == "unknown_team" and team["values"] == {"team": "Expoz"}
    assert "values" not in now and "code" not in now  # plain text: nothing beside it
    sent = json.dumps(posts(fake)[1]["body"])
    assert SECRET_VALUE not in sent and "unknown_team" not in sent and "invalid_argument" not in sent
    assert tool_results(posts(fake)[1]) == [won["content"], late["content"], team["content"], "noon"]
    bare = {**history[2], "results": [{k: v for k, v in r.items() if k not in ("values", "code")}
                                      for r in history[2]["results"]]}
    assert estimate_tokens(history[2]) == estimate_tokens(bare)


@pytest.mark.parametrize("wire,stream", CASES)
def test_step_cap_answers_every_call_and_next_question_works(fake, wire, stream):
    fake.script(*[reply("", [("now", {})]) for _ in range(3)])
    history: list[dict] = []
    turn = ask(client(fake, wire, stream), history, max_steps=3)
    assert turn["stopped"] == "step_cap" and "3 steps" in turn["answer"]
    assert len(posts(fake)) == 3
    assert all(c["result"] == "noon" for s in turn["steps"] for c in s["calls"])
    fake.script(reply("It is noon."))
    again = ask(client(fake, wire, stream), history, "And now?")
    assert again["answer"] == "It is noon."  # the fake would have refused a dangling call


@pytest.mark.parametrize("wire,stream", CASES)
def test_cancel_mid_turn_keeps_conversation_valid(fake, wire, stream):
    fake.script(reply("", [("now", {})]), {"fault": "hang"})
    history: list[dict] = []

    async def scenario():
        cancel = asyncio.Event()
        task = asyncio.ensure_future(run_turn(client(fake, wire, stream), TOOLS, SYSTEM, history, "Time?", cancel=cancel))
        while len(posts(fake)) < 2:
            await asyncio.sleep(0.01)
        cancel.set()
        return await asyncio.wait_for(task, 5)

    turn = asyncio.run(scenario())
    assert turn["stopped"] == "cancelled"
    assert history == []  # the turn is rolled back whole: no dangling call
    fake.script(reply("Hello."))
    assert ask(client(fake, wire, stream), history, "Hi")["answer"] == "Hello."


@pytest.mark.parametrize("wire,stream", CASES)
def test_rate_limit_then_success(fake, wire, stream):
    fake.script(error(429, retry_after="0"), reply("Fine."))
    waits: list[float] = []

    async def sleep(s):
        waits.append(s)

    turn = ask(client(fake, wire, stream, sleep=sleep), [])
    assert turn["answer"] == "Fine." and len(posts(fake)) == 2 and waits == [0.01]


@pytest.mark.parametrize("wire,stream", CASES)
def test_retry_after_is_honoured_but_capped(fake, wire, stream):
    fake.script(error(429, retry_after="2"), error(503, retry_after="120"), reply("Fine."))
    waits: list[float] = []

    async def sleep(s):
        waits.append(s)

    assert ask(client(fake, wire, stream, sleep=sleep), [])["answer"] == "Fine."
    assert waits == [2.0, 4.0]


@pytest.mark.parametrize("wire,stream", CASES)
def test_rejected_key_is_not_retried_and_not_echoed(fake, wire, stream):
    fake.script(error(401))
    history: list[dict] = []
    turn = ask(client(fake, wire, stream), history)
    assert turn["stopped"] == "error" and len(posts(fake)) == 1
    assert turn["answer"].startswith("FakeAI rejected the API key (401)")
    assert KEY not in turn["answer"] and history == []


@pytest.mark.parametrize("wire,stream", CASES)
def test_overloaded_until_retries_run_out(fake, wire, stream):
    fake.script(error(529), error(529), error(529))
    turn = ask(client(fake, wire, stream), [])
    assert turn["stopped"] == "error" and len(posts(fake)) == 3
    assert turn["answer"].startswith("FakeAI is overloaded right now (529)")


@pytest.mark.parametrize("wire,stream", CASES)
def test_connection_cut_midway(fake, wire, stream):
    fake.script({**reply("The Yankees won 114 games that year.", [("now", {})]), "fault": "cut", "after": 4}
                if stream else {"fault": "drop"})
    history: list[dict] = []
    turn = ask(client(fake, wire, stream), history)
    assert turn["stopped"] == "error" and history == []
    assert "Ask again" in turn["answer"]


@pytest.mark.parametrize("wire,stream", CASES)
def test_reply_cut_by_token_limit_is_reported(fake, wire, stream):
    fake.script(reply("The answer is fi", stop="length"))
    turn = ask(client(fake, wire, stream), [])
    assert turn["stopped"] == "answer" and turn["truncated"]
    assert turn["answer"].endswith("(The answer was cut off by the model's output limit.)")


@pytest.mark.parametrize("stream", [True, False])
def test_gemini_empty_ids_get_ids_and_signatures_go_back(fake, stream):
    fake.script(reply("", [("add", {"a": 1, "b": 1}), ("now", {})], gemini=True), reply("2 at noon."))
    turn = ask(client(fake, "openai", stream), [])
    ids = [c["id"] for c in posts(fake)[1]["body"]["messages"][2]["tool_calls"]]
    assert all(ids) and len(set(ids)) == 2
    sent = posts(fake)[1]["body"]["messages"]
    assert [c["extra_content"]["google"]["thought_signature"] for c in sent[2]["tool_calls"]] == ["sig-add-0", "sig-now-1"]
    assert [m["tool_call_id"] for m in sent[3:5]] == ids and tool_results(posts(fake)[1]) == ["2", "noon"]
    assert turn["answer"] == "2 at noon."


@pytest.mark.parametrize("stream", [True, False])
def test_deepseek_reasoning_content_goes_back(stream):
    fake = FakeProvider(deepseek=True)
    try:
        fake.script(reply("", [("now", {})], reasoning="The user wants the time."), reply("Noon."))
        turn = ask(client(fake, "openai", stream), [])
        assert turn["answer"] == "Noon."
        assert posts(fake)[1]["body"]["messages"][2]["reasoning_content"] == "The user wants the time."
        assert fake.problems == []
    finally:
        fake.close()


@pytest.mark.parametrize("stream", [True, False])
def test_anthropic_thinking_blocks_go_back_unchanged(fake, stream):
    fake.script(reply("", [("now", {})], thinking="They want the time."), reply("Noon."))
    ask(client(fake, "anthropic", stream), [])
    sent = posts(fake)[1]["body"]["messages"][1]["content"]
    assert sent[0]["type"] == "thinking" and sent[0]["thinking"] == "They want the time."
    assert sent[0]["signature"].startswith("EqQBCgIYAhIM") and sent[1]["type"] == "tool_use"


@pytest.mark.parametrize("wire,stream", CASES)
def test_only_the_needed_headers_are_sent(fake, wire, stream):
    fake.script(reply("Hi."))
    ask(client(fake, wire, stream), [])
    headers = posts(fake)[0]["headers"]
    if wire == "anthropic":
        assert headers["x-api-key"] == KEY and headers["anthropic-version"] == "2023-06-01"
        assert headers["anthropic-dangerous-direct-browser-access"] == "true" and "authorization" not in headers
    else:
        assert headers["authorization"] == f"Bearer {KEY}" and "x-api-key" not in headers


@pytest.mark.parametrize("wire,stream", CASES)
def test_cost_from_the_table(fake, wire, stream):
    fake.script(reply("Hi.", usage=(1_000_000, 500_000)))
    model = client(fake, wire, stream)
    turn = ask(model, [])
    assert model.cost(turn["usage"]) == pytest.approx(2.0)  # 1M in at $1 + 0.5M out at $2


def _exchange(n: int, calls: int) -> list[dict]:
    ids = [f"c{n}_{i}" for i in range(calls)]
    out = [{"role": "user", "content": f"question {n} " + "x" * (n % 7) * 40}]
    if calls:
        out.append({"role": "assistant", "content": "", "extras": {},
                    "calls": [{"id": i, "name": "now", "args": {}} for i in ids]})
        out.append({"role": "tool", "results": [{"id": i, "name": "now", "content": "noon", "error": False} for i in ids]})
    out.append({"role": "assistant", "content": f"answer {n}", "calls": [], "extras": {}})
    return out


@pytest.mark.parametrize("budget", [0, 50, 200, 1000, 10_000])
def test_trimming_keeps_whole_exchanges_within_budget(budget):
    from agent_py.loop import estimate_tokens, trim_history

    history = [m for n in range(40) for m in _exchange(n, n % 3)]
    kept = trim_history(history, budget)
    assert kept == history[len(history) - len(kept):]  # a suffix: the most recent
    assert not kept or kept[0]["role"] == "user"
    assert sum(estimate_tokens(m) for m in kept) <= budget
    answered = {r["id"] for m in kept if m["role"] == "tool" for r in m["results"]}
    assert {c["id"] for m in kept if m["role"] == "assistant" for c in m["calls"]} == answered
    if budget == 10_000:
        assert kept == history


@pytest.mark.parametrize("wire,stream", CASES)
def test_a_long_conversation_is_sent_trimmed_and_valid(fake, wire, stream):
    history: list[dict] = []
    model = client(fake, wire, stream)
    for n in range(12):
        fake.script(reply("", [("now", {})]), reply(f"Answer {n}: " + "words " * 60))
        turn = asyncio.run(run_turn(model, TOOLS, SYSTEM, history, f"Question {n}?", history_budget=400))
        assert turn["stopped"] == "answer"
    assert len(history) == 12 * 4  # the conversation keeps everything
    sizes = [len(r["raw"]) for r in posts(fake)]
    assert max(sizes[-6:]) < 2 * max(sizes[:6])  # requests stop growing once the budget is reached
