"""The adapters on recorded provider output (tests/recorded/), and what they send back.

The recordings have the shapes real providers send, quirks included: Anthropic's
``caller`` on tool_use blocks and cache token counts, a thinking block with its
signature, OpenAI's interleaved parallel tool-call fragments and null-usage
chunks, Gemini's whole calls with empty ids, no index and thought signatures,
DeepSeek's reasoning_content. Each is assembled by the wire (pure translation,
no network), the tools' results are appended, and the next request body must
pass the strict SDK types and pairing rules (wire_check).
"""

from __future__ import annotations

import json
from pathlib import Path

from datetime import datetime, timezone

import pytest
import wire_check
import yaml

from agent_py import sse
from agent_py.providers import bill, load_table
from agent_py.wires import WIRES
from conftest import ROOT

RECORDED = Path(__file__).parent / "recorded"


def stream(wire: str, name: str) -> tuple[dict, list[str]]:
    """Feed a recorded SSE file to the wire's Stream, as model.py does; return the reply and text deltas."""
    assembler = WIRES[wire].Stream()
    deltas = []
    parser = sse.Events()
    for event, data in parser.feed((RECORDED / name).read_text()) + parser.end():
        delta = assembler.feed(event, data)
        if delta:
            deltas.append(delta)
    assert assembler.complete()
    return assembler.reply(), deltas


def next_request(wire: str, reply: dict, *, deepseek: bool = False) -> list[str]:
    """The request that would follow this reply once every call has a result: its problems."""
    messages = [{"role": "user", "content": "question"},
                {"role": "assistant", "content": reply["text"], "calls": reply["calls"], "extras": reply["extras"]},
                {"role": "tool", "results": [{"id": c["id"], "name": c["name"], "content": "{}", "error": False}
                                             for c in reply["calls"]]}]
    tools = [{"name": n, "description": "d", "parameters": {"type": "object", "properties": {}}}
             for n in ("team_season", "season", "leaders", "player")]
    _, _, body = WIRES[wire].request("m", "system", messages, tools, stream=False, api_key="k", max_tokens=512)
    return wire_check.request_problems(wire, json.dumps(body).encode(), deepseek=deepseek), body


def test_anthropic_stream_with_thinking_and_caller():
    reply, deltas = stream("anthropic", "anthropic_tool_use.sse")
    assert reply["text"] == "I'll look up that season." and deltas == ["I'll", " look up that season."]
    assert reply["calls"] == [{"id": "toolu_01T1x1fJ34qAmk2tNTrN7Up6", "name": "team_season",
                               "args": {"team": "Yankees", "season": 1998}}]
    assert reply["stop"] == "tool_calls" and reply["usage"] == {"input_tokens": 912, "output_tokens": 89, "cached_tokens": 0, "cache_write_tokens": 0}
    problems, body = next_request("anthropic", reply)
    assert problems == []
    sent = body["messages"][1]["content"]
    assert sent[0] == {"type": "thinking", "thinking": "The user asks about the 1998 Yankees.",
                       "signature": "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"}
    assert [b["type"] for b in sent] == ["thinking", "text", "tool_use"] and "caller" not in sent[2]


def test_openai_parallel_fragments_are_joined_per_index():
    reply, deltas = stream("openai", "openai_parallel_tools.sse")
    assert deltas == [] and reply["text"] == ""
    assert [(c["id"], c["name"], c["args"]) for c in reply["calls"]] == [
        ("call_pY2bL3", "season", {"season": 2016}), ("call_Qm8zK1", "leaders", {"stat": "HR", "season": 2016})]
    assert reply["usage"] == {"input_tokens": 1187, "output_tokens": 58, "cached_tokens": 0, "cache_write_tokens": 0}
    problems, body = next_request("openai", reply)
    assert problems == [] and [m["role"] for m in body["messages"]] == ["system", "user", "assistant", "tool", "tool"]


def test_gemini_whole_calls_with_empty_ids_keep_order_and_signatures():
    reply, _ = stream("openai", "gemini_compat_tools.sse")
    ids = [c["id"] for c in reply["calls"]]
    assert all(ids) and len(set(ids)) == 2 and [c["name"] for c in reply["calls"]] == ["team_season", "season"]
    problems, body = next_request("openai", reply)
    assert problems == []
    calls = body["messages"][2]["tool_calls"]
    assert calls[0]["extra_content"] == {"google": {"thought_signature": "CtwBAdHtim9t2dQkL0"}}
    assert "extra_content" not in calls[1]
    assert [m["tool_call_id"] for m in body["messages"][3:]] == ids


def test_deepseek_reasoning_content_is_required_back_and_sent():
    reply = WIRES["openai"].parse_reply(json.loads((RECORDED / "deepseek_reasoning.json").read_text()))
    assert reply["calls"][0]["args"] == {"name": "Barry Bonds", "season": 2001}
    problems, body = next_request("openai", reply, deepseek=True)
    assert problems == []
    assert body["messages"][2]["reasoning_content"].startswith("The user wants Bonds' 2001 home runs")
    dropped = {**reply, "extras": {}}
    assert next_request("openai", dropped, deepseek=True)[0] == [
        "The `reasoning_content` in the thinking mode must be passed back to the API."]


@pytest.mark.parametrize("name", ["anthropic_tool_use.sse", "openai_parallel_tools.sse", "gemini_compat_tools.sse",
                                  "openai_cached_answer.sse", "anthropic_cached_answer.sse"])
