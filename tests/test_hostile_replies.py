"""Replies built to break the parser: tool-call arguments nested thousands deep, integers of
thousands of digits, NaN and infinities, lone surrogates, invalid UTF-8, huge text, wrong types.

Whatever a model sends, on either wire, streaming or not: each call's arguments become a tool
result the model reads ("error: your arguments ..."), or the turn ends with one clear line from
the provider's side. Nothing raises out of the loop, nothing unsendable reaches the next request,
and the CLI says one line and exits 0 or 2, never a traceback. (The page runs the same loop in
its worker: tests/test_page_faults.py asks through it.)
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import wire_check
from conftest_data import baseball_data  # noqa: F401  (a fixture)
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from junk_server import JunkServer

from agent_py.errors import ProviderError
from agent_py.loop import run_turn
from agent_py.model import ModelClient
from agent_py.tools import Tool, run_call
from agent_py.wires import WIRES
from agent_py.wires.common import MAX_ARGS_CHARS, MAX_ARGS_DEPTH, parse_args

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "60"))
QUIET = dict(deadline=None, suppress_health_check=list(HealthCheck), database=None)

# ---------------------------------------------------------------- hostile argument text (JSON text, or not)


def _deep(n: int, kind: str, closed: bool) -> str:
    opened = "[" * n if kind == "array" else '{"a":' * n
    inner = opened + ("1" if kind == "object" else "")
    return '{"x": ' + inner + (("]" * n if kind == "array" else "}" * n) + "}" if closed else "")


DEEP = st.builds(_deep, st.one_of(st.integers(MAX_ARGS_DEPTH, 3 * MAX_ARGS_DEPTH), st.integers(900, 20_000)),
                 st.sampled_from(["array", "object"]), st.booleans())
LONG_INT = st.integers(4_301, 20_000).map(lambda n: '{"a": ' + "9" * n + ', "b": 1}')
ODD_NUMBER = st.sampled_from(['{"a": NaN, "b": 1}', '{"a": Infinity, "b": 1}', '{"a": -Infinity, "b": 1}',
                              '{"a": 1e999, "b": 1}', '{"a": -1e400, "b": 1}', '{"a": 1' + "0" * 400 + '.5, "b": 1}',
                              '{"a": 1.5, "b": 2}', '{"a": true, "b": false}'])
BAD_TEXT = st.sampled_from(['{"a": "\\ud800", "b": 1}', '{"\\udfff": 1}', '{"a": "\\ud83d"}', '{"a": "\\u0000", "b": 1}',
                            '{"a": "\\udc80\\udcff"}'])
HUGE = st.integers(MAX_ARGS_CHARS - 10, 4 * MAX_ARGS_CHARS).map(lambda n: '{"a": "' + "x" * n + '"}')
WRONG_TYPE = st.sampled_from(["[1, 2]", '"add"', "123", "true", "null", "[]", "[[[[]]]]", '{"a": 2, "b": 3}'])
HOSTILE = st.one_of(DEEP, LONG_INT, ODD_NUMBER, BAD_TEXT, HUGE, WRONG_TYPE)


def test_parse_args_reads_the_issues_replies_as_notes():
    """The two replies of the issue: 5,000 deep, and a 5,000-digit integer: notes for the model, not exceptions."""
    for raw, says in [("[" * 5000 + "]" * 5000, "nested more than 32"), ('{"a":' * 5000 + "1" + "}" * 5000, "nested more than 32"),
                      ('{"season": ' + "1" * 5000 + "}", "integer too long"), ('{"a": NaN}', "NaN"),
                      ('{"a": "\\ud800"}', "not valid Unicode"), ('{"a": 1e999}', "NaN or infinity"),
                      ('{"a":' * (MAX_ARGS_DEPTH + 1) + "1" + "}" * (MAX_ARGS_DEPTH + 1), f"more than {MAX_ARGS_DEPTH} levels"),
                      ('{"a": "' + "x" * MAX_ARGS_CHARS + '"}', "characters long")]:
        args, note = parse_args(raw, "season")
        assert args == {} and note and says in note and "'season'" in note, (raw[:40], note)
    assert parse_args('{"a":' * 5000, "season", truncated=True)[1].endswith("call it again with shorter arguments.")
    assert parse_args('{"a": [1, {"b": "é"}]}', "season") == ({"a": [1, {"b": "é"}]}, None)


# ---------------------------------------------------------------- the wires, whole and streamed


def whole_body(wire: str, raw: str, text: str = "") -> bytes:
    """A whole reply with one call whose arguments are ``raw`` (JSON text on the Anthropic wire: spliced in)."""
    if wire == "openai":
        return json.dumps({"choices": [{"message": {"role": "assistant", "content": text or None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "add", "arguments": raw}}]},
            "finish_reason": "tool_calls"}], "usage": {"prompt_tokens": 5, "completion_tokens": 5}}).encode()
    head = json.dumps({"type": "message", "role": "assistant",
                       "content": [{"type": "text", "text": text}] if text else [],
                       "stop_reason": "tool_use", "usage": {"input_tokens": 5, "output_tokens": 5}})
    block = '{"type": "tool_use", "id": "toolu_1", "name": "add", "input": ' + raw + "}"
    at = head.index('"content": [') + len('"content": [')
    return (head[:at] + (block + ", " if text else block) + head[at:]).encode()


def stream_frames(wire: str, raw: str, pieces: int = 3) -> list[str]:
    size = max(1, -(-len(raw) // pieces))
    frags = [raw[i:i + size] for i in range(0, len(raw), size)] or [""]
    if wire == "openai":
        head = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "add", "arguments": ""}}
        return ([json.dumps({"choices": [{"index": 0, "delta": {"tool_calls": [head]}}]})]
                + [json.dumps({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": f}}]}}]})
                   for f in frags]
                + [json.dumps({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}), "[DONE]"])
    return ([json.dumps({"type": "message_start", "message": {"usage": {"input_tokens": 5, "output_tokens": 1}}}),
             json.dumps({"type": "content_block_start", "index": 0,
                         "content_block": {"type": "tool_use", "id": "toolu_1", "name": "add", "input": {}}})]
            + [json.dumps({"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": f}})
               for f in frags]
            + [json.dumps({"type": "content_block_stop", "index": 0}),
               json.dumps({"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 9}}),
               json.dumps({"type": "message_stop"})])


def sse(wire: str, frames: list[str]) -> bytes:
    named = "event: message\n" if wire == "anthropic" else ""
    return "".join(f"{named}data: {f}\n\n" for f in frames).encode()


ADD = Tool("add", "Returns a + b. Use it for sums.",
           {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
            "required": ["a", "b"]}, lambda a, b: str(a + b))


def check_next_request(wire: str, reply: dict) -> None:
    """The call gets a result; the next request is one the API accepts and the page can encode."""
    assert [c["name"] for c in reply["calls"]] == ["add"]
    call = reply["calls"][0]
    result, is_error = run_call({"add": ADD}, call["name"], call["args"], call.get("note"))
    assert isinstance(result, str) and result
    if call.get("note"):
        assert is_error and result.startswith("error: your arguments for 'add'")
    messages = [{"role": "user", "content": "q"},
                {"role": "assistant", "content": reply["text"], "calls": reply["calls"], "extras": reply["extras"]},
                {"role": "tool", "results": [{"id": call["id"], "name": "add", "content": result, "error": is_error}]}]
    _, _, body = WIRES[wire].request("m", "sys", messages, [ADD.schema()], stream=False, api_key="k", max_tokens=50)
    payload = json.dumps(body, ensure_ascii=False).encode("utf-8")  # as ModelClient sends it: no lone surrogate
    assert wire_check.request_problems(wire, payload) == []


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
def test_hostile_arguments_become_results_on_both_wires(wire):
    @settings(max_examples=EXAMPLES, **QUIET)
    @given(raw=HOSTILE, pieces=st.integers(1, 5))
    @example(raw="[" * 5000 + "]" * 5000, pieces=3)
    @example(raw='{"a": ' + "1" * 5000 + "}", pieces=3)
    def check(raw, pieces):
        try:  # whole: the body is parsed as model.py does (a body too deep to parse is a provider error there)
            body = json.loads(whole_body(wire, raw))
        except (ValueError, RecursionError):
            body = None
        if body is not None:
            check_next_request(wire, WIRES[wire].parse_reply(body))
        stream = WIRES[wire].Stream()
        for frame in stream_frames(wire, raw, pieces):
            assert stream.feed(None, frame) == ""
        check_next_request(wire, stream.reply())

    check()


# ---------------------------------------------------------------- over HTTP, through the whole turn


class RawServer(JunkServer):
    """The junk server, scripted with a call whose raw arguments are spliced into the reply."""

    def base_url(self, wire: str) -> str:
        return self.url + ("/v1" if wire == "openai" else "")

    def script(self, wire: str, stream: bool, raw: str | bytes, answer: str = "Done.") -> None:
        """A call to add with ``raw`` arguments (bytes: spliced into the HTTP body as they are), then an answer."""
        spliced = not stream and wire == "anthropic"  # the arguments are JSON in the body, not a JSON string
        if isinstance(raw, bytes):
            marker = "RAWARGS"
            first = sse(wire, stream_frames(wire, marker, 1)) if stream else whole_body(wire, '"RAWARGS"' if spliced else marker)
            first = first.replace(b'"RAWARGS"' if spliced else b"RAWARGS", raw if spliced else raw.replace(b'"', b'\\"'))
        else:
            first = sse(wire, stream_frames(wire, raw)) if stream else whole_body(wire, raw)
        ctype = "text/event-stream" if stream else "application/json"
        done = ({"openai": json.dumps({"choices": [{"message": {"role": "assistant", "content": answer},
                                                                "finish_reason": "stop"}]}),
                 "anthropic": json.dumps({"type": "message", "content": [{"type": "text", "text": answer}],
                                          "stop_reason": "end_turn"})}[wire]).encode()
        if stream:
            done = sse(wire, [json.dumps({"choices": [{"index": 0, "delta": {"content": answer}, "finish_reason": "stop"}]}), "[DONE]"]
                       if wire == "openai" else
                       [json.dumps({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
                        json.dumps({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": answer}}),
                        json.dumps({"type": "message_delta", "delta": {"stop_reason": "end_turn"}}),
                        json.dumps({"type": "message_stop"})])
        self.queue[:] = [(ctype, first), (ctype, done)]
        self.bodies.clear()


@pytest.fixture(scope="module")
def raw_server():
    server = RawServer()
    yield server
    server.close()


def _results(wire: str, body: dict) -> list[str]:
    if wire == "openai":
        return [m["content"] for m in body["messages"] if m["role"] == "tool"]
    return [b["content"] for m in body["messages"] if m["role"] == "user" and isinstance(m["content"], list)
            for b in m["content"] if b.get("type") == "tool_result"]


BAD_BYTES = st.sampled_from([b'{"a": "\xff\xfe", "b": 1}', b'{"a": 2, "b": 3}\xc3', b'{"\xed\xa0\x80": 1}'])


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
def test_a_turn_over_hostile_arguments_answers_or_says_one_line(raw_server, wire, stream):
    """The model reads its mistake as a tool result and answers; only a whole reply too deep to parse at all
    (the Anthropic wire carries arguments as JSON, not as text) ends the turn, with one line."""
    outcomes: dict[str, int] = {}

    @settings(max_examples=max(10, EXAMPLES // 3), **QUIET)
    @given(raw=st.one_of(HOSTILE, BAD_BYTES))
    @example(raw="[" * 5000 + "]" * 5000)
    @example(raw='{"a": ' + "1" * 5000 + ', "b": 1}')
    def check(raw):
        raw_server.script(wire, stream, raw)
        provider = {"id": "raw", "label": "RawAI", "wire": wire, "key_env": "RAW_KEY", "key_optional": False,
                    "base_url": raw_server.base_url(wire), "models": [{"id": "m"}], "hint": ""}
        model = ModelClient(provider, "m", "sk-raw-SECRET", stream=stream, timeout=10, backoff=0.01)
        history: list[dict] = []
        turn = asyncio.run(run_turn(model, [ADD], "sys", history, "q", max_steps=3))
        outcomes[turn["stopped"]] = outcomes.get(turn["stopped"], 0) + 1
        if turn["stopped"] == "error":
            assert not stream and wire == "anthropic", turn["answer"]
            assert turn["answer"].startswith("RawAI ") and "\n" not in turn["answer"] and history == []
            return
        assert turn["stopped"] == "answer" and turn["answer"] == "Done.", turn
        [result] = _results(wire, raw_server.bodies[1])
        call = turn["steps"][0]["calls"][0]
        assert result == call["result"] and result.startswith("error: ") == call["error"]  # what the model reads
        if raw == '{"a": 2, "b": 3}':
            assert result == "5"
        elif isinstance(raw, str) and raw.startswith(("[[[", '{"x"')):
            assert result.startswith("error: your arguments for 'add'"), result

    check()
    assert outcomes.get("answer"), outcomes


# ---------------------------------------------------------------- the CLI: one line, exit 0 or 2


@pytest.mark.parametrize("wire,provider", [("openai", "openai"), ("anthropic", "anthropic")])
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
@pytest.mark.parametrize("raw", ["[" * 5000 + "]" * 5000, '{"season": ' + "1" * 5000 + "}"], ids=["deep", "digits"])
def test_the_cli_over_the_issues_replies(raw_server, baseball_data, wire, provider, stream, raw):
    raw_server.script(wire, stream, raw.replace('"a"', '"season"'))
    for n, (ctype, body) in enumerate(raw_server.queue):  # the CLI's tools: the call is to "season"
        raw_server.queue[n] = (ctype, body.replace(b'"add"', b'"season"'))
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.update(AGENT_API_KEY="sk-cli-SECRET", AGENT_DATA_DIR=str(baseball_data))
    done = subprocess.run([sys.executable, "-m", "agent_py", "ask", "Who won?", "--provider", provider,
                           "--base-url", raw_server.base_url(wire), "--json", *([] if stream else ["--no-stream"])],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert "Traceback" not in done.stderr
    if done.returncode == 2:  # only a whole Anthropic reply too deep to parse
        assert wire == "anthropic" and not stream
        assert ("nested too deeply" if raw.startswith("[") else "number too long") in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error: Anthropic")
        return
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["answer"] == "Done." and out["calls"][0]["error"]
    assert out["calls"][0]["result"].startswith("error: your arguments for 'season'")
