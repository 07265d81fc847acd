"""OpenAI-compatible Chat Completions: OpenAI, DeepSeek, Gemini (compat), Groq, OpenRouter,
Mistral, and local servers (Ollama, LM Studio, llama.cpp, vLLM).

Quirks handled here: tool messages carry no ``name`` (Groq rejects it); tool-call
ids may be empty (Gemini), so ids are made up and results keep their order;
DeepSeek's ``reasoning_content`` and Gemini's ``extra_content`` (thought
signatures) are kept and sent back on the assistant message that made the calls.
"""

from __future__ import annotations

import json

from ..errors import ProviderError
from .common import MAX_REPLY_DEPTH, add_call, obj, reads_reply, text, too_deep, usage as _usage

WIRE = "openai"
_STOPS = {"tool_calls": "tool_calls", "function_call": "tool_calls", "length": "length"}


def request(model: str, system: str, messages: list[dict], tools: list[dict], *,
            stream: bool, api_key: str, max_tokens: int | None = None) -> tuple[str, dict, dict]:
    body: dict = {"model": model, "messages": [{"role": "system", "content": system}, *to_wire(messages)]}
    if tools:
        body["tools"] = [{"type": "function", "function": {"name": t["name"], "description": t["description"],
                                                           "parameters": t["parameters"]}} for t in tools]
    if stream:
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
    return "/chat/completions", {"content-type": "application/json", **(auth_headers(api_key) if api_key else {})}, body


MODELS_PATH = "/models"  # the key's models (GET, with auth_headers alone, or none for a public list)


def auth_headers(api_key: str) -> dict:
    """What identifies the caller: on every request, and on the page's request for the key's models."""
    return {"authorization": f"Bearer {api_key}"}


def to_wire(messages: list[dict]) -> list[dict]:
    out: list[dict] = []
    for m in messages:
        if m["role"] == "user":
            out.append({"role": "user", "content": m["content"]})
        elif m["role"] == "assistant":
            extras = m.get("extras", {}).get(WIRE, {})
            msg: dict = {"role": "assistant", "content": m["content"] or (None if m["calls"] else "")}
            if m["calls"]:
                per_call = extras.get("call_extras", {})
                msg["tool_calls"] = [
                    {"id": c["id"], "type": "function",
                     "function": {"name": c["name"], "arguments": json.dumps(c["args"], ensure_ascii=False)},
                     **per_call.get(c["id"], {})}
                    for c in m["calls"]
                ]
            if extras.get("reasoning_content") is not None:
                msg["reasoning_content"] = extras["reasoning_content"]
            out.append(msg)
        elif m["role"] == "tool":
            out.extend({"role": "tool", "tool_call_id": r["id"], "content": r["content"]} for r in m["results"])
        else:
            raise ValueError(f"unknown message role {m['role']!r}")
    return out


def _calls_from(raw_calls: list[dict], truncated: bool) -> tuple[list[dict], dict]:
    calls, call_extras, seen = [], {}, set()
    for tc in raw_calls:
        fn = obj(tc.get("function"))
        call = add_call(calls, seen, tc.get("id"), text(fn.get("name")), fn.get("arguments"),
                        truncated=truncated, prefix="call")  # Gemini may send "" ids: one is made up
        if isinstance(tc.get("extra_content"), dict):  # Gemini's thought signature: goes back as it came
            call_extras[call["id"]] = {"extra_content": tc["extra_content"]}
    return calls, call_extras


def _reply(said: str, raw_calls: list[dict], finish: str | None, reasoning: str | None, use: dict) -> dict:
    stop = _STOPS.get(text(finish), "end")
    calls, call_extras = _calls_from(raw_calls, stop == "length")
    if calls and stop == "end":
        stop = "tool_calls"
    extras: dict = {}
    if reasoning is not None or call_extras:
        extras[WIRE] = {}
        if reasoning is not None:
            extras[WIRE]["reasoning_content"] = reasoning
        if call_extras:
            extras[WIRE]["call_extras"] = call_extras
    return {"text": said, "calls": calls, "usage": use, "stop": stop, "extras": extras}