def test_recordings_are_real_sdk_shapes(name):
    wire = "anthropic" if name.startswith("anthropic") else "openai"
    for line in (RECORDED / name).read_text().splitlines():
        if line.startswith("data: {") and '"ping"' not in line:
            assert wire_check.response_problems(wire, json.loads(line[6:]), stream=True) == [], line


def test_the_deepseek_recording_is_a_real_sdk_shape():
    body = json.loads((RECORDED / "deepseek_reasoning.json").read_text())
    assert wire_check.response_problems("openai", body, stream=False) == []


# ---------------------------------------------------------------- cached input, priced
# Each wire reports the input read from the provider's prompt cache in its own fields; the cost of the
# request is worked out here by hand from the table's prices (dollars per million tokens), part by part.

TABLE = load_table(yaml.safe_load((ROOT / "data" / "providers.yaml").read_text(encoding="utf-8")))
SATURDAY_NOON = datetime(2026, 12, 5, 12, 0, tzinfo=timezone.utc)  # DeepSeek off-peak
WEDNESDAY_2AM = datetime(2026, 12, 2, 2, 0, tzinfo=timezone.utc)  # DeepSeek peak


def test_openai_cached_tokens_are_billed_at_the_cache_price():
    reply, deltas = stream("openai", "openai_cached_answer.sse")
    assert "".join(deltas) == "In 2016 the Red Sox scored 878 runs, the most in the majors."
    # usage.prompt_tokens 2406, of them prompt_tokens_details.cached_tokens 2048; completion_tokens 61
    assert reply["usage"] == {"input_tokens": 2406, "output_tokens": 61, "cached_tokens": 2048, "cache_write_tokens": 0}
    got = bill(TABLE["openai"], "gpt-6-luna", reply["usage"])
    # gpt-6-luna: $0.10 in, $0.01 cached, $0.50 out
    # 358 uncached x 0.10 = 35.80 + 2048 cached x 0.01 = 20.48 + 61 out x 0.50 = 30.50  ->  86.78 micro-dollars
    assert (got["uncached"], got["cached"], got["output"]) == (
        {"tokens": 358, "price": 0.10}, {"tokens": 2048, "price": 0.01}, {"tokens": 61, "price": 0.50})
    assert got["cost"] == pytest.approx(0.00008678)
    assert got["cost"] < 0.0002711 * 0.33  # the same request with no cache counted: 271.1 micro-dollars


@pytest.mark.parametrize("when,expected", [(SATURDAY_NOON, 0.000047706), (WEDNESDAY_2AM, 0.000095412)])
def test_deepseek_cache_hits_are_billed_at_the_cache_hit_price(when, expected):
    reply = WIRES["openai"].parse_reply(json.loads((RECORDED / "deepseek_reasoning.json").read_text()))
    # prompt_cache_hit_tokens 1152, prompt_cache_miss_tokens 51 (prompt_tokens 1203), completion_tokens 61
    assert reply["usage"] == {"input_tokens": 1203, "output_tokens": 61, "cached_tokens": 1152, "cache_write_tokens": 0}
    got = bill(TABLE["deepseek"], "deepseek-v4-flash", reply["usage"], when)
    # off-peak: 1152 x 0.003 = 3.456 + 51 x 0.15 = 7.65 + 61 x 0.60 = 36.6  ->  47.706 micro-dollars
    # peak:     1152 x 0.006 = 6.912 + 51 x 0.30 = 15.3 + 61 x 1.20 = 73.2  ->  95.412 micro-dollars
    assert got["cost"] == pytest.approx(expected)
    assert got["cached"]["tokens"] == 1152 and got["uncached"]["tokens"] == 51


def test_anthropic_cache_reads_and_writes_are_billed_apart():
    reply, deltas = stream("anthropic", "anthropic_cached_answer.sse")
    assert "".join(deltas) == "Ichiro had 262 hits in 2004, the single-season record."
    # input_tokens 40 (neither read nor written), cache_read_input_tokens 2150, cache_creation_input_tokens 310
    assert reply["usage"] == {"input_tokens": 2500, "output_tokens": 95, "cached_tokens": 2150, "cache_write_tokens": 310}
    got = bill(TABLE["anthropic"], "claude-haiku-5-5", reply["usage"])
    # claude-haiku-5-5 (prompt up to 100K): $0.10 in, $0.01 cache read, $0.125 cache write (5m), $0.50 out
    # 40 x 0.10 = 4.0 + 2150 x 0.01 = 21.5 + 310 x 0.125 = 38.75 + 95 x 0.50 = 47.5  ->  111.75 micro-dollars
    assert got["cost"] == pytest.approx(0.00011175)
    assert (got["uncached"]["tokens"], got["cached"]["tokens"], got["written"]["tokens"]) == (40, 2150, 310)


def test_a_cache_price_the_table_does_not_know_makes_the_cost_unknown():
    usage = {"input_tokens": 2406, "output_tokens": 61, "cached_tokens": 2048}
    assert TABLE["gemini"]["models"][0]["cache_read"] is None  # gemini-3.8-flash: not in the table
    got = bill(TABLE["gemini"], "gemini-3.8-flash", usage)
    assert got["cost"] is None and got["cached"] == {"tokens": 2048, "price": None}
    uncached = bill(TABLE["gemini"], "gemini-3.8-flash", {"input_tokens": 2406, "output_tokens": 61})
    assert uncached["cost"] is not None  # nothing read from the cache: every part has a price
