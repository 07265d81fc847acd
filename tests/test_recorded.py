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

import pytest
import wire_check

from agent_py import sse
from agent_py.wires import WIRES

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
    assert reply["stop"] == "tool_calls" and reply["usage"] == {"input_tokens": 912, "output_tokens": 89}
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
    assert reply["usage"] == {"input_tokens": 1187, "output_tokens": 58}
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


@pytest.mark.parametrize("name", ["anthropic_tool_use.sse", "openai_parallel_tools.sse", "gemini_compat_tools.sse"])
def test_recordings_are_real_sdk_shapes(name):
    wire = "anthropic" if name.startswith("anthropic") else "openai"
    for line in (RECORDED / name).read_text().splitlines():
        if line.startswith("data: {") and '"ping"' not in line:
            assert wire_check.response_problems(wire, json.loads(line[6:]), stream=True) == [], line