@reads_reply
def parse_reply(body: dict) -> dict:
    if isinstance(body, dict) and "error" in body:
        raise ProviderError("bad_request", _error_text(body["error"]))
    try:
        choice = body["choices"][0]
        message = choice["message"]
    except (KeyError, IndexError, TypeError):
        raise ProviderError("bad_reply", "the reply has no choices[0].message") from None
    if not isinstance(message, dict):
        raise ProviderError("bad_reply", "the reply's choices[0].message is not an object")
    raw_calls = message.get("tool_calls") or []
    if not isinstance(raw_calls, list) or not all(isinstance(c, dict) for c in raw_calls):
        raise ProviderError("bad_reply", "the reply's tool_calls is not a list of objects")
    reasoning = message.get("reasoning_content")
    return _reply(text(message.get("content")), raw_calls, choice.get("finish_reason"),
                  reasoning if isinstance(reasoning, str) else None, usage(body.get("usage")))


def usage(u: dict) -> dict:
    """prompt_tokens counts all input. The cached part: OpenAI (and Gemini, Groq, OpenRouter) say it in
    prompt_tokens_details.cached_tokens, DeepSeek in prompt_cache_hit_tokens (beside _miss_tokens)."""
    u = obj(u)
    cached = obj(u.get("prompt_tokens_details")).get("cached_tokens")
    if "prompt_cache_hit_tokens" in u:
        cached = u.get("prompt_cache_hit_tokens")
        if not isinstance(u.get("prompt_tokens"), int):
            return _usage((u.get("prompt_cache_hit_tokens") or 0) + (u.get("prompt_cache_miss_tokens") or 0),
                          u.get("completion_tokens"), cached)
    return _usage(u.get("prompt_tokens"), u.get("completion_tokens"), cached)


def _error_text(err) -> str:
    said = text(err.get("message")) if isinstance(err, dict) else text(err)
    return said.strip() or "the provider reported an error without a message"


class Stream:
    """Assembles ``data:`` chunks into a reply; tool-call fragments are joined per index."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.reasoning: list[str] | None = None
        self.calls: dict[int, dict] = {}  # index -> {"id", "function": {"name", "arguments"}, ...}
        self.finish: str | None = None
        self.usage = _usage(0, 0)
        self.done = False

    @reads_reply
    def feed(self, event: str | None, data: str) -> str:
        if data.strip() == "[DONE]":
            self.done = True
            return ""
        try:
            if too_deep(data, MAX_REPLY_DEPTH):
                raise RecursionError
            chunk = json.loads(data)
        except (ValueError, RecursionError):  # RecursionError: nested past the parser's limit
            raise ProviderError("bad_reply", f"a stream chunk was not JSON: {data[:80]!r}") from None
        if not isinstance(chunk, dict):
            raise ProviderError("bad_reply", "a stream chunk was not a JSON object")
        if "error" in chunk:
            raise ProviderError("server", _error_text(chunk["error"]))
        if isinstance(chunk.get("usage"), dict):
            self.usage = usage(chunk["usage"])
        delta_text = ""
        choices = chunk.get("choices")
        for choice in choices if isinstance(choices, list) else []:
            choice = obj(choice)
            delta = obj(choice.get("delta"))
            if text(choice.get("finish_reason")):
                self.finish = choice["finish_reason"]
            if isinstance(delta.get("content"), str):
                delta_text += delta["content"]
            if isinstance(delta.get("reasoning_content"), str):
                self.reasoning = (self.reasoning or []) + [delta["reasoning_content"]]
            frags = delta.get("tool_calls")
            for frag in frags if isinstance(frags, list) else []:
                self._add_fragment(obj(frag))
        if delta_text:
            self.text.append(delta_text)
        return delta_text

    def _add_fragment(self, frag: dict) -> None:
        index = frag.get("index")
        if not isinstance(index, int):  # Gemini omits index and sends each call whole
            index = len(self.calls)
        call = self.calls.setdefault(index, {"id": "", "function": {"name": "", "arguments": ""}})
        if text(frag.get("id")):
            call["id"] = frag["id"]
        fn = obj(frag.get("function"))
        call["function"]["name"] += text(fn.get("name"))
        if isinstance(fn.get("arguments"), str):
            call["function"]["arguments"] += fn["arguments"]
        elif isinstance(fn.get("arguments"), dict):  # a few servers send the object itself
            call["function"]["arguments"] = json.dumps(fn["arguments"])
        if isinstance(frag.get("extra_content"), dict):
            call["extra_content"] = frag["extra_content"]

    def complete(self) -> bool:
        return self.done or self.finish is not None

    @reads_reply
    def reply(self) -> dict:
        reasoning = "".join(self.reasoning) if self.reasoning is not None else None
        raw_calls = [self.calls[i] for i in sorted(self.calls)]
        return _reply("".join(self.text), raw_calls, self.finish, reasoning, self.usage)
