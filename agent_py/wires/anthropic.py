"""Anthropic Messages.

Quirks handled here: ``system`` is a top-level parameter, never a message;
``max_tokens`` is required; all tool results of a step travel in ONE user
message, results first; an assistant turn that carried ``thinking`` blocks is
sent back with its blocks unchanged (signatures included).
"""

from __future__ import annotations

import json

from ..errors import ProviderError
from .common import MAX_REPLY_DEPTH, add_call, obj, reads_reply, text, too_deep, usage

WIRE = "anthropic"
VERSION = "2023-06-01"
_STOPS = {"tool_use": "tool_calls", "max_tokens": "length", "refusal": "refusal"}
_PLAIN_BLOCKS = ("text", "tool_use")
# The fields each block type goes back with; a block of any other type is not sent back.
_BLOCK_FIELDS = {"text": ("text",), "tool_use": ("id", "name", "input"), "thinking": ("thinking", "signature"),
                 "redacted_thinking": ("data",)}


def request(model: str, system: str, messages: list[dict], tools: list[dict], *,
            stream: bool, api_key: str, max_tokens: int | None = None) -> tuple[str, dict, dict]:
    body: dict = {"model": model, "max_tokens": max_tokens or 1024, "system": system, "messages": to_wire(messages)}
    if tools:
        body["tools"] = [{"name": t["name"], "description": t["description"], "input_schema": t["parameters"]}
                         for t in tools]
    if stream:
        body["stream"] = True
    return "/v1/messages", {"content-type": "application/json", **auth_headers(api_key)}, body


MODELS_PATH = "/v1/models"  # the key's models (GET, with auth_headers alone)


def auth_headers(api_key: str) -> dict:
    """What identifies the caller: on every request, and on the page's request for the key's models."""
    return {"x-api-key": api_key, "anthropic-version": VERSION, "anthropic-dangerous-direct-browser-access": "true"}


def to_wire(messages: list[dict]) -> list[dict]:
    out: list[dict] = []
    for m in messages:
        if m["role"] == "user":
            _append(out, "user", [{"type": "text", "text": m["content"] or "(empty question)"}])
        elif m["role"] == "assistant":
            _append(out, "assistant", _assistant_blocks(m))
        elif m["role"] == "tool":
            blocks = []
            for r in m["results"]:
                block = {"type": "tool_result", "tool_use_id": r["id"], "content": r["content"]}
                if r.get("error"):
                    block["is_error"] = True
                blocks.append(block)
            _append(out, "user", blocks)
        else:
            raise ValueError(f"unknown message role {m['role']!r}")
    return out


def _assistant_blocks(m: dict) -> list[dict]:
    kept = m.get("extras", {}).get(WIRE, {}).get("blocks")
    if kept:  # thinking blocks must go back exactly as they came
        return kept
    blocks: list[dict] = []
    if m["content"]:
        blocks.append({"type": "text", "text": m["content"]})
    blocks += [{"type": "tool_use", "id": c["id"], "name": c["name"], "input": c["args"]} for c in m["calls"]]
    return blocks or [{"type": "text", "text": "(no answer)"}]


def _append(out: list[dict], role: str, blocks: list[dict]) -> None:
    """Add a turn; two turns of the same role in a row are merged (tool results stay first)."""
    if out and out[-1]["role"] == role:
        out[-1]["content"] = out[-1]["content"] + blocks
    else:
        out.append({"role": role, "content": blocks})


def _reply(blocks: list[dict], stop_reason: str | None, use: dict) -> dict:
    stop = _STOPS.get(text(stop_reason), "end")
    said, calls, kept, seen = [], [], [], set()
    for b in blocks:
        if b.get("type") == "text":
            said.append(text(b.get("text")))
        elif b.get("type") == "tool_use":
            call = add_call(calls, seen, b.get("id"), text(b.get("name")), b.get("input"),
                            truncated=stop == "length", prefix="toolu")
            b = {**b, "id": call["id"], "name": call["name"], "input": call["args"]}
        fields = _BLOCK_FIELDS.get(b.get("type"))
        if fields and all(isinstance(b.get(f), dict if f == "input" else str) for f in fields):
            kept.append({"type": b["type"], **{f: b[f] for f in fields}})
    if calls and stop == "end":
        stop = "tool_calls"
    if stop == "refusal":  # a refused reply's partial tool calls are not run, nor sent back
        calls = []
        kept = [b for b in kept if b["type"] != "tool_use"]
    extras = {}
    if any(b.get("type") not in _PLAIN_BLOCKS for b in blocks):
        extras[WIRE] = {"blocks": kept}
    return {"text": "".join(said), "calls": calls, "usage": use, "stop": stop, "extras": extras}


@reads_reply
def parse_reply(body: dict) -> dict:
    if isinstance(body, dict) and body.get("type") == "error":
        err = body.get("error")
        raise ProviderError("bad_request", text(obj(err).get("message")).strip() or "the provider reported an error")
    if not isinstance(body, dict) or not isinstance(body.get("content"), list):
        raise ProviderError("bad_reply", "the reply has no content list")
    blocks = [b for b in body["content"] if isinstance(b, dict)]
    return _reply(blocks, body.get("stop_reason"), _usage_of(obj(body.get("usage"))))


def _usage_of(u: dict) -> dict:
    """Anthropic's input_tokens leaves out the input read from the cache (cache_read_input_tokens) and
    written to it (cache_creation_input_tokens); the internal input_tokens counts all three."""
    read, written = u.get("cache_read_input_tokens"), u.get("cache_creation_input_tokens")
    n = [v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0
         for v in (u.get("input_tokens"), read, written)]
    return usage(sum(n), u.get("output_tokens"), n[1], n[2])


class Stream:
    """Assembles server-sent events into a reply, block by block."""

    def __init__(self) -> None:
        self.blocks: dict[int, dict] = {}
        self.partial_json: dict[int, list[str]] = {}
        self.stop_reason: str | None = None
        self.input_tokens = 0
        self.output_tokens = 0
        self.cache = {"cache_read_input_tokens": 0, "cache_creation_input_tokens": 0}
        self.done = False

    @reads_reply
    def feed(self, event: str | None, data: str) -> str:
        try:
            if too_deep(data, MAX_REPLY_DEPTH):
                raise RecursionError
            ev = json.loads(data)
        except (ValueError, RecursionError):  # RecursionError: nested past the parser's limit
            raise ProviderError("bad_reply", f"a stream event was not JSON: {data[:80]!r}") from None
        if not isinstance(ev, dict):
            raise ProviderError("bad_reply", "a stream event was not a JSON object")
        kind = ev.get("type") or event
        if kind == "error":  # can arrive mid-stream after a 200
            err = ev.get("error")
            etype = text(obj(err).get("type"))
            message = text(obj(err).get("message")).strip() or "the provider reported an error mid-stream"
            raise ProviderError("overloaded" if etype == "overloaded_error" else "server", message)
        if kind == "message_start":
            u = obj(obj(ev.get("message")).get("usage"))
            self.input_tokens = u.get("input_tokens", 0)
            self.output_tokens = u.get("output_tokens", 0)
            self._cache_counts(u)
        elif kind == "content_block_start":
            block = dict(obj(ev.get("content_block")))
            self.blocks[_index(ev, len(self.blocks))] = block
            return text(block.get("text")) if block.get("type") == "text" else ""
        elif kind == "content_block_delta":
            return self._delta(_index(ev, 0), obj(ev.get("delta")))
        elif kind == "content_block_stop":
            index = _index(ev, 0)
            if index in self.partial_json:
                self.blocks[index]["input"] = "".join(self.partial_json.pop(index))  # parsed in reply()
        elif kind == "message_delta":
            self.stop_reason = text(obj(ev.get("delta")).get("stop_reason")) or self.stop_reason
            u = obj(ev.get("usage"))
            self.output_tokens = u.get("output_tokens", self.output_tokens)
            self.input_tokens = u.get("input_tokens") or self.input_tokens
            self._cache_counts(u)
        elif kind == "message_stop":
            self.done = True
        return ""

    def _cache_counts(self, u: dict) -> None:
        for key in self.cache:
            if isinstance(u.get(key), int) and u[key]:
                self.cache[key] = u[key]

    def _delta(self, index: int, delta: dict) -> str:
        block = self.blocks.setdefault(index, {"type": "text", "text": ""})
        dtype = delta.get("type")
        if dtype == "text_delta":
            block["text"] = text(block.get("text")) + text(delta.get("text"))
            return text(delta.get("text"))
        if dtype == "input_json_delta":
            self.partial_json.setdefault(index, []).append(text(delta.get("partial_json")))
        elif dtype == "thinking_delta":
            block["thinking"] = text(block.get("thinking")) + text(delta.get("thinking"))
        elif dtype == "signature_delta":
            block["signature"] = text(block.get("signature")) + text(delta.get("signature"))
        return ""

    def complete(self) -> bool:
        return self.done

    @reads_reply
    def reply(self) -> dict:
        for index, parts in self.partial_json.items():  # blocks never stopped (cut-off stream)
            self.blocks[index]["input"] = "".join(parts)
        blocks = [self.blocks[i] for i in sorted(self.blocks)]
        for b in blocks:
            if b.get("type") == "tool_use" and isinstance(b.get("input"), str):
                b["input"] = b["input"] if b["input"].strip() else {}
        # tool_use inputs that are still strings are parsed (or reported) by _reply
        return _reply(blocks, self.stop_reason,
                      _usage_of({"input_tokens": self.input_tokens, "output_tokens": self.output_tokens, **self.cache}))


def _index(ev: dict, default: int) -> int:
    index = ev.get("index")
    return index if isinstance(index, int) and not isinstance(index, bool) else default
